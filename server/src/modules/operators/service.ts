import { randomBytes } from 'node:crypto';
import { isValidEmail, type OperatorDto } from '@erd/shared-contracts/wire';
import {
  isValidOperatorPassword,
  OPERATOR_ROLES,
  type OperatorAccountDto,
  type OperatorListDto,
  type OperatorRole,
} from '@erd/shared-contracts/backoffice';
import {
  OPERATOR_INPUT_MESSAGES,
  operatorErrorCodeSchema,
  type operatorCreateInputSchema,
  type operatorLoginInputSchema,
  type operatorPasswordChangeInputSchema,
} from '@erd/shared-contracts/schemas';
import type { z } from 'zod';
import type { AppContext, ServiceCall } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { OperatorRow } from '../../db/schema/index.js';
import { CodedError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { normalizeEmail } from '../../lib/email.js';
import { sha256Hex } from '../../lib/hash.js';
import { appMac } from '../../lib/keys.js';
import { actorFields, appendAudit, cliActor, reasonOf, type Actor } from '../audit/service.js';
import { clearLoginFailures, LOCK_MS, reserveLoginAttempt, type ReservedAttempt } from '../login-lock/service.js';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limit/service.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repository.js';

/**
 * Operators (decisions §7): accounts of their own with a role (`moderator` moderates and reads,
 * `admin` may do everything), created on the command line or by an admin. Sessions are random
 * tokens (kept as SHA-256) that end 30 minutes after their last use and 12 hours after the login
 * at the latest; a disabled operator cannot log in and its sessions end. There is always an
 * active admin once there was one: the last one can neither be demoted nor disabled. Every
 * change is a row of the audit log, written in the change's transaction; passwords never are.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret' | 'log' | 'identity'>;

/** A signed-in operator as the routes know it (read per request: a new role or a disable counts at once). */
export interface OperatorPrincipal {
  id: string;
  email: string;
  role: OperatorRole;
  /** A start password set by an admin: only `me`, the own password change and sign-out until it is changed. */
  passwordChangeRequired: boolean;
}

export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60_000;
export const OPERATOR_IDLE_TIMEOUT_MS = 30 * 60_000;
/** A session's last use is written at most this often (no write per request). */
export const OPERATOR_SESSION_TOUCH_MS = 60_000;

const MESSAGES = {
  credentials: 'E-Mail-Adresse oder Passwort falsch.',
  limit: 'Zu viele Versuche. Bitte versuche es später erneut.',
  locked: `Zu viele falsche Anmeldeversuche mit dieser E-Mail-Adresse. Bitte versuche es in ${LOCK_MS / 60_000} Minuten noch einmal.`,
  email: OPERATOR_INPUT_MESSAGES.email,
  password: OPERATOR_INPUT_MESSAGES.password,
  role: OPERATOR_INPUT_MESSAGES.role,
  exists: 'Für diese E-Mail-Adresse gibt es schon einen Operator.',
  notFound: 'Diesen Operator gibt es nicht.',
  lastAdmin: 'Es muss mindestens ein aktiver Admin bleiben.',
  selfDisable: 'Du kannst dich nicht selbst deaktivieren.',
  wrongPassword: 'Das aktuelle Passwort stimmt nicht.',
  samePassword: 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  forbidden: 'Dafür fehlt dir die Berechtigung.',
} as const;

/** Operator management is for admins (and the command line): checked here, not only by the routes. */
function assertAdmin(actor: Actor): void {
  if (actor.role !== 'admin') throw new ForbiddenError(MESSAGES.forbidden);
}

function emailOf(value: unknown): string {
  const email = typeof value === 'string' ? normalizeEmail(value) : '';
  if (!isValidEmail(email)) throw new ValidationError(MESSAGES.email, { field: 'email' });
  return email;
}

function passwordOf(value: unknown, field = 'password'): string {
  if (!isValidOperatorPassword(value)) throw new ValidationError(MESSAGES.password, { field });
  return value;
}

function roleOf(value: unknown): OperatorRole {
  if (!(OPERATOR_ROLES as readonly unknown[]).includes(value)) throw new ValidationError(MESSAGES.role, { field: 'role' });
  return value as OperatorRole;
}

function toAccount(row: OperatorRow): OperatorAccountDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabledAt: row.disabledAt ? row.disabledAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
  };
}

export function toOperatorDto(operator: OperatorPrincipal): OperatorDto {
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    idleTimeoutSeconds: OPERATOR_IDLE_TIMEOUT_MS / 1000,
    mustChangePassword: operator.passwordChangeRequired,
  };
}

const codes = operatorErrorCodeSchema.enum;

/** What an operator's change takes: the route's body (checked by its schema) or the command line's options. */
export interface OperatorChange {
  role?: OperatorRole;
  disabled?: boolean;
  /** Required from the API (3–500 characters); the command line may leave it out. */
  reason?: string | null;
}

const newOperatorId = () => `op-${randomBytes(8).toString('hex')}`;

// ---------------------------------------------------------------------------------------------
// Roles and disabled state

/**
 * Changes role and/or disabled state of one operator inside `tx`, under the lock of every active
 * admin (repository `lockAdminsAnd`). Writes one audit row per change; a disable ends the
 * operator's sessions in the same transaction. Unchanged values write nothing.
 */
async function applyChange(
  tx: Db,
  now: Date,
  input: { targetId: string; role?: OperatorRole; disabled?: boolean; reason: string | null; actor: Actor },
): Promise<OperatorRow> {
  const locked = await repo.lockAdminsAnd(tx, input.targetId);
  const target = locked.find((row) => row.id === input.targetId);
  if (!target) throw new NotFoundError(MESSAGES.notFound);
  // The acting admin, checked again under the lock: one demoted or disabled by a change that
  // committed meanwhile acts no more (the command line has no account).
  if (
    input.actor.operatorId &&
    !locked.some((row) => row.id === input.actor.operatorId && row.role === 'admin' && row.disabledAt === null)
  ) {
    throw new ForbiddenError(MESSAGES.forbidden);
  }
  if (input.disabled === true && input.actor.operatorId === target.id) throw new CodedError(409, codes.SelfDisable, MESSAGES.selfDisable);

  const role = input.role ?? target.role;
  const disabled = input.disabled ?? target.disabledAt !== null;
  const wasActiveAdmin = target.role === 'admin' && target.disabledAt === null;
  const staysActiveAdmin = role === 'admin' && !disabled;
  if (
    wasActiveAdmin &&
    !staysActiveAdmin &&
    !locked.some((row) => row.id !== target.id && row.role === 'admin' && row.disabledAt === null)
  ) {
    throw new CodedError(409, codes.LastAdmin, MESSAGES.lastAdmin);
  }

  const audit = (action: 'operator-role' | 'operator-disable' | 'operator-enable', details: Record<string, unknown>) =>
    appendAudit(tx, {
      action,
      ...actorFields(input.actor),
      subjectType: 'operator',
      subjectId: target.id,
      reason: input.reason,
      details: { email: target.email, ...details },
      at: now,
    });

  let row = target;
  if (role !== target.role) {
    row = await repo.updateOperator(tx, target.id, { role }, now);
    await audit('operator-role', { before: { role: target.role }, after: { role } });
  }
  if (disabled !== (target.disabledAt !== null)) {
    row = await repo.updateOperator(tx, target.id, { disabledAt: disabled ? now : null }, now);
    if (disabled) {
      const endedSessions = await repo.deleteSessionsOf(tx, target.id);
      await audit('operator-disable', { before: { disabledAt: null }, after: { disabledAt: now.toISOString() }, endedSessions });
    } else {
      await audit('operator-enable', { before: { disabledAt: target.disabledAt?.toISOString() ?? null }, after: { disabledAt: null } });
    }
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Management (admin, or the command line)

/**
 * `operator-add` on the command line: creates the operator (role `moderator` unless given) or,
 * for a known address, sets a new password (ending its sessions) and, when a role is given, that
 * role (the last-admin rule holds here too).
 */
export async function addOperator({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'now'>, { email: string; password: string; role?: OperatorRole; actor?: Actor }>): Promise<{
  id: string;
  email: string;
  role: OperatorRole;
  created: boolean;
  disabled: boolean;
}> {
  const actor = input.actor ?? cliActor();
  assertAdmin(actor);
  const email = emailOf(input.email);
  const password = passwordOf(input.password);
  const role = input.role === undefined ? undefined : roleOf(input.role);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const created = await repo.insertOperator(tx, { id: newOperatorId(), email, passwordHash, role: role ?? 'moderator', now });
    const audit = { ...actorFields(actor), subjectType: 'operator', reason: null, at: now } as const;
    if (created) {
      await appendAudit(tx, { ...audit, action: 'operator-add', subjectId: created.id, details: { email, role: created.role } });
      return { id: created.id, email, role: created.role, created: true, disabled: false };
    }
    const existing = (await repo.findOperatorByEmail(tx, email))!;
    await repo.setPassword(tx, existing.id, passwordHash, now);
    const endedSessions = await repo.deleteSessionsOf(tx, existing.id);
    await appendAudit(tx, { ...audit, action: 'password-reset', subjectId: existing.id, details: { email, endedSessions } });
    const row = role ? await applyChange(tx, now, { targetId: existing.id, role, reason: null, actor }) : existing;
    return { id: row.id, email, role: row.role, created: false, disabled: row.disabledAt !== null };
  });
}

/** GET /api/operator/operators (admin). */
export async function listOperators({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { actor: Actor } }): Promise<OperatorListDto> {
  assertAdmin(input.actor);
  return { items: (await repo.listOperators(ctx.db)).map(toAccount) };
}

/** POST /api/operator/operators (admin): `{ email, role, password }`; a known address is 409 `OperatorExists`. */
export async function createOperator({
  ctx,
  input,
}: ServiceCall<
  Pick<AppContext, 'db' | 'now' | 'log'>,
  { operator: z.output<typeof operatorCreateInputSchema>; actor: Actor }
>): Promise<OperatorAccountDto> {
  assertAdmin(input.actor);
  const { email, role, password } = input.operator;
  const passwordHash = await hashPassword(password);
  const row = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // Somebody else knows a start password: the new operator must choose their own before anything else.
    const created = await repo.insertOperator(tx, { id: newOperatorId(), email, passwordHash, role, now, passwordChangeRequired: true });
    if (!created) throw new CodedError(409, codes.OperatorExists, MESSAGES.exists, { field: 'email' });
    await appendAudit(tx, {
      action: 'operator-add',
      ...actorFields(input.actor),
      subjectType: 'operator',
      subjectId: created.id,
      reason: null,
      details: { email, role },
      at: now,
    });
    return created;
  });
  ctx.log.info({ operator: row.id, role, actor: input.actor.name }, 'operator created');
  return toAccount(row);
}

/**
 * PATCH /api/operator/operators/{id} (admin): `{ role?, disabled?, reason }`. 409 `LastAdmin`
 * when no active admin would be left, 409 `SelfDisable` for the own account. The command line
 * (`operator-role`, `operator-disable`, `operator-enable`) may leave out the reason.
 */
export async function updateOperator({
  ctx,
  input,
}: ServiceCall<
  Pick<AppContext, 'db' | 'now' | 'log'>,
  { id: string; body: OperatorChange; actor: Actor; reasonRequired?: boolean }
>): Promise<OperatorAccountDto> {
  assertAdmin(input.actor);
  const { role, disabled } = input.body;
  // The API's reason is checked by its schema already; the command line's option here.
  const reason = reasonOf(input.body.reason, input.reasonRequired ?? true);
  const row = await ctx.db.transaction((tx) =>
    applyChange(tx, ctx.now(), { targetId: input.id, role, disabled, reason, actor: input.actor }),
  );
  ctx.log.info({ operator: row.id, role: row.role, disabled: row.disabledAt !== null, actor: input.actor.name }, 'operator changed');
  return toAccount(row);
}

/** The operator of an address (the command line names operators by e-mail). */
export async function findOperatorId({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { email: string } }): Promise<string> {
  const row = await repo.findOperatorByEmail(ctx.db, emailOf(input.email));
  if (!row) throw new NotFoundError(MESSAGES.notFound);
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Sessions

/**
 * The failed-login lock's name for an operator address (modules/login-lock): a keyed hash of the
 * normalised address, so the table keeps no address, in a namespace of its own (an operator who
 * is also a member has two locks). Known and unknown addresses get one alike.
 */
function loginLockKey(ctx: Pick<AppContext, 'secret'>, email: string): string {
  return `operator:${appMac(ctx.secret, 'operator-login', email)}`;
}

/** Counts a password check of the address before it is compared; while the lock holds, 429 without comparing. */
async function reservePasswordCheck(ctx: Ctx, email: string): Promise<ReservedAttempt> {
  const reserved = await reserveLoginAttempt({ ctx, input: { key: loginLockKey(ctx, email) } });
  if (!reserved) throw new CodedError(429, codes.LoginLocked, MESSAGES.locked);
  return reserved;
}

/**
 * A wrong password that set the lock of an operator's address is in the audit log (who was
 * locked, until when). Addresses without an operator lock alike but write nothing: the log is
 * about operators, and an attacker's guesses are not.
 */
async function auditLock(ctx: Ctx, operator: OperatorRow | undefined, reserved: ReservedAttempt): Promise<void> {
  if (!reserved.locks || !operator) return;
  await appendAudit(ctx.db, {
    action: 'operator-lock',
    operatorId: null,
    actor: 'login-lock',
    subjectType: 'operator',
    subjectId: operator.id,
    reason: null,
    details: { email: operator.email, failures: reserved.attempt, lockedUntil: reserved.lockedUntil.toISOString() },
    at: ctx.now(),
  });
  ctx.log.warn({ operator: operator.id }, 'operator login locked after failed passwords');
}

/**
 * POST /api/operator/login: a new session token (the routes put it into the cookie until
 * `cookieExpiresAt`). Besides the limit per IP address, every password check of an address counts
 * towards the failed-login lock of members (5 in a row lock the address for 15 minutes, operator or
 * not; while it holds, even the right password is refused without being compared).
 */
export async function loginOperator({
  ctx,
  input,
}: ServiceCall<Ctx, { credentials: z.output<typeof operatorLoginInputSchema>; ip: string }>): Promise<{
  operator: OperatorDto;
  token: string;
  cookieExpiresAt: Date;
}> {
  if (!(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.operatorLogin, subject: input.ip } }))) {
    throw new CodedError(429, codes.LimitExceeded, MESSAGES.limit);
  }
  // The schema turned a missing or malformed address or password into '': wrong, as any other.
  const email = normalizeEmail(input.credentials.email);
  const { password } = input.credentials;
  const reserved = await reservePasswordCheck(ctx, email);
  const operator = email ? await repo.findOperatorByEmail(ctx.db, email) : undefined;
  // The same work whether the address is known, disabled or not: the answer tells nothing either.
  const ok = await verifyPassword(password, operator?.passwordHash ?? (await dummyHash()));
  if (!operator || !ok || !password || operator.disabledAt) {
    await auditLock(ctx, operator, reserved);
    throw new CodedError(401, codes.InvalidCredentials, MESSAGES.credentials);
  }
  await clearLoginFailures({ ctx, input: { key: loginLockKey(ctx, email) } });
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await repo.insertSession(ctx.db, {
    tokenHash: sha256Hex(token),
    operatorId: operator.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + Math.min(OPERATOR_IDLE_TIMEOUT_MS, OPERATOR_SESSION_TTL_MS)),
  });
  ctx.log.info({ operator: operator.id }, 'operator logged in');
  return {
    operator: toOperatorDto(operator),
    token,
    cookieExpiresAt: new Date(now.getTime() + OPERATOR_SESSION_TTL_MS),
  };
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The operator of a session token, or null (unknown, ended, idle for 30 minutes, older than 12
 * hours, or the operator is disabled). A use moves the session's end, written at most once a minute.
 */
export async function operatorOfSession({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'now'>, { token: string }>): Promise<OperatorPrincipal | null> {
  if (!TOKEN_PATTERN.test(input.token)) return null;
  const now = ctx.now();
  const tokenHash = sha256Hex(input.token);
  const found = await repo.findLiveSession(ctx.db, tokenHash, now);
  if (!found) return null;
  const { session, operator } = found;
  if (now.getTime() - session.lastSeenAt.getTime() >= OPERATOR_SESSION_TOUCH_MS) {
    const end = Math.min(session.createdAt.getTime() + OPERATOR_SESSION_TTL_MS, now.getTime() + OPERATOR_IDLE_TIMEOUT_MS);
    await repo.touchSession(ctx.db, tokenHash, now, new Date(end), OPERATOR_SESSION_TOUCH_MS);
  }
  return { id: operator.id, email: operator.email, role: operator.role, passwordChangeRequired: operator.passwordChangeRequired };
}

/** Clean-up (a scheduled job): operator sessions past their end (idle or 12 hours). */
export async function removeExpiredOperatorSessions({ ctx }: { ctx: Pick<AppContext, 'db' | 'now'> }): Promise<void> {
  await repo.deleteExpiredSessions(ctx.db, ctx.now());
}

export async function logoutOperator({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { token: string } }): Promise<void> {
  await repo.deleteSession(ctx.db, sha256Hex(input.token));
}

/**
 * POST /api/operator/password: `{ currentPassword, newPassword }` for the own account. A wrong
 * current password is 400 `WrongPassword` (tries count against a limit per operator); on success
 * every other session of the operator ends, this one stays.
 */
export async function changePassword({
  ctx,
  input,
}: ServiceCall<
  Ctx,
  { operator: OperatorPrincipal; token: string; passwords: z.output<typeof operatorPasswordChangeInputSchema> }
>): Promise<void> {
  // The new password follows the operator rule (the schema); a missing current one is '' (wrong).
  const { newPassword, currentPassword: current } = input.passwords;
  if (!(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.operatorLogin, subject: `password:${input.operator.id}` } }))) {
    throw new CodedError(429, codes.LimitExceeded, MESSAGES.limit);
  }
  const row = await repo.findOperatorById(ctx.db, input.operator.id);
  if (!row) throw new CodedError(400, codes.WrongPassword, MESSAGES.wrongPassword, { field: 'currentPassword' });
  // A wrong current password counts towards the login lock, as a member's does (whoever holds the
  // session does not get more guesses than the sign-in form gives).
  const reserved = await reservePasswordCheck(ctx, row.email);
  if (!current || !(await verifyPassword(current, row.passwordHash))) {
    await auditLock(ctx, row, reserved);
    throw new CodedError(400, codes.WrongPassword, MESSAGES.wrongPassword, { field: 'currentPassword' });
  }
  await clearLoginFailures({ ctx, input: { key: loginLockKey(ctx, row.email) } });
  if (newPassword === current) throw new ValidationError(MESSAGES.samePassword, { field: 'newPassword' });
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await repo.setPassword(tx, row.id, passwordHash, now);
    const endedSessions = await repo.deleteSessionsOf(tx, row.id, sha256Hex(input.token));
    await appendAudit(tx, {
      action: 'password-change',
      operatorId: row.id,
      actor: row.email,
      subjectType: 'operator',
      subjectId: row.id,
      reason: null,
      details: { email: row.email, endedSessions },
      at: now,
    });
  });
  ctx.log.info({ operator: row.id }, 'operator password changed');
}
