import { useCallback, useEffect, useRef, useState } from 'react';
import {
  contentApi,
  PARTICIPATION_PAGE_SIZE,
  type ParticipationDto,
  type ParticipationPageDto,
  type ParticipationSort,
} from '@erd/shared-contracts';

/**
 * GET {base}/public/spaces/{spaceId}/objects/search?include=1&fields.challenge.id=…&from&size&sort
 * (spec §7): published participations of a challenge, one page. A failed load gives an empty page.
 */
export function searchParticipations(challengeId: string, from: number, sort: ParticipationSort): Promise<ParticipationPageDto> {
  return contentApi().searchParticipations(challengeId, from, PARTICIPATION_PAGE_SIZE, sort);
}

export interface ParticipationListState {
  sort: ParticipationSort;
  items: ParticipationDto[];
  total: number;
  /** `loading`: the first page (also after a sort change); `loading-more`: a further page. */
  status: 'loading' | 'ready' | 'loading-more';
}

/**
 * The participation list of spec §4: sort newest (default) or likes (`initialSort`: the one in the
 * address, issue 24); changing the sort reloads
 * from offset 0 (the load-more button is hidden meanwhile); load-more appends the next page and
 * is offered while the total exceeds the loaded items.
 */
export function useParticipationList(challengeId: string, initialSort: ParticipationSort = 'newest') {
  const [sort, setSortState] = useState<ParticipationSort>(initialSort);
  const [state, setState] = useState<Omit<ParticipationListState, 'sort'>>({ items: [], total: 0, status: 'loading' });
  // Answers of superseded requests (an earlier sort, an unmounted page) are dropped.
  const generation = useRef(0);

  useEffect(() => {
    const current = ++generation.current;
    let active = true;
    void searchParticipations(challengeId, 0, sort).then((page) => {
      if (!active || generation.current !== current) return;
      setState({ items: page.items, total: page.total, status: 'ready' });
    });
    return () => {
      active = false;
    };
  }, [challengeId, sort]);

  const setSort = useCallback(
    (next: ParticipationSort) => {
      if (next === sort) return;
      setState({ items: [], total: 0, status: 'loading' });
      setSortState(next);
    },
    [sort],
  );

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.total <= state.items.length) return;
    const current = generation.current;
    setState((s) => ({ ...s, status: 'loading-more' }));
    void searchParticipations(challengeId, state.items.length, sort).then((page) => {
      if (generation.current !== current) return;
      setState((s) => {
        const known = new Set(s.items.map((item) => item._id));
        const fresh = page.items.filter((item) => !known.has(item._id));
        // An empty (or failed) page ends the list rather than offering the same page again.
        if (fresh.length === 0) return { ...s, total: s.items.length, status: 'ready' };
        return { items: [...s.items, ...fresh], total: Math.max(page.total, s.items.length + fresh.length), status: 'ready' };
      });
    });
  }, [challengeId, sort, state]);

  const canLoadMore = state.status === 'ready' && state.total > state.items.length;
  return { sort, ...state, setSort, loadMore, canLoadMore };
}
