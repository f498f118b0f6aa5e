import { apiGet } from '../../../api/http';
import { challengeAdminApi, type AdminChallengeListDto } from './types';

/** GET /api/operator/challenges: the current year's challenges with their phase (both roles). */
export async function listChallenges(): Promise<AdminChallengeListDto> {
  return apiGet<AdminChallengeListDto>(challengeAdminApi.challenges);
}
