import type { ParticipationSort } from '@erd/shared-contracts';

/**
 * The browse list's sort in the address (issue 24): `?sort=likes` for 'Beliebtheit', nothing for
 * 'Neueste' (the default). The list keeps it there, its entries' links carry it to the entry page,
 * whose previous/next and 'Alle anzeigen' keep it: the way back shows the list as it was sorted.
 */
export const SORT_PARAM = 'sort';

export function sortOf(search: URLSearchParams): ParticipationSort {
  return search.get(SORT_PARAM) === 'likes' ? 'likes' : 'newest';
}

/** `path` with the sort's query (none for the default). */
export function withSort(path: string, sort: ParticipationSort): string {
  return sort === 'newest' ? path : `${path}?${SORT_PARAM}=${sort}`;
}
