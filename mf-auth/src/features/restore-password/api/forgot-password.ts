import { frontendUserPaths, type EmailInput } from '@erd/shared-contracts';
import { postFrontendUsers } from '../../../lib/frontend-users';

/** POST …/frontend-users/forgot-password (spec §7): sends a reset code by e-mail. */
export async function forgotPassword(input: EmailInput): Promise<void> {
  await postFrontendUsers(frontendUserPaths.forgotPassword, input);
}
