import {
  BURST_ADDRESS_MIN_VOTES,
  BURST_MINUTE_MIN_VOTES,
  IP_HASH_MAX_LENGTH,
  VOTE_ENTRY_SORTS,
  VOTE_RECORD_STATES,
  VOTE_REMOVAL_MAX_IDS,
  type RemoveEntryVotesResultDto,
  type VoteEntryDetailDto,
  type VoteEntryDto,
  type VoteEntryPageDto,
  type VoteEntrySortDto,
  type VoteRecordDto,
  type VoteRecordPageDto,
  type VoteRecordStateDto,
} from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import type { VoteRow } from '../../db/schema/index.js';
import { retryOnConflict } from '../../db/retry.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { reasonOf, type Actor } from '../audit/service.js';
import { announce, topics } from '../cache/changes.js';
import { decrementVotes, insertLog } from '../moderation/repository.js';
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

export const VOTE_ENTRY_PAGE_SIZE = 25;
export const VOTE_ENTRY_MAX_PAGE_SIZE = 100;
export const VOTE_RECORD_PAGE_SIZE = 50;
export const VOTE_RECORD_MAX_PAGE_SIZE = 200;
const TOP_ADDRESSES = 50;
const BURST_MINUTES = 100;
const THRESHOLDS = { address: BURST_ADDRESS_MIN_VOTES, minute: BURST_MINUTE_MIN_VOTES };

export const VOTES_ADMIN_MESSAGES = {
  notFound: 'Diese Teilnahme gibt es nicht (oder sie ist nicht veröffentlicht).',
  from: 'Der Beginn der Seite muss eine ganze Zahl ab 0 sein.',
  size: (max: number) => `Die Seitengröße muss eine ganze Zahl von 1 bis ${max} sein.`,
  sort: 'Diese Sortierung gibt es nicht.',
  flagged: 'Der Filter „auffällig“ ist true oder false.',
  state: 'Der Filter ist all, counted oder removed.',
  ipHash: 'Diese Adresse (Hash) ist ungültig.',
  minute: 'Die Minute ist ungültig (ISO-Zeit in UTC mit Sekunden 0, z. B. 2026-07-01T18:05:00Z).',
  selection: 'Wähle genau eines: einzelne Stimmen, eine Adresse oder eine Minute.',
  ids: `Wähle 1 bis ${VOTE_REMOVAL_MAX_IDS} Stimmen aus.`,
  reason: 'Gib einen Grund für das Entfernen an (3 bis 500 Zeichen).',
  challengeId: 'Diese Challenge-ID ist ungültig.',
} as const;

const M = VOTES_ADMIN_MESSAGES;
const ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
const IP_HASH_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${IP_HASH_MAX_LENGTH}}$`);
const MINUTE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:00(\.0{1,3})?)?Z$/;

function intOf(value: unknown, fallback: number, min: number, max: number, message: string, field: string): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new ValidationError(message, { field });
  return n;
}

function pageOf(input: { from?: unknown; size?: unknown }, defaultSize: number, maxSize: number): { from: number; size: number } {
  return {
    from: intOf(input.from, 0, 0, 10_000_000, M.from, 'from'),
    size: intOf(input.size, defaultSize, 1, maxSize, M.size(maxSize), 'size'),
  };
}

function ipHashOf(value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !IP_HASH_PATTERN.test(value)) throw new ValidationError(M.ipHash, { field: 'ipHash' });
  return value;
}

function minuteOf(value: unknown): Date | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !MINUTE_PATTERN.test(value)) throw new ValidationError(M.minute, { field: 'minute' });
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || at.getUTCSeconds() !== 0 || at.getUTCMilliseconds() !== 0) throw new ValidationError(M.minute, { field: 'minute' });
  return at;
}

function participationIdOf(value: unknown): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) throw new NotFoundError(M.notFound);
  return value;
}

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

export interface VoteEntryQueryInput {
  challengeId?: unknown;
  flagged?: unknown;
  sort?: unknown;
  from?: unknown;
  size?: unknown;
}

/** GET /api/operator/vote-review/entries */
export async function listVoteEntries({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: VoteEntryQueryInput }): Promise<VoteEntryPageDto> {
  const { from, size } = pageOf(input, VOTE_ENTRY_PAGE_SIZE, VOTE_ENTRY_MAX_PAGE_SIZE);
  const sort = (input.sort ?? '-votes') as VoteEntrySortDto;
  if (!VOTE_ENTRY_SORTS.includes(sort)) throw new ValidationError(M.sort, { field: 'sort' });
  if (input.flagged !== undefined && input.flagged !== 'true' && input.flagged !== 'false' && typeof input.flagged !== 'boolean') {
    throw new ValidationError(M.flagged, { field: 'flagged' });
  }
  const flagged = input.flagged === true || input.flagged === 'true';
  let challengeId: string | undefined;
  if (input.challengeId !== undefined && input.challengeId !== '') {
    if (typeof input.challengeId !== 'string' || !ID_PATTERN.test(input.challengeId)) throw new ValidationError(M.challengeId, { field: 'challengeId' });
    challengeId = input.challengeId;
  }
  const { rows, total } = await repo.listEntries(ctx.db, { challengeId, flagged, sort, from, size }, THRESHOLDS);
  const challenges = await repo.listVoteChallenges(ctx.db);
  return { items: rows.map(toEntryDto), challenges, total, from, size };
}

/** GET /api/operator/vote-review/entries/:participationId */
export async function getVoteEntry({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { participationId: unknown } }): Promise<VoteEntryDetailDto> {
  const participationId = participationIdOf(input.participationId);
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

export interface VoteRecordQueryInput {
  ipHash?: unknown;
  minute?: unknown;
  state?: unknown;
  from?: unknown;
  size?: unknown;
}

/** GET /api/operator/vote-review/entries/:participationId/votes */
export async function listEntryVotes({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db'>;
  input: { participationId: unknown; query: VoteRecordQueryInput };
}): Promise<VoteRecordPageDto> {
  const participationId = participationIdOf(input.participationId);
  const { from, size } = pageOf(input.query, VOTE_RECORD_PAGE_SIZE, VOTE_RECORD_MAX_PAGE_SIZE);
  const state = (input.query.state ?? 'all') as VoteRecordStateDto;
  if (!VOTE_RECORD_STATES.includes(state)) throw new ValidationError(M.state, { field: 'state' });
  const ipHash = ipHashOf(input.query.ipHash);
  const minute = minuteOf(input.query.minute);
  if (!(await repo.findReviewableEntry(ctx.db, participationId))) throw new NotFoundError(M.notFound);
  const { rows, total } = await repo.listVotes(ctx.db, participationId, { ipHash, minute, state }, { from, size });
  return { items: rows.map(toRecordDto), total, from, size };
}

/** The one selection of a removal body, checked. */
function selectionOf(body: Record<string, unknown>): repo.VoteSelection & { kind: 'ids' | 'ipHash' | 'minute' } {
  const given = (['ids', 'ipHash', 'minute'] as const).filter((k) => body[k] !== undefined && body[k] !== null && body[k] !== '');
  if (given.length !== 1) throw new ValidationError(M.selection, { field: 'selection' });
  const kind = given[0]!;
  if (kind === 'ids') {
    const ids = body.ids;
    if (!Array.isArray(ids) || !ids.length || ids.length > VOTE_REMOVAL_MAX_IDS || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
      throw new ValidationError(M.ids, { field: 'ids' });
    }
    return { kind, ids: [...new Set(ids as number[])] };
  }
  if (kind === 'ipHash') return { kind, ipHash: ipHashOf(body.ipHash)! };
  return { kind, minute: minuteOf(body.minute)! };
}

/** POST /api/operator/vote-review/entries/:participationId/remove (both roles, with a reason). */
export async function removeEntryVotes({
  ctx,
  input,
}: {
  ctx: Pick<AppContext, 'db' | 'now' | 'log'> & Partial<Pick<AppContext, 'jobs'>>;
  input: { participationId: unknown; body: unknown; actor: Actor };
}): Promise<RemoveEntryVotesResultDto> {
  const participationId = participationIdOf(input.participationId);
  const body = (input.body && typeof input.body === 'object' && !Array.isArray(input.body) ? input.body : {}) as Record<string, unknown>;
  const selection = selectionOf(body);
  const reason = reasonOf(body.reason, true, M.reason)!;
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
      const { kind, ...only } = selection;
      const ids = await repo.removeSelected(tx, participationId, only, input.actor.name, reason, now);
      if (!ids.length) return { removed: 0, votes: locked.votes };
      const after = await decrementVotes(tx, participationId, ids.length);
      challengeId = after?.challengeId ?? null;
      const votesAfter = after?.votes ?? 0;
      await insertLog(tx, {
        action: 'remove-votes',
        operatorId: input.actor.operatorId,
        actor: input.actor.name,
        participationId,
        challengeId: after?.challengeId ?? null,
        reason,
        details: {
          selection: kind === 'ids' ? { ids: only.ids } : kind === 'ipHash' ? { ipHash: only.ipHash } : { minute: only.minute!.toISOString() },
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
