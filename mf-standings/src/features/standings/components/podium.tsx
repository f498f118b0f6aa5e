import { css, type Theme } from '@emotion/react';
import { Link, paths, type ChallengeObjectTypeId, type StandingRowDto } from '@erd/shared-contracts';
import { VisuallyHidden } from '@erd/shared-contracts/ui';
import { ClubLogo } from '../../../components/club-logo';
import { formatPlace, formatPoints } from '../../../lib/format';
import { RowMeta } from './row-meta';

const medal = (place: number) => (place === 1 ? '#f2b705' : place === 2 ? '#c7ced6' : '#d9955b');
/** Visual slot on wide screens: 2nd left, 1st centre, 3rd right. The DOM (reading order) stays 1-2-3. */
const slotOrder = [2, 1, 3];
const stepHeight = (place: number) => (place === 1 ? 150 : place === 2 ? 110 : 80);

interface PodiumProps {
  /** The first three rows of the (filtered) table. */
  rows: StandingRowDto[];
  /** Places shared by more than one row of the whole table. */
  shared: ReadonlySet<number>;
  type?: ChallengeObjectTypeId;
}

/**
 * The top three of a table (spec §2): logo, name, team and points; on a podium from 600 px up,
 * stacked below. Tied rows show the same place and say that it is shared.
 */
export function Podium({ rows, shared, type }: PodiumProps) {
  return (
    <ol
      aria-label="Podium"
      css={(theme: Theme) => css`
        list-style: none;
        margin: ${theme.space(8)} 0 0;
        padding: 0;
        display: grid;
        gap: ${theme.space(3)};
        ${theme.mq.sm} {
          grid-template-columns: repeat(3, minmax(0, 1fr));
          align-items: end;
          gap: ${theme.space(4)};
          max-width: 840px;
          margin-inline: auto;
        }
      `}
    >
      {rows.map((row, index) => (
        <li
          key={row.club._id}
          css={(theme: Theme) => css`
            display: grid;
            grid-template-columns: auto auto minmax(0, 1fr);
            grid-template-areas: 'place logo name' 'place logo points';
            align-items: center;
            column-gap: ${theme.space(3)};
            padding: ${theme.space(3)} ${theme.space(4)};
            border-radius: ${theme.radius};
            background: rgba(255, 255, 255, 0.08);
            border-left: 6px solid ${medal(row.place)};
            ${theme.mq.sm} {
              order: ${slotOrder[index] ?? index + 1};
              display: flex;
              flex-direction: column;
              align-items: center;
              text-align: center;
              gap: ${theme.space(2)};
              padding: 0;
              background: none;
              border-left: 0;
            }
          `}
        >
          <VisuallyHidden>Platz {formatPlace(row.place)}</VisuallyHidden>
          <span
            aria-hidden
            css={(theme: Theme) => css`
              grid-area: place;
              display: inline-flex;
              align-items: center;
              justify-content: center;
              width: 2.25rem;
              height: 2.25rem;
              border-radius: 50%;
              background: ${medal(row.place)};
              color: ${theme.colors.primaryDark};
              font-family: ${theme.fonts.headline};
              font-weight: 900;
              font-size: 1.25rem;
              ${theme.mq.sm} {
                order: 5;
                width: 100%;
                height: ${stepHeight(row.place)}px;
                border-radius: ${theme.radius} ${theme.radius} 0 0;
                font-size: 3rem;
                align-items: flex-start;
                padding-top: ${theme.space(3)};
              }
            `}
          >
            {row.place}
          </span>
          <span css={css`grid-area: logo; display: inline-flex;`}>
            <ClubLogo logourl={row.club.logourl} clubname={row.club.clubname} size={index === 0 ? 64 : 56} decorative />
          </span>
          <span
            css={(theme: Theme) => css`
              grid-area: name;
              min-width: 0;
              ${theme.mq.sm} {
                display: flex;
                flex-direction: column;
                align-items: center;
                & > span {
                  justify-content: center;
                }
              }
            `}
          >
            <Link
              to={paths.club(row.club._id)}
              css={(theme: Theme) => css`
                color: ${theme.colors.white};
                font-family: ${theme.fonts.headline};
                font-weight: 800;
                font-size: 1.125rem;
                line-height: 1.2;
                text-decoration: none;
                overflow-wrap: break-word;
                hyphens: auto;
                &:hover {
                  text-decoration: underline;
                }
              `}
            >
              <bdi>{row.club.clubname}</bdi>
            </Link>
            <RowMeta row={row} type={type} shared={shared.has(row.place)} tone="dark" />
          </span>
          <span
            css={(theme: Theme) => css`
              grid-area: points;
              color: ${theme.colors.primary};
              font-weight: 800;
              white-space: nowrap;
            `}
          >
            {formatPoints(row.points)}
          </span>
        </li>
      ))}
    </ol>
  );
}
