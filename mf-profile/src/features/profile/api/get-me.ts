import { apiPaths, type MeDto } from '@erd/shared-contracts';
import { apiClient } from '../../../lib/api-client';

/** GET /api/me (spec §7): the signed-in account with its profile fields, club and updatedAt. */
export async function getMe(): Promise<MeDto> {
  return (await apiClient().get<MeDto>(apiPaths.me)).data;
}
