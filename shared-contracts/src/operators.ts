/**
 * Back-office operators and the audit log (decisions §7, issue 8): roles, the own session and
 * password, operator management, and the one audit log of every operator write. The session is
 * the `erd_operator` cookie of `operatorPaths.login` (http-only: the browser never sees the
 * token); unsafe calls need the anti-forgery header as every `/api/` call.
 *
 * Roles: a `moderator` moderates entries and votes and reads everything (results, versions, the
 * audit log) but does not see or manage operators and does not set right answers or publish
 * results; an `admin` may do everything. A call the role does not allow answers 403 `Forbidden`.
 */

import type { z } from 'zod';
import type { auditEntrySchema, auditPageSchema, auditQuerySchema } from './schemas/audit.js';
import type {
  operatorAccountSchema,
  operatorCreateInputSchema,
  operatorListSchema,
  operatorPasswordChangeInputSchema,
  operatorUpdateInputSchema,
} from './schemas/operators.js';
import { isValidPassword } from './validation.js';

export const OPERATOR_ROLES = ['moderator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operatorAccountPaths = {
  /** POST `ChangePasswordInput` (any operator, own account) → 204. */
  password: '/api/operator/password',
  /** GET → `OperatorListDto`; POST `CreateOperatorInput` → 201 `OperatorAccountDto` (admin). */
  operators: '/api/operator/operators',
  /** PATCH `UpdateOperatorInput` → `OperatorAccountDto` (admin). */
  operator: (operatorId: string) => `/api/operator/operators/${encodeURIComponent(operatorId)}`,
} as const;

export const auditPaths = {
  /** GET `AuditQuery` → `AuditPageDto` (any operator). */
  audit: '/api/operator/audit',
  /** GET `AuditQuery` without page/size → CSV for Excel (UTF-8 with BOM, `;`), newest first. */
  auditCsv: '/api/operator/audit.csv',
} as const;

/** An operator account as admins manage it (`disabledAt` set while it cannot log in). */
export type OperatorAccountDto = z.infer<typeof operatorAccountSchema>;

export type OperatorListDto = z.infer<typeof operatorListSchema>;

/** POST /api/operator/operators. The password follows the operator rule (see `isValidOperatorPassword`). */
export type CreateOperatorInput = z.input<typeof operatorCreateInputSchema>;

/**
 * PATCH /api/operator/operators/{id}: a new role and/or disabled state, with a reason (3–500
 * characters, logged). The last active admin cannot be demoted or disabled (409 `LastAdmin`); an
 * admin cannot disable themself (409 `SelfDisable`).
 */
export type UpdateOperatorInput = z.input<typeof operatorUpdateInputSchema>;

/** POST /api/operator/password. On success every other session of the operator ends. */
export type ChangePasswordInput = z.input<typeof operatorPasswordChangeInputSchema>;

/** Operator passwords: at least 12 characters, and the account password rule of spec §5. */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;

export function isValidOperatorPassword(value: unknown): value is string {
  return isValidPassword(value) && value.length >= OPERATOR_PASSWORD_MIN_LENGTH;
}

// ---------------------------------------------------------------------------------------------
// Audit log

export const AUDIT_ACTIONS = [
  'publish',
  'reject',
  'remove-votes',
  'results-answer',
  'results-publish',
  'operator-add',
  'operator-role',
  'operator-disable',
  'operator-enable',
  'password-change',
  'password-reset',
  'challenge-update',
  'media-upload',
  'clubs-import',
  'club-logo',
  'newsletter-unsubscribe',
  'account-resend-code',
  'account-block',
  'account-unblock',
  'account-delete',
  'content-update',
  'newsletter-export',
  'newsletter-list',
  'operator-lock',
  'club-fans-export',
  'message-send',
  'season-create',
  'season-copy',
  'season-switch',
  'season-challenge-create',
  'season-challenge-duplicate',
  'season-challenge-remove',
  'season-challenge-withdraw',
  'season-challenge-restore',
  'season-challenge-order',
  'season-preview',
] as const;
/**
 * What an audit row records: moderation (`publish`, `reject`, `remove-votes`), results
 * (`results-answer`, `results-publish`), operators (`operator-add`, `operator-role`,
 * `operator-disable`, `operator-enable`), passwords (`password-change` by the operator,
 * `password-reset` on the command line), challenges (`challenge-update`, `media-upload`), clubs
 * (`clubs-import`, `club-logo`), the newsletter (`newsletter-unsubscribe`) and club accounts
 * (`account-resend-code`, `account-block`, `account-unblock`, `account-delete`) and the site content
 * (`content-update`: home teasers, banner texts, legal pages), reads of personal data
 * (`newsletter-export`: who took the subscriber list, when, how many addresses; `newsletter-list`:
 * who read a page of subscriber addresses, how many; `club-fans-export`: who took the confirmed fans
 * of one club or of all, how many), operator messages to the clubs (`message-send`: subject, filter and
 * how many accounts, never an address) and failed-login locks of operators
 * (`operator-lock`: 5 wrong passwords, until when), and seasons (issue 26, subject `year` or
 * `challenge`: `season-create`, `season-copy`, `season-switch`, `season-preview`,
 * `season-challenge-create`, `-duplicate`, `-remove`, `-withdraw`, `-restore`, `-order`). Never a password.
 */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** An action in the log: one of the above, or one a later module writes (lower-case words with dashes). */
export type AuditLogAction = AuditAction | (string & {});

/** What an audit row is about; more kinds (clubs, content) come with their back-office pages. */
export type AuditSubjectType = 'participation' | 'challenge' | 'operator' | (string & {});

/**
 * GET /api/operator/audit: filters combine (and). `actor`: part of the operator's e-mail or
 * `cli:<user>` (case-insensitive), or an operator id. `subject`: the subject's id (entry, challenge,
 * operator), optionally with `subjectType`. `from`/`to`: Europe/Berlin days `YYYY-MM-DD` (both
 * inclusive) or ISO 8601 instants. `page` from 1, `size` 1–200 (default 50).
 */
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** A row: `action` is an `AuditLogAction`, `subjectType` an `AuditSubjectType`; `actor` the operator's e-mail, `cli:<user>` or `import`. */
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export type AuditPageDto = z.infer<typeof auditPageSchema>;

/**
 * Error codes of the operator account calls: 400 `ValidationError`, 400 `WrongPassword`,
 * 401 `Unauthorized` / `InvalidCredentials`, 403 `Forbidden` ('Dafür fehlt dir die Berechtigung.'),
 * 404 `NotFound`, 409 `OperatorExists`, `LastAdmin`, `SelfDisable`, 429 `LimitExceeded` (per IP
 * address), 429 `LoginLocked` (5 wrong passwords for an address: sign-in and password change are
 * refused for 15 minutes, also with the right password).
 */
export type { OperatorErrorCode } from './schemas/operators.js';
