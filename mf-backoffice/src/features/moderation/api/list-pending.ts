import { operatorPaths, type OperatorParticipationPageDto } from '@erd/shared-contracts';
import { apiGet } from '../../../api/http';

/** How many entries the queue shows at first, and how many more each 'Weitere Beiträge laden' adds. */
export const QUEUE_PAGE_SIZE = 20;
/** The most the server answers at once: the queue shows at most the oldest this many. */
export const QUEUE_MAX_SIZE = 200;

/** GET /api/operator/participations?state=pending: the slogans and pictures waiting for review, oldest first. */
export async function listPending({ size }: { size: number }): Promise<OperatorParticipationPageDto> {
  return apiGet<OperatorParticipationPageDto>(operatorPaths.participations, { params: { state: 'pending', from: 0, size } });
}
