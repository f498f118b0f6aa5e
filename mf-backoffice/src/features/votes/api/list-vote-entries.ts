import { votesAdminPaths, type VoteEntryPageDto, type VoteEntryQuery } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** How many entries one page of the list shows. */
export const VOTE_ENTRY_PAGE_SIZE = 25;

/** GET /api/operator/vote-review/entries: one page of the vote challenges' entries, filtered and sorted on the server. */
export async function listVoteEntries(query: VoteEntryQuery): Promise<VoteEntryPageDto> {
  const params = { ...query, challengeId: query.challengeId || undefined, flagged: query.flagged ? 'true' : undefined };
  return apiGet<VoteEntryPageDto>(votesAdminPaths.entries, { params });
}
