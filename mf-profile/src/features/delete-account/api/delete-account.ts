import { apiPaths } from '@erd/shared-contracts';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/profile (spec §7): removes the account and the person's data (decisions §3). */
export async function deleteAccount(): Promise<void> {
  await apiClient().delete(apiPaths.profile);
}
