import { createHmac, hkdfSync, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { MAGIC_LINK_PARAM, isValidCode, paths, type MagicLinkDto } from '@erd/shared-contracts/wire';
import type { AppContext, ServiceCall } from '../../context.js';
import type { IdentityCodePurpose, IdentityUserRow } from '../../db/schema/index.js';
import { normalizeEmail } from '../../lib/email.js';
import { safeEqual } from '../../lib/hash.js';
import * as loginLock from '../login-lock/service.js';
import { passwordResetCodeMail, signupCodeMail } from '../mail/templates.js';
import { badCredentials, IdentityError, MESSAGES } from './errors.js';
import * as repo from './repository.js';
import { open, seal } from './sealing.js';
import {
  MAX_SRP_A_HEX,
  N,
  bigFromBuffer,
  bigFromHex,
  createVerifier,
  passwordClaimSignature,
  serverChallenge,
  serverSessionKey,
  signatureMatches,
  verifyPassword,
} from './srp.js';
import {
  AccessTokenError,
  hashRefreshToken,
  signTokens,
  startSession,
  verifyAccessToken,
  type AccessTokenClaims,
  type AuthenticationResult,
} from './tokens.js';

/**
 * The built-in identity service (decisions §2): accounts, codes, SRP and password logins. Used by
 * the Cognito-protocol actions (protocol.ts) and by the accounts module (registration, profile,
 * deletion), which runs several of these steps in one transaction.
 */

export type IdentityCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log' | 'now' | 'secret' | 'identity' | 'metrics'>;

export const SIGNUP_CODE_TTL_MS = 24 * 3_600_000;
export const RESET_CODE_TTL_MS = 3_600_000;
export const MAX_CODE_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60_000;
/** An account never confirmed for this long gives its e-mail address (and club entry) free again. */
export const UNCONFIRMED_TTL_MS = 7 * 86_400_000;
export const SECRET_BLOCK_TTL_MS = 5 * 60_000;
export const TIMESTAMP_SKEW_MS = 5 * 60_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Runs `fn` in a transaction (a savepoint when `ctx.db` already is one). */
export function inTransaction<C extends Pick<AppContext, 'db'>, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx }));
}

/** The username is the e-mail address (any case) or the sub (the library switches to USER_ID_FOR_SRP after login). */
export async function findUserByUsername(ctx: Pick<AppContext, 'db'>, username: string): Promise<IdentityUserRow | undefined> {
  if (username.includes('@')) return repo.findUserByEmail(ctx.db, normalizeEmail(username));
  const sub = username.trim().toLowerCase();
  return UUID_PATTERN.test(sub) ? repo.findUserBySub(ctx.db, sub) : undefined;
}

/**
 * Real time, for everything a client or a duration depends on: the SRP TIMESTAMP and SECRET_BLOCK
 * age, token times (the browser library compares them with its own clock), sessions, codes and
 * locks. `ctx.now()` may be shifted by CLOCK_OFFSET_DAYS (staging rehearsals); it stays the clock
 * of the account records (created, confirmed), which the accounts module compares with it.
 */
export function realNow(ctx: Pick<AppContext, 'identity'>): Date {
  return ctx.identity.realNow();
}

const lockedError = () => new IdentityError('NotAuthorizedException', MESSAGES.locked);

/**
 * Counts a password check of `sub` (an account's, or the made-up sub of an unknown username)
 * before the comparison; throws "Password attempts exceeded" without comparing while the lock
 * holds (modules/login-lock: 5 in a row lock for 15 minutes, accounts and unknown addresses alike;
 * a right password then clears the count).
 */
async function reserveLoginAttempt(ctx: IdentityCtx, sub: string): Promise<void> {
  if (!(await loginLock.reserveLoginAttempt({ ctx, input: { key: sub } }))) throw lockedError();
}

async function assertNotLocked(ctx: IdentityCtx, sub: string): Promise<void> {
  if (await loginLock.isLoginLocked({ ctx, input: { key: sub } })) throw lockedError();
}

const clearLoginFailures = (ctx: Pick<IdentityCtx, 'db'>, sub: string) => loginLock.clearLoginFailures({ ctx, input: { key: sub } });

// ---- clean-up (scheduled jobs, modules/jobs/cleanup.ts)

/**
 * What can no longer be used: answered SECRET_BLOCK ids past their 5 minutes, forgotten failure
 * counts (older than their 15-minute window, no lock), ended sessions, codes a day past expiry.
 */
export async function removeExpiredIdentityData({ ctx }: { ctx: Pick<AppContext, 'db' | 'identity'> }): Promise<void> {
  await repo.deleteExpired(ctx.db, realNow(ctx));
  await loginLock.removeForgottenLoginFailures({ ctx });
}

/** Accounts never confirmed within 7 days go, with their profiles (their address and club entry are free again). */
export async function removeStaleUnconfirmedAccounts({ ctx }: { ctx: Pick<AppContext, 'db' | 'now'> }): Promise<number> {
  return repo.deleteAllStaleUnconfirmed(ctx.db, new Date(ctx.now().getTime() - UNCONFIRMED_TTL_MS));
}

// ---- passwords

/** The password policy of the contracts (`isValidPassword`), with Cognito-style reasons. */
export function passwordPolicyError(password: unknown): IdentityError | null {
  const prefix = 'Password did not conform with policy: ';
  const fail = (reason: string) => new IdentityError('InvalidPasswordException', `${prefix}${reason}`);
  if (typeof password !== 'string' || password.length < 8) return fail('Password not long enough');
  if (password.length > 256) return fail('Password is too long');
  if (!/[A-Z]/.test(password)) return fail('Password must have uppercase characters');
  if (!/[a-z]/.test(password)) return fail('Password must have lowercase characters');
  if (!/[0-9]/.test(password)) return fail('Password must have numeric characters');
  if (!/[#?!@$ %^&*-]/.test(password)) return fail('Password must have symbol characters');
  return null;
}

function assertPasswordPolicy(password: unknown): asserts password is string {
  const error = passwordPolicyError(password);
  if (error) throw error;
}

function newSecret(ctx: IdentityCtx, sub: string, password: string) {
  return createVerifier(ctx.identity.modPow, ctx.identity.poolName, sub, password);
}

/** Sets a new password (new salt and verifier); the caller has checked who may do it. */
export async function setPassword({ ctx, input }: { ctx: IdentityCtx; input: { sub: string; password: unknown } }): Promise<void> {
  assertPasswordPolicy(input.password);
  await repo.setPassword(ctx.db, input.sub, newSecret(ctx, input.sub, input.password), ctx.now());
}

/** ChangePassword: the previous password must be right (failures count towards the lock). */
export async function changePassword({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { user: IdentityUserRow; previousPassword: string; proposedPassword: unknown }>): Promise<void> {
  const { user } = input;
  assertPasswordPolicy(input.proposedPassword);
  await reserveLoginAttempt(ctx, user.sub);
  if (!verifyPassword(ctx.identity.modPow, ctx.identity.poolName, user.sub, input.previousPassword, user)) throw badCredentials();
  await clearLoginFailures(ctx, user.sub);
  await repo.setPassword(ctx.db, user.sub, newSecret(ctx, user.sub, input.proposedPassword as string), ctx.now());
}

// ---- users

/**
 * Creates an unconfirmed user (no code yet: see `sendCode`). An account with the same address that
 * was never confirmed within 7 days is removed first. Throws UsernameExistsException.
 */
export async function createUser({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { email: string; password: unknown; attributes?: Record<string, string> }>): Promise<IdentityUserRow> {
  assertPasswordPolicy(input.password);
  const now = ctx.now();
  const email = normalizeEmail(input.email);
  await repo.deleteStaleUnconfirmed(ctx.db, { email }, new Date(now.getTime() - UNCONFIRMED_TTL_MS));
  const sub = randomUUID();
  const user = await repo.insertUser(ctx.db, {
    sub,
    email,
    status: 'UNCONFIRMED',
    ...newSecret(ctx, sub, input.password),
    attributes: input.attributes ?? {},
    createdAt: now,
    updatedAt: now,
  });
  if (!user) throw new IdentityError('UsernameExistsException', MESSAGES.usernameExists);
  return user;
}

/** An account never confirmed within 7 days: its address and club entry may be registered again. */
export function isStaleUnconfirmed(user: IdentityUserRow, now: Date): boolean {
  return user.status === 'UNCONFIRMED' && user.createdAt.getTime() < now.getTime() - UNCONFIRMED_TTL_MS;
}

/** Removes a never confirmed account older than 7 days (it holds an address or a club entry). */
export async function deleteStaleUnconfirmedUser({ ctx, input }: { ctx: IdentityCtx; input: { sub: string } }): Promise<boolean> {
  return repo.deleteStaleUnconfirmed(ctx.db, { sub: input.sub }, new Date(ctx.now().getTime() - UNCONFIRMED_TTL_MS));
}

/** Deletes the user with everything that hangs on it (profile, sessions, codes) at once. */
export async function deleteUser({ ctx, input }: { ctx: IdentityCtx; input: { sub: string } }): Promise<boolean> {
  return repo.deleteUser(ctx.db, input.sub);
}

export async function updateAttributes({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { user: IdentityUserRow; attributes: Record<string, string> }>): Promise<void> {
  await repo.setAttributes(ctx.db, input.user.sub, { ...input.user.attributes, ...input.attributes }, ctx.now());
}

// ---- codes

function codeHash(ctx: IdentityCtx, sub: string, purpose: IdentityCodePurpose, code: string): string {
  return createHmac('sha256', ctx.identity.key('code-hash')).update(`${sub}:${purpose}:${code}`).digest('hex');
}

/** `${PUBLIC_URL}/confirmation?MAGIC_LINK=<base64url(JSON {email, challengeAnswer})>` (spec §4). */
export function magicLinkUrl(ctx: Pick<AppContext, 'config'>, email: string, code: string): string {
  const dto: MagicLinkDto = { email, challengeAnswer: code };
  const value = Buffer.from(JSON.stringify(dto), 'utf8').toString('base64url');
  return `${ctx.config.publicUrl}${paths.confirmation}?${MAGIC_LINK_PARAM}=${value}`;
}

/**
 * Creates a fresh 6-digit code for the purpose (replacing the old one) and queues its mail, at most
 * once a minute per user and purpose (LimitExceededException). Run it in a transaction: the code
 * and its mail job commit together (or neither does). The mail is sent by a job (modules/jobs),
 * retried while SMTP fails; the answer never waits for SMTP, so it takes as long for a known
 * address as for an unknown one.
 */
export async function sendCode({
  ctx,
  input,
}: {
  ctx: IdentityCtx;
  /** `name`: the account's first name where the caller knows it (the mail greets by it). */
  input: { user: IdentityUserRow; purpose: IdentityCodePurpose; name?: string | null };
}): Promise<void> {
  const { user, purpose, name } = input;
  const now = realNow(ctx);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const ttl = purpose === 'signup' ? SIGNUP_CODE_TTL_MS : RESET_CODE_TTL_MS;
  const stored = await repo.upsertCode(
    ctx.db,
    { sub: user.sub, purpose, codeHash: codeHash(ctx, user.sub, purpose, code), expiresAt: new Date(now.getTime() + ttl), sentAt: now },
    new Date(now.getTime() - RESEND_INTERVAL_MS),
  );
  if (!stored) throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
  const { productName, publicUrl } = ctx.config;
  const mail = await (purpose === 'signup'
    ? signupCodeMail({ productName, code, confirmUrl: magicLinkUrl(ctx, user.email, code), validHours: ttl / 3_600_000, name })
    : passwordResetCodeMail({
        productName,
        code,
        changePasswordUrl: `${publicUrl}${paths.changePassword}`,
        validMinutes: ttl / 60_000,
        name,
      }));
  await ctx.jobs.enqueue(ctx.db, 'mail', { to: user.email, ...mail });
}

/**
 * Checks a code without using it up. Every try is counted before the comparison (atomically and
 * outside any transaction of the caller, so parallel guesses cannot slip past the limit); after 5
 * wrong tries the code is dead (LimitExceededException).
 */
async function checkCode(ctx: IdentityCtx, user: IdentityUserRow, purpose: IdentityCodePurpose, code: unknown): Promise<string> {
  const row = await repo.findCode(ctx.db, user.sub, purpose);
  if (!row) throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
  if (row.attempts >= MAX_CODE_ATTEMPTS) throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
  if (row.expiresAt.getTime() <= realNow(ctx).getTime()) throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
  if ((await repo.reserveCodeTry(ctx.db, user.sub, purpose, MAX_CODE_ATTEMPTS)) === null) {
    throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
  }
  const hash = isValidCode(code) ? codeHash(ctx, user.sub, purpose, code) : '';
  if (!hash || !safeEqual(hash, row.codeHash)) throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
  return hash;
}

async function consume(ctx: IdentityCtx, user: IdentityUserRow, purpose: IdentityCodePurpose, hash: string): Promise<void> {
  const used = await repo.consumeCode(ctx.db, {
    sub: user.sub,
    purpose,
    codeHash: hash,
    maxAttempts: MAX_CODE_ATTEMPTS,
    now: realNow(ctx),
  });
  if (!used) throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
}

/** ConfirmSignUp: a confirmed user gets NotAuthorizedException ("Current status is CONFIRMED"). */
export async function confirmSignup({ ctx, input }: { ctx: IdentityCtx; input: { user: IdentityUserRow; code: unknown } }): Promise<void> {
  const { user } = input;
  if (user.status === 'CONFIRMED') throw new IdentityError('NotAuthorizedException', MESSAGES.alreadyConfirmed);
  const hash = await checkCode(ctx, user, 'signup', input.code);
  await inTransaction(ctx, async (tx) => {
    await consume(tx, user, 'signup', hash);
    await repo.markConfirmed(tx.db, user.sub, tx.now());
  });
}

/** ResendConfirmationCode: a new sign-up code, at most once a minute. */
export async function resendSignupCode({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { user: IdentityUserRow; name?: string | null }>): Promise<void> {
  if (input.user.status === 'CONFIRMED') throw new IdentityError('InvalidParameterException', 'User is already confirmed.');
  await inTransaction(ctx, (tx) => sendCode({ ctx: tx, input: { user: input.user, purpose: 'signup', name: input.name } }));
}

/** ForgotPassword: a reset code, at most once a minute (also for unconfirmed accounts: see confirmPasswordReset). */
export async function requestPasswordReset({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { user: IdentityUserRow; name?: string | null }>): Promise<void> {
  await inTransaction(ctx, (tx) => sendCode({ ctx: tx, input: { user: input.user, purpose: 'reset', name: input.name } }));
}

/**
 * ConfirmForgotPassword: the code proves control of the mailbox, so it also confirms an unconfirmed
 * address and lifts a login lock; all sessions end (whoever knew the old password is logged out).
 */
export async function confirmPasswordReset({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { user: IdentityUserRow; code: unknown; password: unknown }>): Promise<void> {
  const { user } = input;
  assertPasswordPolicy(input.password);
  const password = input.password;
  const hash = await checkCode(ctx, user, 'reset', input.code);
  await inTransaction(ctx, async (tx) => {
    const now = tx.now();
    await consume(tx, user, 'reset', hash);
    await repo.setPassword(tx.db, user.sub, newSecret(tx, user.sub, password), now);
    await repo.markConfirmed(tx.db, user.sub, now);
    await clearLoginFailures(tx, user.sub);
    await repo.revokeAllSessions(tx.db, user.sub, realNow(tx));
  });
}

// ---- logins

/**
 * The sealed server state of an SRP login. Nothing in it tells a made-up challenge from a real one:
 * the same fields, `b` and `B` at fixed width, so the SECRET_BLOCK's length depends on `A` alone;
 * a made-up sub is recognised on the answer by having no account.
 */
interface SecretBlockPayload {
  id: string;
  sub: string;
  A: string;
  B: string;
  b: string;
  iat: number;
}

/** Hex width of `b` (256 bits) and of `B` (< N) in the block. */
const B_SECRET_HEX = 64;
const B_PUBLIC_HEX = 768;

function sealBlock(ctx: IdentityCtx, clientId: string, payload: SecretBlockPayload): string {
  return seal(ctx.identity.key('secret-block'), Buffer.from(JSON.stringify(payload), 'utf8'), `secret-block:${clientId}`);
}

function openBlock(ctx: IdentityCtx, clientId: string, block: string): SecretBlockPayload | null {
  const raw = open(ctx.identity.key('secret-block'), block, `secret-block:${clientId}`);
  if (!raw) return null;
  try {
    return JSON.parse(raw.toString('utf8')) as SecretBlockPayload;
  } catch {
    return null;
  }
}

interface LoginSecret {
  sub: string;
  salt: string;
  verifier: bigint;
}

/**
 * A stable made-up user for an unknown username, shaped like a real one: a sub that is a version 4
 * UUID with any of the four variants (the username itself when it is a sub, as a real sub comes
 * back as it was asked), 16 bytes of salt, a verifier below N; all derived from the app secret and
 * the normalised username, so every challenge for the address carries the same values.
 */
function fakeUser(ctx: IdentityCtx, username: string): LoginSecret {
  const mac = fakeMac(ctx, username);
  return {
    sub: fakeSub(ctx, username),
    salt: mac('salt', 16).toString('hex'),
    verifier: (bigFromBuffer(mac('verifier', 384)) % (N - 2n)) + 2n,
  };
}

function fakeMac(ctx: IdentityCtx, username: string) {
  const name = normalizeEmail(username);
  return (label: string, bytes: number) =>
    Buffer.from(hkdfSync('sha256', ctx.identity.key('fake-user'), Buffer.alloc(0), `${label}:${name}`, bytes));
}

function fakeSub(ctx: IdentityCtx, username: string): string {
  const name = normalizeEmail(username);
  if (UUID_PATTERN.test(name)) return name;
  const raw = fakeMac(ctx, username)('sub', 16);
  raw[6] = (raw[6]! & 0x0f) | 0x40;
  raw[8] = (raw[8]! & 0x3f) | 0x80;
  const h = raw.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The account's SRP secret, or the made-up one of an unknown username: the login code runs the
 * same steps for both. The made-up one is derived in both cases, so that both take as long.
 */
function loginSecret(ctx: IdentityCtx, username: string, user: IdentityUserRow | undefined): LoginSecret {
  const fake = fakeUser(ctx, username);
  return user ? { sub: user.sub, salt: user.salt, verifier: bigFromHex(user.verifier) } : fake;
}

const TIMESTAMP_PATTERN =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The client's TIMESTAMP (`ddd MMM D HH:mm:ss UTC YYYY`, day not zero-padded) as a time, or null. */
export function parseSrpTimestamp(value: string): Date | null {
  const m = TIMESTAMP_PATTERN.exec(value);
  if (!m) return null;
  const [, , month, day, hh, mm, ss, year] = m;
  const date = new Date(Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), Number(hh), Number(mm), Number(ss)));
  return date.getUTCDate() === Number(day) ? date : null;
}

export interface SrpChallenge {
  ChallengeName: 'PASSWORD_VERIFIER';
  ChallengeParameters: { SALT: string; SECRET_BLOCK: string; SRP_B: string; USERNAME: string; USER_ID_FOR_SRP: string };
}

/**
 * InitiateAuth USER_SRP_AUTH: `B` and a SECRET_BLOCK that carries the server state sealed and
 * bound to the client id. An unknown username gets an indistinguishable made-up challenge, and
 * is locked after 5 failed answers just like an account ("Password attempts exceeded").
 */
export async function startSrpLogin({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { username: string; srpA: string; clientId: string }>): Promise<SrpChallenge> {
  if (!/^[0-9a-fA-F]{1,}$/.test(input.srpA) || input.srpA.length > MAX_SRP_A_HEX) {
    throw new IdentityError('InvalidParameterException', 'SRP_A is not a valid hex number.');
  }
  const A = bigFromHex(input.srpA);
  if (A % N === 0n) throw new IdentityError('InvalidParameterException', 'Illegal parameter: SRP_A mod N cannot be 0.');
  const now = realNow(ctx);
  const user = await findUserByUsername(ctx, input.username);
  const secret = loginSecret(ctx, input.username, user);
  await assertNotLocked(ctx, secret.sub);
  const { b, B } = serverChallenge(ctx.identity.modPow, secret.verifier, A);
  const block = sealBlock(ctx, input.clientId, {
    id: randomBytes(16).toString('hex'),
    sub: secret.sub,
    A: A.toString(16),
    B: B.toString(16).padStart(B_PUBLIC_HEX, '0'),
    b: b.toString(16).padStart(B_SECRET_HEX, '0'),
    iat: now.getTime(),
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeParameters: {
      SALT: secret.salt,
      SECRET_BLOCK: block,
      SRP_B: B.toString(16),
      USERNAME: secret.sub,
      USER_ID_FOR_SRP: secret.sub,
    },
  };
}

/**
 * RespondToAuthChallenge PASSWORD_VERIFIER: the block must open for this client, be younger than
 * 5 minutes and unused (single use across instances, in the database); TIMESTAMP within ±5 minutes
 * of real time; the check is counted (or refused while locked) before the password claim is
 * compared (constant-time). Only then is an unconfirmed account reported. A made-up challenge goes
 * through the same steps and never matches.
 */
export async function finishSrpLogin({
  ctx,
  input,
}: ServiceCall<
  IdentityCtx,
  { clientId: string; username: string; secretBlock: string; timestamp: string; signature: string }
>): Promise<AuthenticationResult> {
  const now = realNow(ctx).getTime();
  const block = openBlock(ctx, input.clientId, input.secretBlock);
  if (!block || now - block.iat > SECRET_BLOCK_TTL_MS || block.iat - now > TIMESTAMP_SKEW_MS) throw badCredentials();
  const timestamp = parseSrpTimestamp(input.timestamp);
  if (!timestamp || Math.abs(timestamp.getTime() - now) > TIMESTAMP_SKEW_MS) throw badCredentials();
  if (!(await repo.markSecretBlockUsed(ctx.db, block.id, new Date(block.iat + SECRET_BLOCK_TTL_MS)))) throw badCredentials();

  const user = await repo.findUserBySub(ctx.db, block.sub);
  const claimed = fakeSub(ctx, input.username);
  const sameUser = user ? input.username === user.sub || normalizeEmail(input.username) === user.email : claimed === block.sub;
  if (!sameUser) throw badCredentials();
  const secret = loginSecret(ctx, block.sub, user);
  await reserveLoginAttempt(ctx, block.sub);
  const key = serverSessionKey(ctx.identity.modPow, bigFromHex(block.A), bigFromHex(block.B), bigFromHex(block.b), secret.verifier);
  const expected = passwordClaimSignature(key, ctx.identity.poolName, block.sub, input.secretBlock, input.timestamp);
  if (!signatureMatches(expected, input.signature) || !user) throw badCredentials();
  await clearLoginFailures(ctx, user.sub);
  assertNotBlocked(user);
  if (user.status !== 'CONFIRMED') throw new IdentityError('UserNotConfirmedException', MESSAGES.notConfirmed);
  return startSession(ctx, user, input.clientId);
}

/**
 * An account an admin blocked in the back office (`blocked_at`) answers as Cognito answers for a
 * disabled user. Checked only after the password proved right, so the answer tells nobody without
 * the password that the address has a (blocked) account.
 */
function assertNotBlocked(user: IdentityUserRow): void {
  if (user.blockedAt) throw new IdentityError('NotAuthorizedException', 'User is disabled.');
}

/**
 * InitiateAuth USER_PASSWORD_AUTH (the password in plain text, checked against the verifier): the
 * same count, lock and work for an unknown username as for an account.
 */
export async function passwordLogin({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { username: string; password: string; clientId: string }>): Promise<AuthenticationResult> {
  const user = await findUserByUsername(ctx, input.username);
  const secret = loginSecret(ctx, input.username, user);
  await reserveLoginAttempt(ctx, secret.sub);
  const { modPow, poolName } = ctx.identity;
  const matches = verifyPassword(modPow, poolName, secret.sub, input.password, {
    salt: secret.salt,
    verifier: secret.verifier.toString(16),
  });
  if (!matches || !user) throw badCredentials();
  await clearLoginFailures(ctx, user.sub);
  assertNotBlocked(user);
  if (user.status !== 'CONFIRMED') throw new IdentityError('UserNotConfirmedException', MESSAGES.notConfirmed);
  return startSession(ctx, user, input.clientId);
}

// ---- sessions

/** REFRESH_TOKEN_AUTH: new ID and access tokens for a live, unrevoked session of this client. */
export async function refreshLogin({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { refreshToken: string; clientId: string }>): Promise<AuthenticationResult> {
  const session = await repo.findSessionByRefreshHash(ctx.db, hashRefreshToken(input.refreshToken));
  if (!session || session.clientId !== input.clientId) throw new IdentityError('NotAuthorizedException', MESSAGES.invalidRefreshToken);
  if (session.revokedAt) throw new IdentityError('NotAuthorizedException', MESSAGES.revokedRefreshToken);
  if (session.expiresAt.getTime() <= realNow(ctx).getTime())
    throw new IdentityError('NotAuthorizedException', MESSAGES.expiredRefreshToken);
  const user = await repo.findUserBySub(ctx.db, session.sub);
  if (!user) throw new IdentityError('NotAuthorizedException', MESSAGES.invalidRefreshToken);
  assertNotBlocked(user);
  return signTokens(ctx, user, session);
}

const ACCESS_TOKEN_MESSAGES = {
  invalid: MESSAGES.invalidAccessToken,
  expired: MESSAGES.expiredAccessToken,
  revoked: MESSAGES.revokedAccessToken,
} as const;

/** The user an access token belongs to (GetUser, ChangePassword, …), in Cognito's error wording. */
export async function userFromAccessToken({
  ctx,
  input,
}: ServiceCall<IdentityCtx, { accessToken: string }>): Promise<{ user: IdentityUserRow; claims: AccessTokenClaims }> {
  let claims: AccessTokenClaims;
  try {
    claims = await verifyAccessToken(ctx, input.accessToken);
  } catch (error) {
    if (error instanceof AccessTokenError) throw new IdentityError('NotAuthorizedException', ACCESS_TOKEN_MESSAGES[error.problem]);
    throw error;
  }
  const user = await repo.findUserBySub(ctx.db, claims.sub);
  if (!user) throw new IdentityError('NotAuthorizedException', MESSAGES.revokedAccessToken);
  return { user, claims };
}

/** GlobalSignOut: every session of the user ends (refresh and access tokens, at once for our API). */
export async function signOutEverywhere({ ctx, input }: { ctx: IdentityCtx; input: { sub: string } }): Promise<void> {
  await repo.revokeAllSessions(ctx.db, input.sub, realNow(ctx));
}

/** RevokeToken: ends the session of a refresh token; an unknown token is no error (RFC 7009). */
export async function revokeRefreshToken({ ctx, input }: { ctx: IdentityCtx; input: { token: string; clientId: string } }): Promise<void> {
  const session = await repo.findSessionByRefreshHash(ctx.db, hashRefreshToken(input.token));
  if (!session) return;
  if (session.clientId !== input.clientId) throw new IdentityError('NotAuthorizedException', 'Invalid token for this client.');
  await repo.revokeSession(ctx.db, session.originJti, realNow(ctx));
}
