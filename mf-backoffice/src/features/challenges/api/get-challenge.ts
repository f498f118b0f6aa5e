import { apiGet } from '../../../api/http';
import { challengeAdminApi, type AdminChallengeDto } from './types';

/** GET /api/operator/challenges/:id: every editable field (both roles). */
export async function getChallenge(id: string): Promise<AdminChallengeDto> {
  return apiGet<AdminChallengeDto>(challengeAdminApi.challenge(id));
}
