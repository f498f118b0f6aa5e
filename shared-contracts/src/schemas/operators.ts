import { z } from 'zod';
import { isValidOperatorPassword, OPERATOR_PASSWORD_MIN_LENGTH, OPERATOR_ROLES } from '../operators.js';
import { isValidEmail } from '../validation.js';
import { operatorReasonSchema, wireId } from './common.js';

/**
 * The operator's own session and account, and operator management (admins): `operatorPaths.login`,
 * `.logout`, `.me`, `operatorAccountPaths`, and the API's OpenAPI document for signed-in operators.
 * A refused field answers 400 `ValidationError` with the field and its German message (the screens
 * show it at the field).
 */

/** The German messages of the operator forms (the server answers them with `field`). */
export const OPERATOR_INPUT_MESSAGES = {
  email: 'Gib eine gültige E-Mail-Adresse an.',
  password: `Das Passwort braucht mindestens ${OPERATOR_PASSWORD_MIN_LENGTH} Zeichen mit Groß- und Kleinbuchstaben, einer Ziffer und einem der Zeichen #?!@$ %^&*-.`,
  role: 'Die Rolle ist moderator oder admin.',
  nothing: 'Gib eine neue Rolle (role) oder den Status (disabled) an.',
  disabled: 'disabled ist true oder false.',
} as const;

/** Longest password a sign-in or the current password of a change compares (longer: wrong). */
export const OPERATOR_PASSWORD_COMPARE_MAX_LENGTH = 256;

export const operatorRoleSchema = z.enum(OPERATOR_ROLES, { error: OPERATOR_INPUT_MESSAGES.role });

/** Codes of the operator account calls (besides `ValidationError`, `Unauthorized`, `Forbidden`, `NotFound`). */
export const operatorErrorCodeSchema = z.enum([
  'ValidationError',
  'WrongPassword',
  'Unauthorized',
  'InvalidCredentials',
  'Forbidden',
  'NotFound',
  'OperatorExists',
  'LastAdmin',
  'SelfDisable',
  'LimitExceeded',
  'LoginLocked',
  'PasswordChangeRequired',
]);
export type OperatorErrorCode = z.infer<typeof operatorErrorCodeSchema>;

/** A new password: the operator rule (`isValidOperatorPassword`). */
const newPassword = z
  .string({ error: OPERATOR_INPUT_MESSAGES.password })
  .refine(isValidOperatorPassword, { message: OPERATOR_INPUT_MESSAGES.password });

/** A password that is only compared: anything else than a text up to 256 characters is a wrong one (no hint which). */
const comparedPassword = z.string().max(OPERATOR_PASSWORD_COMPARE_MAX_LENGTH).catch('');

/**
 * POST /api/operator/login. Nothing about the input is told apart: a missing or malformed address
 * or password is 401 `InvalidCredentials` as a wrong one is (after the limits).
 */
export const operatorLoginInputSchema = z.object({ email: z.string().catch(''), password: comparedPassword });
export type OperatorLoginInput = z.input<typeof operatorLoginInputSchema>;

/** The signed-in operator: the answer of login and `GET /api/operator/me`. */
export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  /** A session unused this long ends (the absolute limit is 12 hours). */
  idleTimeoutSeconds: z.number().int(),
  /** A start password an admin set: until it is changed, every other operator call answers 403 `PasswordChangeRequired`. */
  mustChangePassword: z.boolean().optional(),
});
export type OperatorDto = z.infer<typeof operatorSchema>;

/** POST /api/operator/password: the current password (a wrong one is 400 `WrongPassword`) and the new one. */
export const operatorPasswordChangeInputSchema = z.object({ currentPassword: comparedPassword, newPassword });

/** An operator account as admins manage it. */
export const operatorAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  /** Set while the account is disabled (it cannot log in, its sessions ended). */
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

export const operatorListSchema = z.object({ items: z.array(operatorAccountSchema) });

/** POST /api/operator/operators: the address (stored trimmed and in lower case), the role and a start password. */
export const operatorCreateInputSchema = z.object({
  email: z
    .string({ error: OPERATOR_INPUT_MESSAGES.email })
    .trim()
    .toLowerCase()
    .refine(isValidEmail, { message: OPERATOR_INPUT_MESSAGES.email }),
  role: operatorRoleSchema,
  password: newPassword,
});

const changesSomething = (value: unknown) =>
  typeof value !== 'object' ||
  value === null ||
  (value as { role?: unknown }).role !== undefined ||
  (value as { disabled?: unknown }).disabled !== undefined;

/**
 * PATCH /api/operator/operators/{id}: a new role and/or disabled state, with a reason (3–500
 * characters, logged). The last active admin cannot be demoted or disabled (409 `LastAdmin`); an
 * admin cannot disable themself (409 `SelfDisable`).
 */
export const operatorUpdateInputSchema = z
  .object({
    role: operatorRoleSchema.optional(),
    disabled: z.boolean({ error: OPERATOR_INPUT_MESSAGES.disabled }).optional(),
    reason: operatorReasonSchema,
  })
  // Checked even when the reason is missing: 'nothing to change' is told first.
  .refine(changesSomething, { message: OPERATOR_INPUT_MESSAGES.nothing, path: ['role'], when: () => true });

export const operatorIdParamsSchema = z.strictObject({ id: wireId });

// ---------------------------------------------------------------------------------------------
// The OpenAPI document (GET /api/operator/openapi.json): its top level and the parts a reader walks.

const openApiResponseSchema = z.looseObject({
  description: z.string().optional(),
  content: z
    .record(
      z.string(),
      z.looseObject({ schema: z.looseObject({ type: z.union([z.string(), z.array(z.string())]).optional() }).optional() }),
    )
    .optional(),
});

const openApiOperationSchema = z.looseObject({
  summary: z.string().optional(),
  tags: z.array(z.string()).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  responses: z.record(z.string(), openApiResponseSchema).optional(),
});

/** The OpenAPI 3.1 document of the server's API: every route with its schemas (http/openapi.ts). */
export const operatorOpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  /** Per path, per method (`get`, `post`, …): the operation. */
  paths: z.record(z.string(), z.record(z.string(), openApiOperationSchema)),
  components: z.looseObject({
    securitySchemes: z.record(z.string(), z.looseObject({ type: z.string() })).optional(),
    schemas: z
      .record(
        z.string(),
        z.looseObject({ type: z.union([z.string(), z.array(z.string())]).optional(), description: z.string().optional() }),
      )
      .optional(),
    responses: z.record(z.string(), openApiResponseSchema).optional(),
  }),
});
