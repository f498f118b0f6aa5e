/**
 * Accounts (spec §3 User, §7 frontend-users and same-origin calls, §8 errors; decisions §2–3):
 * the wire shapes the mf-auth/mf-profile screens and the server agree on.
 *
 * Paths: `{base}/public/spaces/{spaceId}/frontend-users/<suffix>` (content API, no auth header)
 * and the same-origin `/api/me`, `/api/profile` (access token, anti-forgery header).
 */
import type { ClubDto, LinkDto } from './entities.js';

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

/** Spec §3 user fields; `club` links the club entry (club number + team) the account belongs to. */
export interface ProfileFieldsDto {
  firstname: string;
  lastname: string;
  street: string;
  city: string;
  phone?: string;
  club: LinkDto;
}

/** POST …/frontend-users/signup. The identity user and the profile are created together or not at all. */
export interface RegistrationInput {
  email: string;
  password: string;
  fields: ProfileFieldsDto;
}

/** 201 answer of a registration: the code went out by e-mail. */
export interface RegistrationResultDto {
  email: string;
}

/** POST …/signup/confirm */
export interface ConfirmSignupInput {
  email: string;
  code: string;
}

/** POST …/signup/code and …/forgot-password */
export interface EmailInput {
  email: string;
}

/** POST …/forgot-password/confirm */
export interface ConfirmForgotPasswordInput {
  email: string;
  code: string;
  password: string;
}

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
export type AccountErrorCode =
  | 'ValidationError'
  | 'ClubNotFound'
  | 'ClubTaken'
  | 'EmailExists'
  | 'EmailNotConfirmed'
  | 'NotAuthorizedException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'LimitExceededException'
  | 'UserNotFoundException'
  | 'InvalidPasswordException'
  | 'Conflict'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound';

export interface AccountErrorDto {
  code: AccountErrorCode;
  message: string;
  user?: string[];
}

/** GET /api/me */
export interface MeDto {
  sub: string;
  email: string;
  fields: ProfileFieldsDto;
  /** The linked club, resolved (null if it was removed from the catalogue). */
  club: ClubDto | null;
  updatedAt: string;
}

/** PUT /api/profile: a stale `updatedAt` is refused (409) and changes nothing; an empty password is not sent. */
export interface ProfileUpdateInput {
  fields: Omit<ProfileFieldsDto, 'club'>;
  updatedAt: string;
  password?: string;
}

export interface ProfileUpdateResultDto {
  fields: ProfileFieldsDto;
  updatedAt: string;
}

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
