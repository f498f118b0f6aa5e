import { z } from 'zod';
import { count, wireId } from './common.js';

/**
 * An entry's neighbours in its challenge's list (issue 24): the entry page's 'Vorheriger' and
 * 'Nächster' in the order the visitor browsed, `newest` (createdAt desc, the list's default) or
 * `likes` (votes desc). The same order as the list's search (`objects/search`, with its tie-breaks),
 * over published entries only. Public and cacheable like the list.
 */

export const entrySortSchema = z.enum(['newest', 'likes']);
export type EntrySort = z.infer<typeof entrySortSchema>;

export const entryNeighboursParamsSchema = z.strictObject({ challengeId: wireId, participationId: wireId });
export type EntryNeighboursParams = z.infer<typeof entryNeighboursParamsSchema>;

export const entryNeighboursQuerySchema = z.strictObject({ sort: entrySortSchema.default('newest') });
export type EntryNeighboursQuery = z.infer<typeof entryNeighboursQuerySchema>;

/**
 * GET /api/entry-neighbours/{challengeId}/{participationId}?sort=newest|likes: the ids of the entries
 * before and after (null at either end), the entry's place in that order (1-based) and how many there
 * are. 404 when the entry is not a published entry of that challenge.
 */
export const entryNeighboursSchema = z.strictObject({
  previous: wireId.nullable(),
  next: wireId.nullable(),
  position: count.min(1),
  total: count.min(1),
});
export type EntryNeighboursDto = z.infer<typeof entryNeighboursSchema>;
