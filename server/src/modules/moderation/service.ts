import type {
  ModerationState,
  OperatorParticipationDto,
  OperatorParticipationPageDto,
  OperatorVotePageDto,
  RejectedParticipationDto,
  RemoveVotesResultDto,
} from '@erd/shared-contracts/wire';
import { WERBERAT_CHECK_KEYS, type WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import { moderationErrorCodeSchema, removeVotesInputSchema, type RemoveVotesInputValues } from '@erd/shared-contracts/schemas';
import type { z } from 'zod';
import type { AppContext, ServiceCall } from '../../context.js';
import { retryOnConflict } from '../../db/retry.js';
import { CodedError, NotFoundError, ValidationError } from '../../errors.js';
import { checkedOrAnswer } from '../../http/zod.js';
import { actorFields, appendEntryAudit, reasonOf, type Actor } from '../audit/service.js';
import { announce, topics } from '../cache/changes.js';
import { notifyEntryPublished, notifyEntryRejected, notifyVotesRemoved } from '../notifications/triggers/entries.js';
import { removeFilesOfParticipation } from '../uploads/service.js';
import * as repo from './repository.js';

// Operators, sessions, the actor and the reason rule moved to modules/operators and modules/audit;
// these names stay importable from here for the modules that use them (results, jobs).
export { reasonOf, type Actor } from '../audit/service.js';
export { addOperator, removeExpiredOperatorSessions } from '../operators/service.js';

/**
 * Moderation (decisions §4–5, §7): operators of both roles (modules/operators) publish pending slogans and pictures, reject entries (the entry is deleted,
 * so the club may submit again; the log keeps what it was), and review and remove votes (removed
 * votes stay as records but no longer count). Every action is logged with who, what and why.
 */

/** `jobs`: the notification mails are queued with each change (the command line has no queue: none are). */
type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret' | 'log' | 'uploads'> & Partial<Pick<AppContext, 'jobs'>>;

const MAX_PAGE = 200;

const MESSAGES = {
  notFound: 'Diese Teilnahme gibt es nicht.',
  notPending: 'Diese Teilnahme wartet nicht auf Freigabe.',
} as const;

// ---------------------------------------------------------------------------------------------
// Entries

export function toOperatorParticipation({ participation: p, club }: repo.EntryWithClub): OperatorParticipationDto {
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

/** A page (the schemas checked `from` ≥ 0 and `size` ≥ 1): the default size, and at most `maxSize`. */
function pageArgs(query: { from?: number; size?: number }, defaultSize: number, maxSize: number): { from: number; size: number } {
  return { from: query.from ?? 0, size: Math.min(query.size ?? defaultSize, maxSize) };
}

export async function listParticipationsForReview({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db'>;
  /** `state` as the command line passes it (checked here); over HTTP its schema checked it. */
  input: { state?: string; challengeId?: string; from?: number; size?: number };
}): Promise<OperatorParticipationPageDto> {
  const state: ModerationState = input.state === undefined ? 'pending' : (input.state as ModerationState);
  if (state !== 'pending' && state !== 'published') throw new ValidationError('state ist pending oder published.');
  const { from, size } = pageArgs(input, 50, MAX_PAGE);
  const { rows, total } = await repo.listEntries(ctx.db, { state, challengeId: input.challengeId || undefined, from, size });
  return { items: rows.map(toOperatorParticipation), total };
}

export async function publishParticipation({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db' | 'now' | 'log'> & Partial<Pick<AppContext, 'jobs'>>;
  /** `checklist`: the Werberat checklist the HTTP call carried (the command line has none). */
  input: { id: string; actor: Actor; checklist?: WerberatChecklistDto };
}): Promise<OperatorParticipationDto> {
  const result = await ctx.db.transaction(async (tx) => {
    const found = await repo.findEntry(tx, input.id);
    if (!found) throw new NotFoundError(MESSAGES.notFound);
    const now = ctx.now();
    const published = await repo.publishEntry(tx, input.id, now);
    if (!published) throw new CodedError(409, moderationErrorCodeSchema.enum.NotPending, MESSAGES.notPending);
    await appendEntryAudit(tx, {
      action: 'publish',
      ...actorFields(input.actor),
      participationId: input.id,
      challengeId: published.challengeId,
      reason: null,
      details: { challengeId: published.challengeId, clubId: published.clubId, ...(input.checklist ? { checklist: input.checklist } : {}) },
      at: now,
    });
    await notifyEntryPublished(ctx, tx, published);
    ctx.log.info({ participation: input.id, actor: input.actor.name }, 'entry published');
    return { dto: toOperatorParticipation({ participation: published, club: found.club }), challengeId: published.challengeId };
  });
  // The browse list shows it (modules/cache).
  await announce(ctx, [topics.entries(result.challengeId)]);
  return result.dto;
}

/** Rejects (deletes) a pending or published entry; its picture files are removed as well. */
export async function rejectParticipation({
  ctx,
  input,
}: ServiceCall<
  Ctx,
  { id: string; reason?: string | null; actor: Actor; checklist?: WerberatChecklistDto }
>): Promise<RejectedParticipationDto> {
  // The command line's reason is checked here (over HTTP the schema did, with the same rule).
  const reason = reasonOf(input.reason, false);
  // Deletes the entry, then (the cascade) its votes: the lock order of repository `lockEntries`.
  const challengeId = await retryOnConflict(() =>
    ctx.db.transaction(async (tx) => {
      const found = await repo.findEntry(tx, input.id);
      if (!found) throw new NotFoundError(MESSAGES.notFound);
      const deleted = await repo.deleteEntry(tx, input.id);
      if (!deleted) throw new NotFoundError(MESSAGES.notFound);
      await appendEntryAudit(tx, {
        action: 'reject',
        ...actorFields(input.actor),
        participationId: input.id,
        challengeId: deleted.challengeId,
        reason,
        details: {
          entry: toOperatorParticipation({ participation: deleted, club: found.club }),
          ...(input.checklist
            ? { checklist: input.checklist, failedChecks: WERBERAT_CHECK_KEYS.filter((key) => !input.checklist![key]) }
            : {}),
        },
        at: ctx.now(),
      });
      await notifyEntryRejected(ctx, tx, { ...deleted, reason, slogan: deleted.slogan });
      return deleted.challengeId;
    }),
  );
  // A published entry leaves the browse list (modules/cache).
  await announce(ctx, [topics.entries(challengeId)]);
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
}: ServiceCall<Pick<AppContext, 'db'>, { participationId: string; from?: number; size?: number }>): Promise<OperatorVotePageDto> {
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

/**
 * Refused input as the module told it before its schemas: the German message of the first field in
 * `order` that is wrong, with the field (a body that is no object: the schema's message, with the first field of `order`).
 */
export function fieldAnswer(order: readonly string[]): (error: z.ZodError) => ValidationError {
  return (error) => {
    const issue = order.map((field) => error.issues.find((i) => i.path[0] === field)).find(Boolean) ?? error.issues[0]!;
    const field = issue.path[0] ?? order[0]!;
    return new ValidationError(issue.message, { field: String(field) });
  };
}

const removeVotesAnswer = fieldAnswer(['ids', 'reason']);

type RemoveVotesCtx = Pick<AppContext, 'db' | 'now' | 'log'> & Partial<Pick<AppContext, 'jobs'>>;

/** Removal from a caller without the route's schema check (scripts, tests): the body checked by the same schema, then `removeCheckedVotes`. */
export async function removeVotes({
  ctx,
  input,
}: ServiceCall<RemoveVotesCtx, { body: z.input<typeof removeVotesInputSchema>; actor: Actor }>): Promise<RemoveVotesResultDto> {
  const body = checkedOrAnswer(removeVotesInputSchema, input.body, removeVotesAnswer);
  return removeCheckedVotes({ ctx, input: { ...body, actor: input.actor } });
}

/** POST /api/operator/votes/remove: the votes out of the count, logged per entry with the reason. */
export async function removeCheckedVotes({
  ctx,
  input,
}: {
  ctx: RemoveVotesCtx;
  /** As `removeVotesInputSchema` gives it: 1–1000 vote ids, the reason trimmed. */
  input: RemoveVotesInputValues & { actor: Actor };
}): Promise<RemoveVotesResultDto> {
  const reason = input.reason;
  const wanted = [...new Set(input.ids)];
  const challenges = new Set<string>();
  // The entries first, then their votes (repository `lockEntries`: the one lock order of every path
  // that changes counts); run again after a deadlock or serialization failure, so no removal is lost.
  const result = await retryOnConflict(() =>
    ctx.db.transaction(async (tx) => {
      challenges.clear();
      const now = ctx.now();
      const locked = await repo.lockEntries(tx, await repo.entriesOfVotes(tx, wanted));
      const removed = await repo.removeVotes(
        tx,
        wanted,
        locked.map((e) => e.id),
        input.actor.name,
        reason,
        now,
      );
      const perEntry = new Map<string, number[]>();
      for (const r of removed.sort((x, y) => x.id - y.id))
        perEntry.set(r.participationId, [...(perEntry.get(r.participationId) ?? []), r.id]);
      const participations: { id: string; votes: number }[] = [];
      for (const { id: participationId } of locked) {
        const voteIds = perEntry.get(participationId);
        if (!voteIds) continue;
        const entry = await repo.decrementVotes(tx, participationId, voteIds.length);
        if (entry) challenges.add(entry.challengeId);
        const votes = entry?.votes ?? 0;
        participations.push({ id: participationId, votes });
        await appendEntryAudit(tx, {
          action: 'remove-votes',
          ...actorFields(input.actor),
          participationId,
          challengeId: entry?.challengeId ?? null,
          reason,
          details: { voteIds, removed: voteIds.length, votesAfter: votes },
          at: now,
        });
        if (entry)
          await notifyVotesRemoved(ctx, tx, { participationId, challengeId: entry.challengeId, voteIds, reason, votesAfter: votes });
      }
      return { removed: removed.length, participations };
    }),
  );
  ctx.log.info({ removed: result.removed, actor: input.actor.name }, 'votes removed');
  // The browse lists show the lower counts (modules/cache).
  await announce(ctx, [...challenges].map(topics.entries));
  return result;
}

/**
 * The moderation tables' writes the vote review shares (modules/votes-admin): an entry's count down,
 * inside the caller's transaction.
 */
export { decrementVotes } from './repository.js';
