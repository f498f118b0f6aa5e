import { votesAdminPaths, type RemoveEntryVotesInput, type RemoveEntryVotesResultDto } from '@erd/shared-contracts/backoffice';
import { apiPost } from '../../../api/http';

/**
 * POST /api/operator/vote-review/entries/{id}/remove: the selected votes (picked ones, one
 * address or one minute) go out of the count with the reason; the answer is the entry's count
 * after it. 400 for a reason that is not 3 to 500 characters, 404 when the entry is gone.
 */
export async function removeEntryVotes(participationId: string, input: RemoveEntryVotesInput): Promise<RemoveEntryVotesResultDto> {
  return apiPost<RemoveEntryVotesResultDto>(votesAdminPaths.remove(participationId), input);
}
