import { votesAdminPaths, type VoteEntryDetailDto } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** GET /api/operator/vote-review/entries/{id}: the entry's timeline, addresses, burst minutes and removals (404 when it is gone). */
export async function getVoteEntry(participationId: string): Promise<VoteEntryDetailDto> {
  return apiGet<VoteEntryDetailDto>(votesAdminPaths.entry(participationId));
}
