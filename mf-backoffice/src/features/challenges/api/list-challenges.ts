import { apiClient } from '../../../api/http';
import { challengeAdminApi, type AdminChallengeListDto } from './types';

/** GET /api/operator/challenges: the current year's challenges with their phase (both roles). */
export async function listChallenges(): Promise<AdminChallengeListDto> {
  return (await apiClient().get<AdminChallengeListDto>(challengeAdminApi.challenges)).data;
}
