import { frontendUserPaths, type ConfirmForgotPasswordInput } from '@erd/shared-contracts';
import { postFrontendUsers } from '../../../lib/frontend-users';

/** POST …/frontend-users/forgot-password/confirm (spec §7): code plus the new password. */
export async function confirmForgotPassword(input: ConfirmForgotPasswordInput): Promise<void> {
  await postFrontendUsers(frontendUserPaths.confirmForgotPassword, input);
}
