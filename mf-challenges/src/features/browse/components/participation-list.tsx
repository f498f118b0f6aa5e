import { css, type Theme } from '@emotion/react';
import { useEffect, useRef } from 'react';
import type { ParticipationDto, ParticipationSort } from '@erd/shared-contracts';
import { PictureEntryCard } from './picture-entry-card';
import { TextEntryCard } from './text-entry-card';
import type { TileVoteContext } from './tile-vote';
import { cardListStyle } from '../../../components/card-list';

export type ListLayout = 'text' | 'pictures';

/**
 * Text entries in one column; pictures in a grid of 1, 2 or 3 columns (below 600px, from 600px,
 * from 900px). After "Mehr laden" the focus moves to the first newly loaded entry.
 */
export function ParticipationList({
  items,
  challengeId,
  layout,
  focusFrom,
  sort,
  vote,
}: {
  items: ParticipationDto[];
  challengeId: string;
  layout: ListLayout;
  /** Index of the first entry of a page the user asked for; it gets the focus once rendered. */
  focusFrom: { current: number | null };
  /** The list's sort: the entries' links carry it to the entry page (its previous/next). */
  sort: ParticipationSort;
  vote: TileVoteContext;
}) {
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || items.length <= index) return;
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('[data-entry-link]')[index]?.focus();
  }, [items.length, focusFrom]);

  return (
    <ul
      ref={listRef}
      aria-label="Teilnahmen"
      data-layout={layout}
      css={(theme: Theme) => [
        cardListStyle,
        css`
          gap: ${theme.space(5)};
          &[data-layout='pictures'] {
            ${theme.mq.sm} {
              grid-template-columns: repeat(2, minmax(0, 1fr));
            }
            ${theme.mq.md} {
              grid-template-columns: repeat(3, minmax(0, 1fr));
              gap: ${theme.space(6)};
            }
          }
        `,
      ]}
    >
      {items.map((entry) => (
        <li key={entry._id}>
          {entry.sys?.objectTypeId === 'bfv-erd-picture-participation' || (!entry.fields.slogan && entry.fields.image) ? (
            <PictureEntryCard entry={entry} challengeId={challengeId} sort={sort} vote={vote} />
          ) : (
            <TextEntryCard entry={entry} challengeId={challengeId} sort={sort} vote={vote} />
          )}
        </li>
      ))}
    </ul>
  );
}
