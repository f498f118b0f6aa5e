import { frontendUserPaths, type ConfirmSignupInput } from '@erd/shared-contracts';
import { postFrontendUsers } from '../../../lib/frontend-users';

/** POST …/frontend-users/signup/confirm (spec §7). */
export async function confirmSignup(input: ConfirmSignupInput): Promise<void> {
  await postFrontendUsers(frontendUserPaths.confirmSignup, input);
}
