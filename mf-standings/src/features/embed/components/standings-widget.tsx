import { css, Global, type Theme } from '@emotion/react';
import { useId } from 'react';
import { paths } from '@erd/shared-contracts';
import { ClubLogo } from '../../../components/club-logo';
import { TeamTag } from '../../../components/team-tag';
import { formatPlace, formatPoints } from '../../../lib/format';
import { EMPTY_STANDINGS_TEXT, EMPTY_STANDINGS_TITLE, OVERALL_TITLE, TO_OVERALL } from '../../../lib/texts';
import { useLiveTopStandings } from '../hooks/use-live-top-standings';

export interface StandingsWidgetProps {
  /** Our server's origin: config.json and every data URL resolve against it. */
  baseUrl: string;
  /** Issue 26: the season (year number) the widget is pinned to; null/absent: the current season. */
  season?: number | null;
  limit: number;
  /** Seconds between checks for a new version of the overall table; 0 = never. */
  refreshSeconds: number;
}

/**
 * Styles of the widget's shadow root: `all: initial` stops inherited styles of the sponsor's
 * page (font, colour, line height) at the boundary; nothing here reaches the page.
 */
const shadowStyles = (theme: Theme) => css`
  :host {
    all: initial;
    display: block;
    contain: content;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  a:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const srOnly = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
`;

/**
 * The overall top N for the sponsor's page: place, logo, club name, team and points, and a link to
 * the full table. It follows new publications by itself (see `useLiveTopStandings`).
 */
export function StandingsWidget({ baseUrl, limit, refreshSeconds, season = null }: StandingsWidgetProps) {
  const titleId = useId();
  const standings = useLiveTopStandings(baseUrl, limit, refreshSeconds, season);
  const data = standings.status === 'success' ? standings.data : null;
  const publicUrl = data?.publicUrl ?? baseUrl;
  // Pinned to an ended season: its year in the title, its final table behind the link.
  const archived = data?.archivedYear ?? null;
  const title = archived === null ? OVERALL_TITLE : `${OVERALL_TITLE} ${archived}`;

  return (
    <section
      aria-labelledby={titleId}
      css={(theme: Theme) => css`
        font-family: ${theme.fonts.body};
        font-size: 16px;
        line-height: 1.4;
        color: ${theme.colors.white};
        background: ${theme.colors.primaryDark};
        border-radius: 10px;
        padding: 20px 16px;
        text-align: left;
      `}
    >
      <Global styles={shadowStyles} />
      <p
        css={(theme: Theme) => css`
          margin: 0;
          font-size: 13px;
          font-weight: 700;
          letter-spacing: 0.08em;
          text-transform: uppercase;
          color: ${theme.colors.primary};
        `}
      >
        {data?.productName ?? 'Punktejagd'}
      </p>
      <h2
        id={titleId}
        css={(theme: Theme) => css`
          margin: 2px 0 16px;
          font-family: ${theme.fonts.headline};
          font-weight: 900;
          font-size: 28px;
          line-height: 1.1;
          text-transform: uppercase;
        `}
      >
        {title}
      </h2>

      {standings.status === 'loading' && <p role="status">Tabelle wird geladen …</p>}
      {standings.status === 'error' && <p role="alert">Die Tabelle konnte gerade nicht geladen werden.</p>}
      {data && data.rows.length === 0 && (
        <div css={css`padding: 8px 0 16px;`}>
          <h3 css={css`margin: 0 0 6px; font-size: 20px;`}>{EMPTY_STANDINGS_TITLE}</h3>
          <p css={css`margin: 0;`}>{EMPTY_STANDINGS_TEXT}</p>
        </div>
      )}
      {data && data.rows.length > 0 && (
        <ol
          aria-label={`${title}: die ersten ${data.rows.length}`}
          css={(theme: Theme) => css`
            list-style: none;
            margin: 0 0 16px;
            padding: 0;
            background: ${theme.colors.surface};
            color: ${theme.colors.textDark};
            border-radius: 6px;
            overflow: hidden;
          `}
        >
          {data.rows.map((row) => (
            <li
              key={row.club._id}
              css={(theme: Theme) => css`
                display: grid;
                grid-template-columns: 2.25rem auto minmax(0, 1fr);
                grid-template-areas: 'place logo name' 'place logo points';
                align-items: center;
                column-gap: 10px;
                padding: 8px 12px;
                & + & {
                  border-top: 1px solid ${theme.colors.border};
                }
              `}
            >
              <span
                css={(theme: Theme) => css`
                  grid-area: place;
                  font-family: ${theme.fonts.headline};
                  font-weight: 900;
                  font-size: 18px;
                  color: ${theme.colors.primaryDark};
                `}
              >
                <span css={srOnly}>Platz </span>
                {formatPlace(row.place)}
              </span>
              <span css={css`grid-area: logo; display: inline-flex;`}>
                <ClubLogo logourl={row.club.logourl} clubname={row.club.clubname} size={36} decorative />
              </span>
              <span css={css`grid-area: name; min-width: 0;`}>
                <a
                  href={`${publicUrl}/club/${encodeURIComponent(row.club._id)}`}
                  css={(theme: Theme) => css`
                    margin-right: 6px;
                    color: ${theme.colors.textDark};
                    font-weight: 700;
                    line-height: 1.3;
                    text-decoration: none;
                    overflow-wrap: break-word;
                    &:hover {
                      text-decoration: underline;
                    }
                  `}
                >
                  <bdi>{row.club.clubname}</bdi>
                </a>
                <TeamTag team={row.club.team} />
              </span>
              <span
                css={(theme: Theme) => css`
                  grid-area: points;
                  font-size: 14px;
                  font-weight: 800;
                  white-space: nowrap;
                  color: ${theme.colors.primaryDark};
                `}
              >
                {formatPoints(row.points)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <a
        href={`${publicUrl}${archived === null ? paths.standings : paths.seasonStandings(archived)}`}
        css={(theme: Theme) => css`
          display: inline-flex;
          align-items: center;
          min-height: 44px;
          padding: 10px 20px;
          border-radius: ${theme.radius};
          background: ${theme.colors.primary};
          color: ${theme.colors.primaryDark};
          font-family: ${theme.fonts.headline};
          font-weight: 800;
          letter-spacing: 0.04em;
          text-transform: uppercase;
          text-decoration: none;
          &:hover {
            background: #ffc928;
          }
        `}
      >
        {archived === null ? TO_OVERALL : `${TO_OVERALL} ${archived}`}
      </a>
    </section>
  );
}
