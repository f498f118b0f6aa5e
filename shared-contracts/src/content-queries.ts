/** Queries of the content API (spec §7, §9) that the app sends and the server's preload hints name too (pure: no browser APIs). */

/** Spec §9: a page of published participations. */
export const PARTICIPATION_PAGE_SIZE = 10;

export type ParticipationSort = 'newest' | 'likes';

/**
 * The query of `GET {base}/public/spaces/{spaceId}/objects/search` for one page of a challenge's
 * published participations, in the order the app sends it: the server's preload hint for the
 * browse page is this query, so the browser's preloaded answer is the one the page asks for.
 */
export function participationSearchQuery(
  challengeId: string,
  from: number,
  size: number = PARTICIPATION_PAGE_SIZE,
  sort: ParticipationSort = 'newest',
): Record<string, string | number> {
  return { include: 1, 'fields.challenge.id': challengeId, from, size, sort: sort === 'newest' ? '-createdAt' : '-fields.votes' };
}
