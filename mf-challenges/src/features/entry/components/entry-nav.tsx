import { css, type Theme } from '@emotion/react';
import { Link, paths, type ParticipationSort } from '@erd/shared-contracts';
import type { EntryNeighboursDto } from '@erd/shared-contracts/schemas';
import { Icon } from '@erd/shared-contracts/ui';
import { withSort } from '../../../components/list-sort';

const step = (theme: Theme) => css`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(1.5)};
  min-height: 44px;
  padding: 0 ${theme.space(1)};
  font-weight: 800;
  text-transform: uppercase;
  letter-spacing: 0.03em;
  font-size: 0.8125rem;
  ${theme.mq.sm} {
    font-size: 0.875rem;
  }
  color: ${theme.colors.primaryDark};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

/**
 * 'Vorheriger' and 'Nächster' between the published entries of a challenge, in the order the visitor
 * browsed them (the list's sort, carried in the address), with the entry's place: 'Beitrag 3 von 12'.
 * At either end that side stays empty (the place keeps its column).
 */
export function EntryNav({
  challengeId,
  neighbours,
  sort,
}: {
  challengeId: string;
  neighbours: EntryNeighboursDto;
  sort: ParticipationSort;
}) {
  const to = (id: string) => withSort(paths.participation(challengeId, id), sort);
  return (
    <nav
      aria-label="Weitere Beiträge"
      css={(theme: Theme) => css`
        display: grid;
        grid-template-columns: 1fr auto 1fr;
        align-items: center;
        gap: ${theme.space(2)};
        margin-bottom: ${theme.space(3)};
      `}
    >
      {neighbours.previous ? (
        <Link to={to(neighbours.previous)} rel="prev" aria-label="Vorheriger Beitrag" css={step}>
          <Icon
            name="arrow-outline"
            size="xs"
            color="primary-dark"
            css={css`
              transform: rotate(180deg);
            `}
          />
          Vorheriger
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span
        css={(theme: Theme) => css`
          font-size: 0.875rem;
          font-weight: 600;
          color: ${theme.colors.textMuted};
          font-variant-numeric: tabular-nums;
          white-space: nowrap;
        `}
      >
        {/* On a phone 'Beitrag' gives the links their room: '3 von 12' between them. */}
        <span
          css={(theme: Theme) => css`
            display: none;
            ${theme.mq.sm} {
              display: inline;
            }
          `}
        >
          Beitrag{' '}
        </span>
        {`${neighbours.position} von ${neighbours.total}`}
      </span>
      {neighbours.next ? (
        <Link
          to={to(neighbours.next)}
          rel="next"
          aria-label="Nächster Beitrag"
          css={(theme: Theme) => [
            step(theme),
            css`
              justify-self: end;
            `,
          ]}
        >
          Nächster
          <Icon name="arrow-outline" size="xs" color="primary-dark" />
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
