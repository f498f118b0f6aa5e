import { accountsAdminPaths, type AccountAdminDto } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** GET /api/operator/accounts/{sub}: one account with its state; 404 when it is gone. */
export async function getAccount(sub: string): Promise<AccountAdminDto> {
  return apiGet<AccountAdminDto>(accountsAdminPaths.account(sub));
}
