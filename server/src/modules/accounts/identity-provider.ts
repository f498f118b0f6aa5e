import type { AppContext } from '../../context.js';
import type { RegistrationValues } from './validation.js';

/**
 * Who holds the accounts behind the frontend-users calls and /api/profile (IDENTITY_PROVIDER):
 * `builtin` — this server's identity tables (`service.ts`, one transaction with the profile);
 * `cognito` — a Cognito user pool (`cognito-provider.ts`). The accounts service validates input,
 * applies the rate limits and keeps the profiles; the provider creates, confirms, resets and
 * deletes the identity user and throws errors in the accounts vocabulary (`account-errors.ts`).
 */

export type AccountsCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log' | 'now' | 'secret' | 'identity' | 'cognito'>;

export interface AccountIdentityProvider {
  /** Creates the identity user and the profile, together or not at all (club entry checked first). */
  register(ctx: AccountsCtx, values: RegistrationValues): Promise<void>;
  confirmSignup(ctx: AccountsCtx, input: { email: string; code: string }): Promise<void>;
  resendSignupCode(ctx: AccountsCtx, input: { email: string }): Promise<void>;
  /** Sends a reset code; silent for an unknown address. */
  requestPasswordReset(ctx: AccountsCtx, input: { email: string }): Promise<void>;
  confirmPasswordReset(ctx: AccountsCtx, input: { email: string; code: string; password: string }): Promise<void>;
  /** The e-mail address of the logged-in member (for /api/me); null when the identity user is gone. */
  emailOf(ctx: AccountsCtx, input: { sub: string; accessToken: string | null }): Promise<string | null>;
  /** Throws before anything changes when a new password cannot be set (PUT /api/profile). */
  assertCanSetPassword(ctx: AccountsCtx): void;
  /** Sets the new password; runs inside the profile update's transaction. */
  setPassword(ctx: AccountsCtx, input: { sub: string; password: string }): Promise<void>;
  /** Deletes the identity user and the profile (DELETE /api/profile). */
  deleteAccount(ctx: AccountsCtx, input: { sub: string; accessToken: string | null }): Promise<void>;
}
