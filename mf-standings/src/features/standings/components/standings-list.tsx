import { css, type Theme } from '@emotion/react';
import { memo, useEffect, useRef, useState } from 'react';
import { Link, paths, type ChallengeObjectTypeId, type StandingRowDto } from '@erd/shared-contracts';
import { Button, VisuallyHidden } from '@erd/shared-contracts/ui';
import { ClubLogo } from '../../../components/club-logo';
import { formatNumber, formatPlace, formatPoints } from '../../../lib/format';
import { RowMeta } from './row-meta';

/** Rows rendered at first and added per 'Weitere Plätze anzeigen': a table of 5,000 clubs keeps a small DOM on a phone. */
export const LIST_PAGE_SIZE = 100;

interface StandingsListProps {
  /** The rows below the podium. */
  rows: StandingRowDto[];
  /** Rows of the whole (filtered) table, podium included, for 'x von y'. */
  total: number;
  shared: ReadonlySet<number>;
  type?: ChallengeObjectTypeId;
}

const itemStyle = (theme: Theme) => css`
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
`;

const placeStyle = (theme: Theme) => css`
  grid-area: place;
  font-family: ${theme.fonts.headline};
  font-weight: 900;
  font-size: 1.25rem;
  color: ${theme.colors.primaryDark};
`;

const nameStyle = (theme: Theme) => css`
  color: ${theme.colors.textDark};
  font-weight: 700;
  line-height: 1.3;
  text-decoration: none;
  overflow-wrap: break-word;
  hyphens: auto;
  &:hover {
    text-decoration: underline;
  }
`;

const pointsStyle = (theme: Theme) => css`
  grid-area: points;
  font-weight: 800;
  color: ${theme.colors.primaryDark};
  white-space: nowrap;
  font-size: 0.9375rem;
  ${theme.mq.sm} {
    font-size: 1rem;
    text-align: right;
  }
`;

/** One row; memoised, so showing more rows does not render the rows already shown again. */
const StandingsItem = memo(function StandingsItem({
  row,
  shared,
  type,
}: {
  row: StandingRowDto;
  shared: boolean;
  type?: ChallengeObjectTypeId;
}) {
  return (
    <li css={itemStyle}>
      <span css={placeStyle}>
        <VisuallyHidden>Platz </VisuallyHidden>
        {formatPlace(row.place)}
      </span>
      <span css={css`grid-area: logo;`}>
        <ClubLogo logourl={row.club.logourl} clubname={row.club.clubname} size={40} decorative />
      </span>
      <span css={css`grid-area: name; min-width: 0;`}>
        <Link to={paths.club(row.club._id)} css={nameStyle}>
          <bdi>{row.club.clubname}</bdi>
        </Link>
        <RowMeta row={row} type={type} shared={shared} />
      </span>
      <span css={pointsStyle}>{formatPoints(row.points)}</span>
    </li>
  );
});

/**
 * The rows below the podium: place (ties share it, as the file says), logo, club name, team and
 * points, the first 100 at once and 100 more per click. The first row a click adds gets focus, so
 * a keyboard user goes on reading where the list grew.
 */
export function StandingsList({ rows, total, shared, type }: StandingsListProps) {
  const [count, setCount] = useState(LIST_PAGE_SIZE);
  const listRef = useRef<HTMLOListElement>(null);
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null) return;
    focusIndex.current = null;
    listRef.current?.children[index]?.querySelector('a')?.focus();
  }, [count]);

  const visible = rows.length > count ? rows.slice(0, count) : rows;
  const more = rows.length - visible.length;
  const showMore = () => {
    focusIndex.current = visible.length;
    setCount((n) => n + LIST_PAGE_SIZE);
  };

  return (
    <>
      <ol
        ref={listRef}
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
        {visible.map((row) => (
          <StandingsItem key={row.club._id} row={row} shared={shared.has(row.place)} type={type} />
        ))}
      </ol>
      {rows.length > LIST_PAGE_SIZE && (
        <div
          css={(theme: Theme) => css`
            display: flex;
            flex-direction: column;
            align-items: center;
            gap: ${theme.space(3)};
            margin-top: ${theme.space(6)};
            text-align: center;
          `}
        >
          <p css={css`margin: 0;`}>
            {formatNumber(total - more)} von {formatNumber(total)} Mannschaften angezeigt
          </p>
          {more > 0 && (
            <Button variant="primary" onClick={showMore}>
              Weitere Plätze anzeigen
            </Button>
          )}
        </div>
      )}
    </>
  );
}
