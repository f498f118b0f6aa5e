import { operatorPaths } from '@erd/shared-contracts';
import { apiPost } from '../../../api/http';

/** POST /api/operator/logout: ends the session on the server and clears its cookie (204). */
export async function logOut(): Promise<void> {
  await apiPost(operatorPaths.logout);
}
