import { operatorPaths, type RejectedParticipationDto, type RejectParticipationInput } from '@erd/shared-contracts';
import { apiPost } from '../../../api/http';

/**
 * POST …/participations/{id}/reject `{ reason }`: the entry, its votes and its picture files are
 * deleted (the club may submit again); the reason goes into the log. 400 `ValidationError` for a
 * reason that is not 3 to 500 characters of plain text, 404 when the entry is gone.
 */
export async function rejectEntry(participationId: string, input: RejectParticipationInput): Promise<RejectedParticipationDto> {
  return apiPost<RejectedParticipationDto>(operatorPaths.reject(participationId), input);
}
