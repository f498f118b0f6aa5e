import { css, type Theme } from '@emotion/react';
import { Link, paths } from '@erd/shared-contracts';
import { Container, Headline, Icon, Section } from '@erd/shared-contracts/ui';
import { ChallengeBadge } from './challenge-badge';

/**
 * The dark head of a vote challenge's own pages (browsing its entries, one entry): 'Alle
 * Challenges' back to the overview, the #n badge with an optional label, the headline (`titleId`
 * names the section) and the teaser title.
 */
export function ChallengeHero({
  titleId,
  number,
  headline,
  teasertitle,
  label,
}: {
  titleId: string;
  number: number;
  headline: string;
  teasertitle?: string;
  label?: string;
}) {
  return (
    <Section
      tone="dark"
      aria-labelledby={titleId}
      css={(theme: Theme) => css`
        padding: ${theme.space(8)} 0 ${theme.space(10)};
      `}
    >
      <Container>
        <Link
          to={paths.challenges}
          css={(theme: Theme) => css`
            display: inline-flex;
            align-items: center;
            gap: ${theme.space(1.5)};
            min-height: 44px;
            margin-bottom: ${theme.space(4)};
            font-weight: 700;
            text-decoration: none;
            &:hover {
              text-decoration: underline;
            }
          `}
        >
          <Icon
            name="arrow-outline"
            size="xs"
            color="primary"
            css={css`
              transform: rotate(180deg);
            `}
          />
          Alle Challenges
        </Link>
        <div
          css={(theme: Theme) => css`
            display: flex;
            align-items: center;
            gap: ${theme.space(4)};
            margin-bottom: ${theme.space(3)};
          `}
        >
          <ChallengeBadge number={number} />
          {label && (
            <span
              css={css`
                font-weight: 700;
                text-transform: uppercase;
                letter-spacing: 0.06em;
              `}
            >
              {label}
            </span>
          )}
        </div>
        <Headline as="h1" level="lg" id={titleId}>
          {headline}
        </Headline>
        {teasertitle && (
          <p
            css={css`
              margin: 0;
              font-size: 1.125rem;
            `}
          >
            {teasertitle}
          </p>
        )}
      </Container>
    </Section>
  );
}
