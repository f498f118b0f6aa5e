import { css, type Theme } from '@emotion/react';
import type { TeaserDto } from '@erd/shared-contracts';
import { Container, Headline, RichText, Section, Subheadline } from '@erd/shared-contracts/ui';
import { ContentImage } from '../../../components/content-image';

/** Spec §9: at most 4 prize images are shown. */
export const MAX_PRIZE_IMAGES = 4;

export const prose = (theme: Theme) => css`
  font-size: 1.0625rem;
  overflow-wrap: anywhere;
  p,
  ul,
  ol {
    margin: 0 0 ${theme.space(4)};
  }
  li + li {
    margin-top: ${theme.space(2)};
  }
  ul,
  ol {
    padding-left: ${theme.space(6)};
  }
  > :last-child {
    margin-bottom: 0;
  }
`;

const twoColumns = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space(8)};
  align-items: center;
  ${theme.mq.md} {
    grid-template-columns: 1fr 1fr;
    gap: ${theme.space(16)};
  }
`;

const mediaImage = (theme: Theme) => css`
  display: block;
  width: 100%;
  height: auto;
  border-radius: ${theme.radius};
`;

/** First teaser: headline, subheadline, rich text, one image. */
export function IntroTeaser({ teaser }: { teaser: TeaserDto }) {
  return (
    <Section tone="light" aria-labelledby="teaser-intro-title">
      <Container css={twoColumns}>
        <div>
          <Headline id="teaser-intro-title">{teaser.headline}</Headline>
          {teaser.subheadline && <Subheadline>{teaser.subheadline}</Subheadline>}
          <div css={prose}>
            <RichText document={teaser.text} headingOffset={2} />
          </div>
        </div>
        <ContentImage image={teaser.images?.[0]} alt={teaser.headline} css={mediaImage} />
      </Container>
    </Section>
  );
}

/** Second teaser: headline, rich text, up to two images, description. */
export function HowTeaser({ teaser }: { teaser: TeaserDto }) {
  const images = (teaser.images ?? []).slice(0, 2);
  return (
    <Section aria-labelledby="teaser-how-title">
      <Container css={twoColumns}>
        <div
          css={(theme: Theme) => css`
            display: grid;
            grid-template-columns: repeat(${images.length > 1 ? 2 : 1}, 1fr);
            gap: ${theme.space(4)};
            ${theme.mq.md} {
              order: -1;
            }
          `}
        >
          {images.map((image, i) => (
            <ContentImage
              key={`${image.fields.file.url}-${i}`}
              image={image}
              alt={images.length > 1 ? `${teaser.headline} – Bild ${i + 1}` : teaser.headline}
              css={mediaImage}
            />
          ))}
        </div>
        <div>
          <Headline id="teaser-how-title">{teaser.headline}</Headline>
          <div css={prose}>
            <RichText document={teaser.text} headingOffset={2} />
          </div>
          {teaser.description && (
            <p
              css={(theme: Theme) => css`
                margin: ${theme.space(6)} 0 0;
                padding-left: ${theme.space(4)};
                border-left: 4px solid ${theme.colors.primary};
                font-weight: 700;
              `}
            >
              {teaser.description}
            </p>
          )}
        </div>
      </Container>
    </Section>
  );
}

/** The prize teaser's anchor: the hero's prize line leads there when the season names no lead prize. */
export const PRIZES_ANCHOR = 'preise';

/** Prize teaser: headline, subheadline, text and at most four prize images. */
export function PrizeTeaser({ teaser }: { teaser: TeaserDto }) {
  const images = (teaser.images ?? []).slice(0, MAX_PRIZE_IMAGES);
  return (
    <Section
      tone="dark"
      id={PRIZES_ANCHOR}
      aria-labelledby="teaser-prizes-title"
      css={css`
        scroll-margin-top: 64px;
        @media (min-width: 900px) {
          scroll-margin-top: 80px;
        }
      `}
    >
      <Container>
        <div
          css={css`
            max-width: 48rem;
          `}
        >
          <Headline id="teaser-prizes-title">{teaser.headline}</Headline>
          {teaser.subheadline && <Subheadline>{teaser.subheadline}</Subheadline>}
          <div css={prose}>
            <RichText document={teaser.text} headingOffset={2} />
          </div>
        </div>
        {images.length > 0 && (
          <ul
            aria-label="Preise"
            css={(theme: Theme) => css`
              list-style: none;
              margin: ${theme.space(10)} 0 0;
              padding: 0;
              display: grid;
              grid-template-columns: repeat(2, minmax(0, 1fr));
              gap: ${theme.space(4)};
              ${theme.mq.md} {
                grid-template-columns: repeat(4, minmax(0, 1fr));
                gap: ${theme.space(6)};
              }
            `}
          >
            {images.map((image, i) => (
              <li
                key={`${image.fields.file.url}-${i}`}
                css={(theme: Theme) => css`
                  background: rgba(255, 255, 255, 0.06);
                  border-radius: ${theme.radius};
                  padding: ${theme.space(3)};
                `}
              >
                <ContentImage image={image} alt={`${teaser.headline} – Preis ${i + 1}`} css={mediaImage} />
              </li>
            ))}
          </ul>
        )}
      </Container>
    </Section>
  );
}
