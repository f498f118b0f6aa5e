import { apiPatch } from '../../../api/http';
import { challengeAdminApi, type AdminChallengeDto, type PatchChallengeInput } from './types';

/**
 * PATCH /api/operator/challenges/:id (admins). 400 names the `field`; 409 `Conflict` when someone
 * else saved first, 409 `ChallengeRunning` when a running challenge's dates change unconfirmed.
 */
export async function updateChallenge(id: string, input: PatchChallengeInput): Promise<AdminChallengeDto> {
  return apiPatch<AdminChallengeDto>(challengeAdminApi.challenge(id), input);
}
