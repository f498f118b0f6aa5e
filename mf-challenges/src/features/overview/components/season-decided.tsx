import { css, type Theme } from '@emotion/react';
import { nextSeasonText, paths, type NextSeasonDto } from '@erd/shared-contracts';
import { ButtonLink } from '@erd/shared-contracts/ui';
import { noticeAction, OverviewNotice } from './overview-notice';

/**
 * Issue 26, between two seasons: every challenge has ended and its results are published
 * (`isSeasonDecided`). Above the list, /challenge leads to the final standings and, when the next
 * season is scheduled, says when it starts (the home page says the same).
 */
export function SeasonDecided({ year, nextSeason }: { year: number; nextSeason: NextSeasonDto | null | undefined }) {
  return (
    <OverviewNotice
      id="season-decided-title"
      tone="dark"
      testId="season-decided"
      title={`Saison ${year} entschieden`}
      action={
        <ButtonLink to={paths.standings} css={noticeAction}>
          Zur Abschlusstabelle
        </ButtonLink>
      }
    >
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
    </OverviewNotice>
  );
}
