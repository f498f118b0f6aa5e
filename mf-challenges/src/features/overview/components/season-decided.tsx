import { css, type Theme } from '@emotion/react';
import { nextSeasonText, paths, type NextSeasonDto } from '@erd/shared-contracts';
import { ButtonLink, Headline } from '@erd/shared-contracts/ui';

/**
 * Issue 26, between two seasons: every challenge has ended and its results are published
 * (`isSeasonDecided`). Above the list, /challenge leads to the final standings and, when the next
 * season is scheduled, says when it starts (the home page says the same).
 */
export function SeasonDecided({ year, nextSeason }: { year: number; nextSeason: NextSeasonDto | null | undefined }) {
  return (
    <section
      aria-labelledby="season-decided-title"
      data-testid="season-decided"
      css={(theme: Theme) => css`
        margin-bottom: ${theme.space(8)};
        padding: ${theme.space(6)} ${theme.space(5)};
        border-radius: ${theme.radius};
        background: ${theme.colors.primaryDark};
        color: ${theme.colors.white};
        ${theme.mq.md} {
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: ${theme.space(8)};
          padding: ${theme.space(8)} ${theme.space(10)};
        }
      `}
    >
      <div>
        <Headline
          as="h2"
          level="lg"
          id="season-decided-title"
          css={(theme: Theme) => css`
            color: ${theme.colors.white};
          `}
        >
          Saison {year} entschieden
        </Headline>
        <p
          css={css`
            margin: 0;
            font-size: 1.125rem;
          `}
        >
          Alle Challenges sind gespielt und alle Ergebnisse veröffentlicht.
        </p>
        {nextSeason && (
          <p
            data-testid="next-season"
            css={(theme: Theme) => css`
              margin: ${theme.space(3)} 0 0;
              font-size: 1.125rem;
              font-weight: 700;
              color: ${theme.colors.primary};
            `}
          >
            {nextSeasonText(nextSeason)}
          </p>
        )}
      </div>
      <ButtonLink
        to={paths.standings}
        css={(theme: Theme) => css`
          margin-top: ${theme.space(5)};
          flex-shrink: 0;
          ${theme.mq.md} {
            margin-top: 0;
          }
        `}
      >
        Zur Abschlusstabelle
      </ButtonLink>
    </section>
  );
}
