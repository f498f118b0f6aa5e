import { frontendUserPaths, type RegistrationInput, type RegistrationResultDto } from '@erd/shared-contracts';
import { postFrontendUsers } from '../../../lib/frontend-users';

/** POST …/frontend-users/signup (spec §7). Errors: ApiError with the codes of the accounts contract. */
export function register(input: RegistrationInput): Promise<RegistrationResultDto> {
  return postFrontendUsers<RegistrationResultDto>(frontendUserPaths.signup, input);
}
