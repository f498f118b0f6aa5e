import { accountsAdminPaths, type AccountAdminPageDto, type AccountAdminQuery } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** How many accounts one page of the list shows. */
export const ACCOUNT_PAGE_SIZE = 25;

/** GET /api/operator/accounts: one page, found on the server by e-mail prefix, club name or club number, sorted by address. */
export async function listAccounts(query: AccountAdminQuery): Promise<AccountAdminPageDto> {
  const params = { ...query, query: query.query || undefined };
  return apiGet<AccountAdminPageDto>(accountsAdminPaths.accounts, { params });
}
