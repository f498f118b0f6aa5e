import { accountsAdminPaths, type AccountAdminDto } from '@erd/shared-contracts/backoffice';
import { apiPost } from '../../../api/http';

/**
 * The admins' writes on an account (all audited by the server). 400 for a reason that is not 3 to
 * 500 characters, 403 for a moderator, 404 when the account is gone, 409 when the state does not
 * fit (already confirmed, already blocked, not blocked), 429 for a second code within a minute.
 */

/** POST …/resend-code: a new sign-up code by mail (unconfirmed accounts). */
export async function resendCode(sub: string): Promise<AccountAdminDto> {
  return apiPost<AccountAdminDto>(accountsAdminPaths.resendCode(sub), {});
}

/** POST …/block `{ reason }`: no sign-in, every session ends at once; entries stay. */
export async function blockAccount(sub: string, reason: string): Promise<AccountAdminDto> {
  return apiPost<AccountAdminDto>(accountsAdminPaths.block(sub), { reason });
}

/** POST …/unblock `{ reason }`. */
export async function unblockAccount(sub: string, reason: string): Promise<AccountAdminDto> {
  return apiPost<AccountAdminDto>(accountsAdminPaths.unblock(sub), { reason });
}

/** POST …/delete `{ reason }`: the member's own deletion (person's data gone, entries stay). */
export async function deleteAccount(sub: string, reason: string): Promise<{ sub: string; deleted: true }> {
  return apiPost<{ sub: string; deleted: true }>(accountsAdminPaths.delete(sub), { reason });
}
