import {
  BURST_ADDRESS_MIN_VOTES,
  BURST_MINUTE_MIN_VOTES,
  type RemoveEntryVotesResultDto,
  type VoteEntryDetailDto,
  type VoteEntryDto,
  type VoteEntryPageDto,
  type VoteRecordDto,
  type VoteRecordPageDto,
} from '@erd/shared-contracts/backoffice';
import {
  removeEntryVotesInputSchema,
  VOTE_REVIEW_MESSAGES,
  type RemoveEntryVotesInputValues,
  type VoteEntryQueryValues,
  type VoteRecordQueryValues,
} from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import type { VoteRow } from '../../db/schema/index.js';
import { retryOnConflict } from '../../db/retry.js';
import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../../errors.js';
import { checkedOrAnswer } from '../../http/zod.js';
import { actorFields, appendEntryAudit, type Actor } from '../audit/service.js';
import { announce, topics } from '../cache/changes.js';
import { decrementVotes } from '../moderation/service.js';
import { notifyVotesRemoved } from '../notifications/triggers/entries.js';
import * as repo from './repository.js';

/**
 * Vote review in the back office (issue 8, decisions §5/§7): per entry of a vote challenge the
 * votes over time and by hashed network address, bursts flagged (`BURST_ADDRESS_MIN_VOTES` counted
 * votes from one address, or `BURST_MINUTE_MIN_VOTES` in one minute), and the removal of a
 * selection (votes picked one by one, all of one address, all of one minute) with a reason: the
 * votes stay as records but no longer count, the entry's count drops by as many in the same
 * transaction, and the audit log gets a `remove-votes` row (moderation's, with the selection and
 * the count before and after). Both roles review and remove. Voter ids and accounts are never
 * shown; the address only as its HMAC.
 */

export {
  VOTE_ENTRY_MAX_PAGE_SIZE,
  VOTE_ENTRY_PAGE_SIZE,
  VOTE_RECORD_MAX_PAGE_SIZE,
  VOTE_RECORD_PAGE_SIZE,
} from '@erd/shared-contracts/schemas';
const TOP_ADDRESSES = 50;
const BURST_MINUTES = 100;
const THRESHOLDS = { address: BURST_ADDRESS_MIN_VOTES, minute: BURST_MINUTE_MIN_VOTES };

/** The vote review's German messages (the schemas tell refused input with them). */
export const VOTES_ADMIN_MESSAGES = VOTE_REVIEW_MESSAGES;
const M = VOTES_ADMIN_MESSAGES;

const iso = (value: Date | string): string => new Date(value).toISOString();

function toEntryDto(row: repo.VoteEntryRow): VoteEntryDto {
  return {
    participationId: row.id,
    challengeId: row.challenge_id,
    challengeHeadline: row.headline,
    objectTypeId: row.object_type_id,
    club: { id: row.club_id, clubname: row.clubname, clubnumber: row.clubnumber, team: row.team },
    slogan: row.slogan,
    image: row.image,
    votes: row.votes,
    removed: row.removed,
    maxPerAddress: row.max_addr,
    maxPerMinute: row.max_min,
    flagged: row.flagged,
  };
}

function toRecordDto(row: VoteRow): VoteRecordDto {
  return {
    id: row.id,
    ipHash: row.ipHash,
    userAgent: row.userAgent,
    member: row.accountKey !== null,
    createdAt: row.createdAt.toISOString(),
    removedAt: row.removedAt?.toISOString() ?? null,
    removedBy: row.removedBy,
    removalReason: row.removalReason,
  };
}

/** GET /api/operator/vote-review/entries (the query as `voteEntryQuerySchema` gives it). */
export async function listVoteEntries({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, VoteEntryQueryValues>): Promise<VoteEntryPageDto> {
  const { from, size, sort, flagged, challengeId } = input;
  const { rows, total } = await repo.listEntries(ctx.db, { challengeId, flagged, sort, from, size }, THRESHOLDS);
  const challenges = await repo.listVoteChallenges(ctx.db);
  return { items: rows.map(toEntryDto), challenges, total, from, size };
}

/** GET /api/operator/vote-review/entries/:participationId */
export async function getVoteEntry({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, { participationId: string }>): Promise<VoteEntryDetailDto> {
  const { participationId } = input;
  const row = await repo.findEntry(ctx.db, participationId, THRESHOLDS);
  if (!row) throw new NotFoundError(M.notFound);
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [totals, timeline, addresses, minutes, removals] = await Promise.all([
    repo.totalsOf(ctx.db, participationId),
    repo.timelineOf(ctx.db, participationId),
    repo.topAddressesOf(ctx.db, participationId, TOP_ADDRESSES),
    repo.burstMinutesOf(ctx.db, participationId, BURST_MINUTE_MIN_VOTES, BURST_MINUTES),
    repo.removalsOf(ctx.db, participationId),
  ]);
  return {
    entry: toEntryDto(row),
    thresholds: { addressMinVotes: BURST_ADDRESS_MIN_VOTES, minuteMinVotes: BURST_MINUTE_MIN_VOTES },
    total: totals.total,
    addresses: totals.addresses,
    timeline: timeline.map((b) => ({ at: iso(b.at), counted: b.counted, removed: b.removed })),
    topAddresses: addresses.map((a) => ({
      ipHash: a.ip_hash,
      counted: a.counted,
      removed: a.removed,
      first: iso(a.first),
      last: iso(a.last),
      flagged: a.counted >= BURST_ADDRESS_MIN_VOTES,
    })),
    burstMinutes: minutes.map((m) => ({ minute: iso(m.minute), counted: m.counted, addresses: m.addresses })),
    removals: removals.map((r) => ({ reason: r.reason ?? '', count: r.count, at: iso(r.at) })),
  };
}

/** GET /api/operator/vote-review/entries/:participationId/votes (the query as `voteRecordQuerySchema` gives it). */
export async function listEntryVotes({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, { participationId: string; query: VoteRecordQueryValues }>): Promise<VoteRecordPageDto> {
  const { participationId } = input;
  const { from, size, state, ipHash, minute } = input.query;
  if (!(await repo.findReviewableEntry(ctx.db, participationId))) throw new NotFoundError(M.notFound);
  const { rows, total } = await repo.listVotes(ctx.db, participationId, { ipHash, minute, state }, { from, size });
  return { items: rows.map(toRecordDto), total, from, size };
}

/** A refused value: the removal's selection before anything else, else the first field (in the schema's order), with its German message. */
export function voteReviewAnswer(error: z.ZodError): ValidationError {
  const issue = error.issues.find((i) => i.path[0] === 'selection') ?? error.issues[0]!;
  return new ValidationError(issue.message, { field: String(issue.path[0] ?? 'selection') });
}

type RemoveCtx = Pick<AppContext, 'db' | 'now' | 'log'> & Partial<Pick<AppContext, 'jobs'>>;

/** Removal from a caller without the route's schema check (scripts, tests): the body checked by the same schema, then `removeSelectedVotes`. */
export async function removeEntryVotes({
  ctx,
  input,
}: ServiceCall<
  RemoveCtx,
  { participationId: string; body: z.input<typeof removeEntryVotesInputSchema>; actor: Actor }
>): Promise<RemoveEntryVotesResultDto> {
  const body = checkedOrAnswer(removeEntryVotesInputSchema, input.body, voteReviewAnswer);
  return removeSelectedVotes({ ctx, input: { participationId: input.participationId, ...body, actor: input.actor } });
}

/** POST /api/operator/vote-review/entries/:participationId/remove (both roles, with a reason). */
export async function removeSelectedVotes({
  ctx,
  input,
}: {
  ctx: RemoveCtx;
  /** `selection` and `reason` as `removeEntryVotesInputSchema` gives them (exactly one selection; the reason trimmed). */
  input: { participationId: string; actor: Actor } & RemoveEntryVotesInputValues;
}): Promise<RemoveEntryVotesResultDto> {
  const { participationId, selection, reason } = input;
  let challengeId = null as string | null;
  // The entry first, then its votes: the one lock order of every path that changes counts
  // (moderation repository `lockEntries`); run again after a deadlock or serialization failure, so
  // no removal is lost to one.
  const result = await retryOnConflict(() =>
    ctx.db.transaction(async (tx) => {
      challengeId = null;
      const locked = await repo.findReviewableEntry(tx, participationId, true);
      if (!locked) throw new NotFoundError(M.notFound);
      const now = ctx.now();
      const ids = await repo.removeSelected(tx, participationId, selection, input.actor.name, reason, now);
      if (!ids.length) return { removed: 0, votes: locked.votes };
      const after = await decrementVotes(tx, participationId, ids.length);
      challengeId = after?.challengeId ?? null;
      const votesAfter = after?.votes ?? 0;
      await appendEntryAudit(tx, {
        action: 'remove-votes',
        ...actorFields(input.actor),
        participationId,
        challengeId: after?.challengeId ?? null,
        reason,
        details: {
          selection:
            'ids' in selection
              ? { ids: selection.ids }
              : 'ipHash' in selection
                ? { ipHash: selection.ipHash }
                : { minute: selection.minute.toISOString() },
          voteIds: ids,
          removed: ids.length,
          before: { votes: locked.votes },
          after: { votes: votesAfter },
          votesAfter,
        },
        at: now,
      });
      if (after) await notifyVotesRemoved(ctx, tx, { participationId, challengeId: after.challengeId, voteIds: ids, reason, votesAfter });
      return { removed: ids.length, votes: votesAfter };
    }),
  );
  if (result.removed) ctx.log.info({ participation: participationId, removed: result.removed, actor: input.actor.name }, 'votes removed');
  // The browse list shows the lower count (modules/cache).
  if (challengeId) await announce(ctx, [topics.entries(challengeId)]);
  return result;
}
