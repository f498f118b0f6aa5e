import { apiPaths, type ProfileUpdateInput, type ProfileUpdateResultDto } from '@erd/shared-contracts';
import { apiClient } from '../../../lib/api-client';

/** PUT /api/profile (spec §7): a stale `updatedAt` answers 409 and changes nothing. */
export async function updateProfile(input: ProfileUpdateInput): Promise<ProfileUpdateResultDto> {
  return (await apiClient().put<ProfileUpdateResultDto>(apiPaths.profile, input)).data;
}
