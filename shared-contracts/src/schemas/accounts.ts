import { z } from 'zod';
import { CODE_PATTERN, PASSWORD_MAX_LENGTH, PASSWORD_PATTERN, PHONE_PATTERN, PROFILE_LIMITS, isValidEmail } from '../validation.js';
import { WIRE_ID_MAX_LENGTH, isSingleLine } from './common.js';
import { clubSchema, linkSchema } from './entities.js';

/**
 * Accounts (spec §3 User, §7 frontend-users and same-origin calls, §8 errors; `accounts.ts` has the
 * paths and the statuses): the club account's registration, codes and new password under the
 * content API (`{base}/public/spaces/{spaceId}/frontend-users/…`, no auth), its profile at
 * `/api/me` and `/api/profile` (access token), and the built-in identity service's public keys.
 *
 * The inputs are the form rules of spec §5 (the same contract functions as the forms). A refused
 * input is answered by the server as before the schemas: 400 `ValidationError` with the message
 * 'Bitte überprüfe deine Eingaben.' and every bad field in `user` (the server maps zod's issues to
 * those names), and a new password against the rule at …/forgot-password/confirm as 400
 * `InvalidPasswordException`. Unknown fields are ignored, as before.
 */

/** The codes of the accounts calls' error answers (see `AccountErrorDto` in `accounts.ts`). */
export const accountErrorCodeSchema = z.enum([
  'ValidationError',
  'ClubNotFound',
  'ClubTaken',
  'EmailExists',
  'EmailNotConfirmed',
  'NotAuthorizedException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'LimitExceededException',
  'UserNotFoundException',
  'InvalidPasswordException',
  'PasswordChangeUnavailable',
  'IdentityUnavailable',
  'Conflict',
  'Unauthorized',
  'Forbidden',
  'NotFound',
]);
export type AccountErrorCode = z.infer<typeof accountErrorCodeSchema>;

/** Error body of every accounts call: `{ code, message, user? }`; `user` names the bad fields of a 400 `ValidationError`. */
export const accountErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  user: z.array(z.string()).optional(),
});
/** The type the screens read (`code` one of the accounts' codes). */
export const accountErrorDtoSchema = z.object({ code: accountErrorCodeSchema, message: z.string(), user: z.array(z.string()).optional() });
export type AccountErrorDto = z.infer<typeof accountErrorDtoSchema>;

/** `{base}/public/spaces/{spaceId}/frontend-users/…`: an unknown space is 404. */
export const frontendUserParamsSchema = z.object({ spaceId: z.string().min(1).max(100) });

/** An address as the forms check it (`isValidEmail`), stored and compared trimmed and lowercased. */
const accountEmail = z
  .string()
  .refine((value) => isValidEmail(value))
  .transform((value) => value.trim().toLowerCase());

/** Spec §5: exactly 6 digits. */
const accountCode = z.string().regex(CODE_PATTERN);

/** Spec §5's password rule (at most 256 characters). */
const accountPassword = z.string().max(PASSWORD_MAX_LENGTH).regex(PASSWORD_PATTERN);

/** A required profile text: trimmed, one line, within PROFILE_LIMITS. */
const profileText = (max: number) => z.string().trim().min(1).max(max).refine(isSingleLine);

/** Optional phone (PHONE_PATTERN, trimmed); left out, null or empty is no phone. */
const profilePhone = z
  .string()
  .trim()
  .max(PROFILE_LIMITS.phone)
  .regex(PHONE_PATTERN)
  .nullish()
  .transform((value) => value || null);

/** The profile's own fields as the forms send them (the club is the registration's, never changed). */
const profileValuesShape = {
  firstname: profileText(PROFILE_LIMITS.firstname),
  lastname: profileText(PROFILE_LIMITS.lastname),
  street: profileText(PROFILE_LIMITS.street),
  city: profileText(PROFILE_LIMITS.city),
  phone: profilePhone,
};

/** Spec §3 user fields as answered; `club` links the club entry (club number + team) the account belongs to. */
export const profileFieldsSchema = z.object({
  firstname: z.string(),
  lastname: z.string(),
  street: z.string(),
  city: z.string(),
  phone: z.string().optional(),
  club: linkSchema,
});
export type ProfileFieldsDto = z.infer<typeof profileFieldsSchema>;

/** POST …/frontend-users/signup. The identity user and the profile are created together or not at all. */
export const registrationInputSchema = z.object({
  email: accountEmail,
  password: accountPassword,
  fields: z.object({
    ...profileValuesShape,
    /** The chosen catalogue entry: only its `id` counts. */
    club: z.object({
      id: z.string().min(1).max(WIRE_ID_MAX_LENGTH),
      linkType: z.literal('Object').optional().catch(undefined),
      type: z.literal('Link').optional().catch(undefined),
    }),
  }),
});
export type RegistrationInput = z.input<typeof registrationInputSchema>;
/** What the server works with: the address normalised, the texts trimmed, an empty phone null. */
export type RegistrationInputValues = z.output<typeof registrationInputSchema>;

/** 201 answer of a registration (and 200 of the other frontend-users calls): the address as stored. */
export const registrationResultSchema = z.object({ email: z.string() });
export type RegistrationResultDto = z.infer<typeof registrationResultSchema>;

/** POST …/signup/confirm */
export const confirmSignupInputSchema = z.object({ email: accountEmail, code: accountCode });
export type ConfirmSignupInput = z.input<typeof confirmSignupInputSchema>;
export type ConfirmSignupInputValues = z.output<typeof confirmSignupInputSchema>;

/** POST …/signup/code and …/forgot-password */
export const accountEmailInputSchema = z.object({ email: accountEmail });
export type EmailInput = z.input<typeof accountEmailInputSchema>;

/** POST …/forgot-password/confirm: a password against the rule is 400 `InvalidPasswordException` (after email and code). */
export const confirmForgotPasswordInputSchema = z.object({ email: accountEmail, code: accountCode, password: accountPassword });
export type ConfirmForgotPasswordInput = z.input<typeof confirmForgotPasswordInputSchema>;
export type ConfirmForgotPasswordInputValues = z.output<typeof confirmForgotPasswordInputSchema>;

/** GET /api/me */
export const meSchema = z.object({
  sub: z.string(),
  email: z.string(),
  fields: profileFieldsSchema,
  /** The linked club, resolved (null if it was removed from the catalogue). */
  club: clubSchema.nullable(),
  updatedAt: z.string(),
});
export type MeDto = z.infer<typeof meSchema>;

/** PUT /api/profile: a stale `updatedAt` is refused (409) and changes nothing; an empty password is not sent. */
export const profileUpdateInputSchema = z.object({
  fields: z.object(profileValuesShape),
  /** The `updatedAt` the form was loaded with (a time). */
  updatedAt: z
    .string()
    .refine((value) => !Number.isNaN(new Date(value).getTime()))
    .transform((value) => new Date(value)),
  /** A new password; left out, null or empty changes nothing. */
  password: z
    .string()
    .refine((value) => value === '' || (value.length <= PASSWORD_MAX_LENGTH && PASSWORD_PATTERN.test(value)))
    .nullish()
    .transform((value) => value || null),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInputSchema>;
export type ProfileUpdateInputValues = z.output<typeof profileUpdateInputSchema>;

export const profileUpdateResultSchema = z.object({ fields: profileFieldsSchema, updatedAt: z.string() });
export type ProfileUpdateResultDto = z.infer<typeof profileUpdateResultSchema>;

/** GET {IDENTITY_ENDPOINT}/{userPoolId}/.well-known/jwks.json: the built-in identity service's token signing keys. */
export const identityJwkSchema = z.object({
  kty: z.literal('RSA'),
  n: z.string(),
  e: z.string(),
  kid: z.string(),
  alg: z.literal('RS256'),
  use: z.literal('sig'),
});
export const identityJwksSchema = z.object({ keys: z.array(identityJwkSchema) });
export type IdentityJwksDto = z.infer<typeof identityJwksSchema>;

/** GET {IDENTITY_ENDPOINT}/{userPoolId}/.well-known/openid-configuration */
export const identityOpenIdConfigurationSchema = z.object({
  issuer: z.string(),
  jwks_uri: z.string(),
  id_token_signing_alg_values_supported: z.array(z.string()),
  subject_types_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
});
export type IdentityOpenIdConfigurationDto = z.infer<typeof identityOpenIdConfigurationSchema>;

/**
 * POST /identity: the Cognito user-pool JSON protocol names its action in a header
 * (`X-Amz-Target: AWSCognitoIdentityProviderService.<Action>`); the body is the action's request
 * object, checked by the protocol with Cognito's own errors (server/src/modules/identity/protocol.ts).
 * Other headers pass as they are.
 */
export const identityProtocolHeadersSchema = z.looseObject({ 'x-amz-target': z.string().optional() });
