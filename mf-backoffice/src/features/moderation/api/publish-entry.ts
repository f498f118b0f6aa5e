import { operatorPaths, type OperatorParticipationDto } from '@erd/shared-contracts';
import { apiPost } from '../../../api/http';

/** POST …/participations/{id}/publish: the entry becomes public. 409 `NotPending` when it no longer waits, 404 when it is gone. */
export async function publishEntry(participationId: string): Promise<OperatorParticipationDto> {
  return apiPost<OperatorParticipationDto>(operatorPaths.publish(participationId));
}
