import { randomBytes } from 'node:crypto';
import {
  isValidEmail,
  isValidPassword,
  type ModerationState,
  type OperatorDto,
  type OperatorParticipationDto,
  type OperatorParticipationPageDto,
  type OperatorVotePageDto,
  type RejectedParticipationDto,
  type RemoveVotesResultDto,
} from '@erd/shared-contracts/wire';
import type { AppContext } from '../../context.js';
import { CodedError, NotFoundError, UsageError, ValidationError } from '../../errors.js';
import { normalizeEmail } from '../../lib/email.js';
import { sha256Hex } from '../../lib/hash.js';
import { isPlainText } from '../../lib/text.js';
import { consumeRateLimit, RATE_LIMITS } from '../rate-limit/service.js';
import { removeFilesOfParticipation } from '../uploads/service.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import * as repo from './repository.js';

/**
 * Moderation (decisions §4–5, §7): operators are their own accounts (not clubs), created on the
 * command line. They publish pending slogans and pictures, reject entries (the entry is deleted,
 * so the club may submit again; the log keeps what it was), and review and remove votes (removed
 * votes stay as records but no longer count). Every action is logged with who, what and why.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret' | 'log' | 'uploads'>;

/** Who acts: an operator of the API, or the command line. */
export interface Actor {
  operatorId: string | null;
  name: string;
}

export const OPERATOR_SESSION_TTL_MS = 12 * 60 * 60_000;
const MAX_PAGE = 200;
const REASON_MAX_LENGTH = 500;

const MESSAGES = {
  credentials: 'E-Mail-Adresse oder Passwort falsch.',
  limit: 'Zu viele Anmeldeversuche. Bitte versuche es später erneut.',
  notFound: 'Diese Teilnahme gibt es nicht.',
  notPending: 'Diese Teilnahme wartet nicht auf Freigabe.',
  reason: `Gib einen Grund an (3 bis ${REASON_MAX_LENGTH} Zeichen).`,
} as const;

// ---------------------------------------------------------------------------------------------
// Operators and sessions

export async function addOperator({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db' | 'now'>;
  input: { email: string; password: string };
}): Promise<{ email: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  if (!isValidEmail(email)) throw new UsageError(`"${input.email}" is not a valid e-mail address`);
  if (!isValidPassword(input.password) || input.password.length < 12) {
    throw new UsageError('The password needs at least 12 characters with upper- and lower-case letters, a digit and one of #?!@$ %^&*-');
  }
  const created = await repo.upsertOperator(ctx.db, {
    id: `op-${randomBytes(8).toString('hex')}`,
    email,
    passwordHash: await hashPassword(input.password),
    now: ctx.now(),
  });
  return { email, created };
}

/** POST /api/operator/login: a new session token (the routes put it into the cookie). */
export async function loginOperator({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { body: unknown; ip: string };
}): Promise<{ operator: OperatorDto; token: string; expiresAt: Date }> {
  if (!(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.operatorLogin, subject: input.ip } }))) {
    throw new CodedError(429, 'LimitExceeded', MESSAGES.limit);
  }
  const body = (input.body ?? {}) as { email?: unknown; password?: unknown };
  const email = typeof body.email === 'string' ? normalizeEmail(body.email) : '';
  const password = typeof body.password === 'string' && body.password.length <= 256 ? body.password : '';
  const operator = email ? await repo.findOperatorByEmail(ctx.db, email) : undefined;
  // The same work whether the address is known or not.
  const ok = await verifyPassword(password, operator?.passwordHash ?? (await dummyHash()));
  if (!operator || !ok || !password) throw new CodedError(401, 'InvalidCredentials', MESSAGES.credentials);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + OPERATOR_SESSION_TTL_MS);
  await repo.insertSession(ctx.db, { tokenHash: sha256Hex(token), operatorId: operator.id, createdAt: now, expiresAt });
  ctx.log.info({ operator: operator.id }, 'operator logged in');
  return { operator: { id: operator.id, email: operator.email }, token, expiresAt };
}

/** The operator of a session token, or null. */
export async function operatorOfSession({ ctx, input }: { ctx: Pick<AppContext, 'db' | 'now'>; input: { token: string } }): Promise<OperatorDto | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) return null;
  const operator = await repo.findSessionOperator(ctx.db, sha256Hex(input.token), ctx.now());
  return operator ? { id: operator.id, email: operator.email } : null;
}

/** Clean-up (a scheduled job): operator sessions past their 12 hours. */
export async function removeExpiredOperatorSessions({ ctx }: { ctx: Pick<AppContext, 'db' | 'now'> }): Promise<void> {
  await repo.deleteExpiredSessions(ctx.db, ctx.now());
}

export async function logoutOperator({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { token: string } }): Promise<void> {
  await repo.deleteSession(ctx.db, sha256Hex(input.token));
}

// ---------------------------------------------------------------------------------------------
// Entries

function toOperatorParticipation({ participation: p, club }: repo.EntryWithClub): OperatorParticipationDto {
  return {
    id: p.id,
    challengeId: p.challengeId,
    objectTypeId: p.objectTypeId as OperatorParticipationDto['objectTypeId'],
    state: p.state === 'published' ? 'published' : 'pending',
    club: { id: club.id, clubname: club.clubname, clubnumber: club.clubnumber, team: club.team },
    ...(p.slogan !== null ? { slogan: p.slogan } : {}),
    ...(p.image !== null ? { image: p.image } : {}),
    votes: p.votes,
    createdAt: p.createdAt.toISOString(),
    publishedAt: p.publishedAt ? p.publishedAt.toISOString() : null,
  };
}

function pageArgs(query: { from?: unknown; size?: unknown }, defaultSize: number, maxSize: number): { from: number; size: number } {
  const from = query.from === undefined ? 0 : Number(query.from);
  const size = query.size === undefined ? defaultSize : Number(query.size);
  if (!Number.isInteger(from) || from < 0 || !Number.isInteger(size) || size < 1) throw new ValidationError('from/size müssen ganze Zahlen sein.');
  return { from, size: Math.min(size, maxSize) };
}

export async function listParticipationsForReview({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db'>;
  input: { state?: string; challengeId?: string; from?: unknown; size?: unknown };
}): Promise<OperatorParticipationPageDto> {
  const state: ModerationState = input.state === undefined ? 'pending' : (input.state as ModerationState);
  if (state !== 'pending' && state !== 'published') throw new ValidationError('state ist pending oder published.');
  const { from, size } = pageArgs(input, 50, MAX_PAGE);
  const { rows, total } = await repo.listEntries(ctx.db, { state, challengeId: input.challengeId || undefined, from, size });
  return { items: rows.map(toOperatorParticipation), total };
}

/** An operator's reason: 3 to 500 characters of plain text (trimmed), or null where none is required. */
export function reasonOf(value: unknown, required: boolean, message: string = MESSAGES.reason): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ValidationError(message, { field: 'reason' });
    return null;
  }
  if (typeof value !== 'string') throw new ValidationError(message, { field: 'reason' });
  const reason = value.trim();
  if (reason.length < 3 || reason.length > REASON_MAX_LENGTH || !isPlainText(reason)) throw new ValidationError(message, { field: 'reason' });
  return reason;
}

export async function publishParticipation({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>;
  input: { id: string; actor: Actor };
}): Promise<OperatorParticipationDto> {
  return ctx.db.transaction(async (tx) => {
    const found = await repo.findEntry(tx, input.id);
    if (!found) throw new NotFoundError(MESSAGES.notFound);
    const now = ctx.now();
    const published = await repo.publishEntry(tx, input.id, now);
    if (!published) throw new CodedError(409, 'NotPending', MESSAGES.notPending);
    await repo.insertLog(tx, {
      action: 'publish',
      operatorId: input.actor.operatorId,
      actor: input.actor.name,
      participationId: input.id,
      reason: null,
      details: { challengeId: published.challengeId, clubId: published.clubId },
      at: now,
    });
    ctx.log.info({ participation: input.id, actor: input.actor.name }, 'entry published');
    return toOperatorParticipation({ participation: published, club: found.club });
  });
}

/** Rejects (deletes) a pending or published entry; its picture files are removed as well. */
export async function rejectParticipation({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { id: string; reason?: unknown; actor: Actor };
}): Promise<RejectedParticipationDto> {
  const reason = reasonOf(input.reason, false);
  await ctx.db.transaction(async (tx) => {
    const found = await repo.findEntry(tx, input.id);
    if (!found) throw new NotFoundError(MESSAGES.notFound);
    const deleted = await repo.deleteEntry(tx, input.id);
    if (!deleted) throw new NotFoundError(MESSAGES.notFound);
    await repo.insertLog(tx, {
      action: 'reject',
      operatorId: input.actor.operatorId,
      actor: input.actor.name,
      participationId: input.id,
      reason,
      details: { entry: toOperatorParticipation({ participation: deleted, club: found.club }) },
      at: ctx.now(),
    });
  });
  await removeFilesOfParticipation({ ctx, input: { participationId: input.id } }).catch((error: unknown) =>
    ctx.log.warn({ err: error, participation: input.id }, 'could not remove the files of a rejected entry'),
  );
  ctx.log.info({ participation: input.id, actor: input.actor.name }, 'entry rejected');
  return { id: input.id, rejected: true };
}

// ---------------------------------------------------------------------------------------------
// Votes

export async function listVotesForReview({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db'>;
  input: { participationId?: string; from?: unknown; size?: unknown };
}): Promise<OperatorVotePageDto> {
  if (!input.participationId) throw new ValidationError('participationId fehlt.', { field: 'participationId' });
  const { from, size } = pageArgs(input, 100, 1000);
  const { rows, total, counted } = await repo.listVotes(ctx.db, { participationId: input.participationId, from, size });
  return {
    items: rows.map((v) => ({
      id: v.id,
      participationId: v.participationId,
      voterId: v.voterId,
      accountSub: v.accountSub,
      ipHash: v.ipHash,
      userAgent: v.userAgent,
      createdAt: v.createdAt.toISOString(),
      removedAt: v.removedAt ? v.removedAt.toISOString() : null,
      removalReason: v.removalReason,
    })),
    total,
    counted,
  };
}

export async function removeVotes({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db' | 'now' | 'log'>;
  input: { body: unknown; actor: Actor };
}): Promise<RemoveVotesResultDto> {
  const body = (input.body ?? {}) as { ids?: unknown; reason?: unknown };
  const ids = body.ids;
  if (!Array.isArray(ids) || !ids.length || ids.length > 1000 || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
    throw new ValidationError('ids: 1 bis 1000 Stimmen-IDs.', { field: 'ids' });
  }
  const reason = reasonOf(body.reason, true)!;
  return ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const removed = await repo.removeVotes(tx, [...new Set(ids as number[])], input.actor.name, reason, now);
    const perEntry = new Map<string, number[]>();
    for (const r of removed) perEntry.set(r.participationId, [...(perEntry.get(r.participationId) ?? []), r.id]);
    const participations: { id: string; votes: number }[] = [];
    for (const [participationId, voteIds] of perEntry) {
      const votes = await repo.decrementVotes(tx, participationId, voteIds.length);
      participations.push({ id: participationId, votes: votes ?? 0 });
      await repo.insertLog(tx, {
        action: 'remove-votes',
        operatorId: input.actor.operatorId,
        actor: input.actor.name,
        participationId,
        reason,
        details: { voteIds, removed: voteIds.length, votesAfter: votes ?? 0 },
        at: now,
      });
    }
    ctx.log.info({ removed: removed.length, actor: input.actor.name }, 'votes removed');
    return { removed: removed.length, participations };
  });
}
