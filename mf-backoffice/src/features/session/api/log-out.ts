import { operatorPaths } from '@erd/shared-contracts';
import { apiClient } from '../../../api/http';

/** POST /api/operator/logout: ends the session on the server and clears its cookie (204). */
export async function logOut(): Promise<void> {
  await apiClient().post(operatorPaths.logout);
}
