import type { EntryNeighboursDto, EntrySort } from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import * as repo from './repository.js';

/**
 * The entry before and after a published entry of a challenge in the list's order (issue 24: the
 * entry page's 'Vorheriger' / 'Nächster'). Not found for an entry that is not published (or of another
 * challenge): the answer tells nothing about entries the public cannot see.
 */
export async function getEntryNeighbours({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, { challengeId: string; participationId: string; sort: EntrySort }>): Promise<EntryNeighboursDto> {
  const row = await repo.findNeighbours(ctx.db, input);
  if (!row) throw new NotFoundError('Beitrag nicht gefunden');
  return { previous: row.previous, next: row.next, position: Number(row.position), total: Number(row.total) };
}
