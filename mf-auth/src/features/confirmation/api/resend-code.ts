import { frontendUserPaths, type EmailInput } from '@erd/shared-contracts';
import { postFrontendUsers } from '../../../lib/frontend-users';

/** POST …/frontend-users/signup/code (spec §7): a new confirmation code (at most once a minute). */
export async function resendCode(input: EmailInput): Promise<void> {
  await postFrontendUsers(frontendUserPaths.resendCode, input);
}
