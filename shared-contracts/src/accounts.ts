/**
 * Accounts (spec §3 User, §7 frontend-users and same-origin calls, §8 errors; decisions §2–3):
 * the wire shapes the mf-auth/mf-profile screens and the server agree on.
 *
 * Paths: `{base}/public/spaces/{spaceId}/frontend-users/<suffix>` (content API, no auth header)
 * and the same-origin `/api/me`, `/api/profile` (access token, anti-forgery header).
 */

export const frontendUserPaths = {
  signup: 'frontend-users/signup',
  confirmSignup: 'frontend-users/signup/confirm',
  resendCode: 'frontend-users/signup/code',
  forgotPassword: 'frontend-users/forgot-password',
  confirmForgotPassword: 'frontend-users/forgot-password/confirm',
} as const;

export const apiPaths = {
  me: '/api/me',
  profile: '/api/profile',
} as const;

/**
 * The wire bodies and answers are the schemas' types (`schemas/accounts.ts`, the one source):
 * `ProfileFieldsDto` (spec §3 user fields; `club` links the club entry), `RegistrationInput`
 * (POST …/frontend-users/signup), `RegistrationResultDto` (`{ email }`, the answer of every
 * frontend-users call), `ConfirmSignupInput` (…/signup/confirm), `EmailInput` (…/signup/code and
 * …/forgot-password), `ConfirmForgotPasswordInput` (…/forgot-password/confirm), `MeDto`
 * (GET /api/me), `ProfileUpdateInput` and `ProfileUpdateResultDto` (PUT /api/profile).
 */
export type {
  ConfirmForgotPasswordInput,
  ConfirmSignupInput,
  EmailInput,
  MeDto,
  ProfileFieldsDto,
  ProfileUpdateInput,
  ProfileUpdateResultDto,
  RegistrationInput,
  RegistrationResultDto,
} from './schemas/accounts.js';

/**
 * Error body of every accounts call: `{ code, message, user? }` (spec §7: "a message with user[]
 * details on failure"). Statuses and codes, so the screens can show every spec §8 text:
 * - registration: 400 `ValidationError` (user[] lists the bad fields), 404 `ClubNotFound`
 *   ('Der gewählte Verein wurde nicht gefunden.'), 409 `EmailExists` (confirmed account),
 *   409 `EmailNotConfirmed` (exists, unconfirmed), 409 `ClubTaken` ('Für den gewählten Verein
 *   existiert bereits eine Anmeldung.');
 * - confirmation: 400 with code and message `NotAuthorizedException` = already confirmed; other 400
 *   (`CodeMismatchException`, `ExpiredCodeException`, `LimitExceededException`) = wrong or expired
 *   code; 404 `UserNotFoundException`;
 * - forgot-password/confirm: 400 wrong/expired code, 404 `UserNotFoundException`;
 * - resend / forgot-password: 429 `LimitExceededException` when asked more than once a minute;
 * - profile: 401 without a valid access token, 409 `Conflict` for a stale `updatedAt`.
 *
 * Further (server, additions to the above):
 * - success: signup 201, the other frontend-users calls 200, each with `{ email }` (the address as
 *   stored: trimmed, lowercased); GET /api/me and PUT /api/profile 200; DELETE /api/profile 204.
 * - `user` of a 400 `ValidationError` names the bad fields: `email`, `password`, `code`,
 *   `firstname`, `lastname`, `street`, `city`, `phone`, `club`, `fields`, `updatedAt`.
 * - resend for an already confirmed account: 400 with code and message `NotAuthorizedException`
 *   (as confirmation); confirmation after 5 wrong codes: 400 `LimitExceededException` (code dead).
 * - forgot-password answers 200 whether the address has an account or not (no enumeration).
 * - any frontend-users call: 429 `LimitExceededException` when the per-IP limit is exceeded.
 * - forgot-password/confirm with a password against the rule: 400 `InvalidPasswordException`.
 * - GET /api/me for a login without a profile (an identity user created outside the registration):
 *   404 `NotFound`.
 */
export type { AccountErrorCode, AccountErrorDto } from './schemas/accounts.js';

/**
 * ID-token claim with the club entry (`sys.id`) the account belongs to, set by the built-in
 * service's registration (and by a Cognito pool with IDENTITY_CLUB_ATTRIBUTE). Informational only:
 * the browser learns the member's club from GET /api/me (`useMemberClub`), whatever the pool's
 * attributes are.
 */
export const ID_TOKEN_CLUB_CLAIM = 'custom:club';

/** Spec §4 magic link: `?MAGIC_LINK=<base64url(JSON {email, challengeAnswer})>`. */
export const MAGIC_LINK_PARAM = 'MAGIC_LINK';

export interface MagicLinkDto {
  email: string;
  challengeAnswer: string;
}
