import { css, type Theme } from '@emotion/react';
import { Link, paths, type StandingRowDto } from '@erd/shared-contracts';
import { VisuallyHidden } from '@erd/shared-contracts/ui';
import { ClubLogo } from '../../../components/club-logo';
import { formatPlace, formatPoints } from '../../../lib/format';

/** The rows below the podium: place (ties share it, as the file says), logo, club name and points. */
export function StandingsList({ rows }: { rows: StandingRowDto[] }) {
  return (
    <ol
      aria-label="Weitere Plätze"
      css={(theme: Theme) => css`
        list-style: none;
        margin: 0 auto;
        padding: 0;
        max-width: 840px;
        background: ${theme.colors.surface};
        border-radius: ${theme.radius};
        box-shadow: 0 2px 10px rgba(11, 42, 74, 0.12);
        overflow: hidden;
      `}
    >
      {rows.map((row) => (
        <li
          key={row.club._id}
          css={(theme: Theme) => css`
            display: grid;
            grid-template-columns: 2.5rem auto minmax(0, 1fr);
            grid-template-areas: 'place logo name' 'place logo points';
            align-items: center;
            column-gap: ${theme.space(3)};
            padding: ${theme.space(3)};
            & + & {
              border-top: 1px solid ${theme.colors.border};
            }
            ${theme.mq.sm} {
              grid-template-columns: 2.75rem auto minmax(0, 1fr) auto;
              grid-template-areas: 'place logo name points';
              padding: ${theme.space(3)} ${theme.space(4)};
            }
          `}
        >
          <span
            css={(theme: Theme) => css`
              grid-area: place;
              font-family: ${theme.fonts.headline};
              font-weight: 900;
              font-size: 1.25rem;
              color: ${theme.colors.primaryDark};
            `}
          >
            <VisuallyHidden>Platz </VisuallyHidden>
            {formatPlace(row.place)}
          </span>
          <span css={css`grid-area: logo;`}>
            <ClubLogo logourl={row.club.logourl} clubname={row.club.clubname} size={40} decorative />
          </span>
          <Link
            to={paths.club(row.club._id)}
            css={(theme: Theme) => css`
              grid-area: name;
              color: ${theme.colors.textDark};
              font-weight: 700;
              line-height: 1.3;
              text-decoration: none;
              overflow-wrap: break-word;
              hyphens: auto;
              &:hover {
                text-decoration: underline;
              }
            `}
          >
            {row.club.clubname}
          </Link>
          <span
            css={(theme: Theme) => css`
              grid-area: points;
              font-weight: 800;
              color: ${theme.colors.primaryDark};
              white-space: nowrap;
              font-size: 0.9375rem;
              ${theme.mq.sm} {
                font-size: 1rem;
                text-align: right;
              }
            `}
          >
            {formatPoints(row.points)}
          </span>
        </li>
      ))}
    </ol>
  );
}
