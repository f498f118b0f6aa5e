import { css, type Theme } from '@emotion/react';
import { Link, paths, type TeamFilter } from '@erd/shared-contracts';
import type { SeasonLink } from '../api/get-standings';
import { withTeam } from '../hooks/use-team-filter';

/**
 * 'Saison 2026 · Saison 2025 …' (issue 26): the public seasons as links, newest first; the shown
 * one is marked (`aria-current`). Links, not a select: each season's table has its own address.
 */
export function SeasonSwitch({ seasons, shown, team }: { seasons: SeasonLink[]; shown: number; team: TeamFilter }) {
  return (
    <nav aria-label="Saison">
      <ul
        css={(theme: Theme) => css`
          display: flex;
          flex-wrap: wrap;
          gap: ${theme.space(2)};
          list-style: none;
          margin: 0 0 ${theme.space(5)};
          padding: 0;
        `}
      >
        {seasons.map((season) => (
          <li key={season.year}>
            <Link
              to={withTeam(season.current ? paths.standings : paths.seasonStandings(season.year), team)}
              aria-current={season.year === shown ? 'page' : undefined}
              css={(theme: Theme) => css`
                display: inline-flex;
                align-items: center;
                min-height: 44px;
                padding: ${theme.space(2)} ${theme.space(4)};
                border: 2px solid rgba(255, 255, 255, 0.6);
                border-radius: 999px;
                color: ${theme.colors.white};
                font-weight: 700;
                text-decoration: none;
                &:hover {
                  border-color: ${theme.colors.white};
                }
                &[aria-current='page'] {
                  border-color: ${theme.colors.primary};
                  background: ${theme.colors.primary};
                  color: ${theme.colors.primaryDark};
                }
                &:focus-visible {
                  outline: 3px solid ${theme.colors.white};
                  outline-offset: 2px;
                }
              `}
            >
              Saison {season.year}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
