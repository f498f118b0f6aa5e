import { operatorAccountPaths, type ChangePasswordInput } from '@erd/shared-contracts/backoffice';
import { apiPost } from '../../../api/http';

/**
 * POST /api/operator/password (any operator, own account) → 204. 400 `WrongPassword` for a wrong
 * current password, 400 `ValidationError` (field `newPassword`) for a new one against the rule or
 * equal to the current one, 429 after too many tries. Every other session of the operator ends.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiPost(operatorAccountPaths.password, input);
}
