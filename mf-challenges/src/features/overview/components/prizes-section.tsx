import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import type { ChallengeDto, PrizesDto } from '@erd/shared-contracts';
import { Card, Container, Headline, Section, Subheadline } from '@erd/shared-contracts/ui';
import { ChallengeBadge } from '../../../components/challenge-badge';
import { CroppedImage } from '../../../components/cropped-image';
import { imageUrl } from '../../../lib/media';
import { cardListStyle } from '../../../components/card-list';

/** Spec §9: up to 4 prize images are shown. */
export const MAX_PRIZE_IMAGES = 4;

function PrizeCard({ prizes, number, challengeHeadline }: { prizes: PrizesDto; number: number; challengeHeadline: string }) {
  const titleId = useId();
  const images = (prizes.images ?? []).filter((image) => imageUrl(image)).slice(0, MAX_PRIZE_IMAGES);
  return (
    <Card
      aria-labelledby={titleId}
      css={css`
        height: 100%;
      `}
    >
      {images.length > 0 && (
        <div
          css={(theme: Theme) => css`
            display: grid;
            grid-template-columns: repeat(${images.length > 1 ? 2 : 1}, minmax(0, 1fr));
            gap: 2px;
            background: ${theme.colors.background};
          `}
        >
          {images.map((image, i) => (
            <CroppedImage
              key={`${imageUrl(image)}-${i}`}
              src={imageUrl(image)}
              alt={image.fields.title || (images.length > 1 ? `${prizes.headline}, Bild ${i + 1}` : prizes.headline)}
              width={1024}
              height={768}
              loading="lazy"
              decoding="async"
              ratio="4 / 3"
            />
          ))}
        </div>
      )}
      <div
        css={(theme: Theme) => css`
          padding: ${theme.space(5)};
          ${theme.mq.md} {
            padding: ${theme.space(7)};
          }
        `}
      >
        <div
          css={(theme: Theme) => css`
            display: flex;
            align-items: center;
            gap: ${theme.space(3)};
            margin-bottom: ${theme.space(3)};
            font-weight: 700;
          `}
        >
          <ChallengeBadge number={number} />
          <span>{challengeHeadline}</span>
        </div>
        <Headline as="h3" level="md" id={titleId}>
          {prizes.headline}
        </Headline>
        {prizes.subheadline && <Subheadline>{prizes.subheadline}</Subheadline>}
        {prizes.text && (
          <p
            css={css`
              margin: 0;
            `}
          >
            {prizes.text}
          </p>
        )}
      </div>
    </Card>
  );
}

/** Spec §2: the prizes of every challenge (headline, subheadline, text, up to 4 images). */
export function PrizesSection({ challenges }: { challenges: ChallengeDto[] }) {
  const withPrizes = challenges
    .map((challenge, index) => ({ challenge, number: index + 1 }))
    .filter(({ challenge }) => challenge.fields.prizes?.headline);
  if (withPrizes.length === 0) return null;
  return (
    <Section tone="light" aria-labelledby="prizes-title">
      <Container>
        <Headline id="prizes-title">Die Preise</Headline>
        <p
          css={(theme: Theme) => css`
            max-width: 40rem;
            margin: 0 0 ${theme.space(8)};
          `}
        >
          Bei jeder Challenge wartet ein eigener Hauptpreis auf den Sieger. Teilnahme und Preise ab 18 Jahren.
        </p>
        <ul
          css={(theme: Theme) => [
            cardListStyle,
            css`
              gap: ${theme.space(6)};
              ${theme.mq.md} {
                grid-template-columns: repeat(2, minmax(0, 1fr));
              }
            `,
          ]}
        >
          {withPrizes.map(({ challenge, number }) => (
            <li key={challenge.sys.id}>
              <PrizeCard prizes={challenge.fields.prizes!} number={number} challengeHeadline={challenge.fields.headline} />
            </li>
          ))}
        </ul>
      </Container>
    </Section>
  );
}
