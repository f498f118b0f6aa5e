import { votesAdminPaths, type VoteRecordPageDto, type VoteRecordQuery } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** How many votes one page of the list shows. */
export const VOTE_RECORD_PAGE_SIZE = 50;

/** GET /api/operator/vote-review/entries/{id}/votes: one page of the entry's votes, by address, minute and state, newest first. */
export async function listEntryVotes(participationId: string, query: VoteRecordQuery): Promise<VoteRecordPageDto> {
  const params = {
    ...query,
    ipHash: query.ipHash || undefined,
    minute: query.minute || undefined,
    state: query.state === 'all' ? undefined : query.state,
  };
  return apiGet<VoteRecordPageDto>(votesAdminPaths.votes(participationId), { params });
}
