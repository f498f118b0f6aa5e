import { accountsAdminPaths, type AccountAdminDto } from '@erd/shared-contracts/backoffice';
import { apiClient } from '../../../api/http';

/** GET /api/operator/accounts/{sub}: one account with its state; 404 when it is gone. */
export async function getAccount(sub: string): Promise<AccountAdminDto> {
  return (await apiClient().get<AccountAdminDto>(accountsAdminPaths.account(sub))).data;
}
