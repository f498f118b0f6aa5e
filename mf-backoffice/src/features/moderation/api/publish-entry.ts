import { operatorPaths, type OperatorParticipationDto } from '@erd/shared-contracts';
import { apiClient } from '../../../api/http';

/** POST …/participations/{id}/publish: the entry becomes public. 409 `NotPending` when it no longer waits, 404 when it is gone. */
export async function publishEntry(participationId: string): Promise<OperatorParticipationDto> {
  return (await apiClient().post<OperatorParticipationDto>(operatorPaths.publish(participationId))).data;
}
