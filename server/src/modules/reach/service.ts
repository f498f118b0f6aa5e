import { REACH_CHANNEL_LABELS } from '@erd/shared-contracts/backoffice';
import { isShareChannel, TEAM_LABELS, type Team } from '@erd/shared-contracts/wire';
import {
  reachChannelSchema,
  type OwnReachDto,
  type ReachChannel,
  type ReachQuery,
  type ReachReportDto,
  type ReachTarget,
} from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import type { Db } from '../../db/client.js';
import { ForbiddenError, ValidationError } from '../../errors.js';
import { csvFile } from '../../lib/csv.js';
import { createGroupCommit, type GroupCommit } from '../../lib/group-commit.js';
import { berlinToday, isValidIsoDate } from '../../lib/dates.js';
import { findClubOfAccount } from '../entries/service.js';
import * as repo from './repository.js';

/**
 * What sharing brings (issue 23): per Europe/Berlin day, target (an entry, or a club's page) and
 * channel, the server counts crawler preview fetches (`recordPreview`, from the HTML route),
 * visits through a `via` link (`recordVisit`, POST /api/reach/visits) and the votes cast with a
 * `via` (`recordVote`, after POST /api/votes accepted one). No cookie, no personal data: three
 * counters per row (db/schema/reach-counts.ts).
 *
 * Counting never fails or slows the request it belongs to: the counts of an instance go to the
 * database together (lib/group-commit: the first at once, those that arrive meanwhile in the next
 * statement, one statement under way at a time, so counting holds at most one connection of the
 * pool), a failure is logged as a warning (no target, no address) and swallowed, and while the
 * database lags more than `MAX_PENDING` counts behind, further counts are dropped (a warning a
 * minute says how many) instead of piling up in memory. Only public things count (repository:
 * `addCounts`); an unknown or unpublished target is silently not counted.
 */

type Ctx = Pick<AppContext, 'db' | 'now' | 'log'>;

/** Counts per statement at most. */
const MAX_BATCH = 256;
/** Counts waiting or under way at most; more are dropped. */
export const MAX_PENDING = 10_000;
const DROP_WARNING_INTERVAL_MS = 60_000;

interface Writer {
  commit: GroupCommit<repo.ReachIncrement, boolean>;
  pending: Set<Promise<boolean>>;
  dropped: number;
  lastDropWarning: number;
}

/** One writer per database (the app's context and a test's share the database, so a test can wait for the app's counts). */
const writers = new WeakMap<Db, Writer>();

function writerOf(db: Db): Writer {
  let writer = writers.get(db);
  if (!writer) {
    writer = {
      commit: createGroupCommit({ run: (items) => repo.addCounts(db, items), maxBatch: MAX_BATCH, concurrency: 1 }),
      pending: new Set(),
      dropped: 0,
      lastDropWarning: 0,
    };
    writers.set(db, writer);
  }
  return writer;
}

function warn(ctx: Ctx, error: unknown, message: string): void {
  try {
    ctx.log.warn({ err: error }, message);
  } catch {
    // A log that fails must not fail the caller either.
  }
}

/** Adds one count; resolves to whether it counted (false also when it failed: never rejects). */
function record(ctx: Ctx, target: ReachTarget, channel: ReachChannel, counter: repo.ReachCounter): Promise<boolean> {
  try {
    const writer = writerOf(ctx.db);
    if (writer.pending.size >= MAX_PENDING) {
      writer.dropped += 1;
      const now = Date.now();
      if (now - writer.lastDropWarning >= DROP_WARNING_INTERVAL_MS) {
        warn(ctx, undefined, `reach: the database lags behind, ${writer.dropped} count(s) dropped`);
        writer.lastDropWarning = now;
        writer.dropped = 0;
      }
      return Promise.resolve(false);
    }
    const done = writer.commit.add({ day: berlinToday(ctx.now()), target, channel, counter }).catch((error: unknown) => {
      warn(ctx, error, `reach: a ${counter} count was not recorded`);
      return false;
    });
    writer.pending.add(done);
    void done.finally(() => writer.pending.delete(done));
    return done;
  } catch (error) {
    warn(ctx, error, `reach: a ${counter} count was not recorded`);
    return Promise.resolve(false);
  }
}

/**
 * A link-preview crawler fetched an entry's or a club's page (modules/web, for user agents
 * `isLinkPreviewCrawler` knows): `channel` is the link's `via`, or `direct` without one
 * (`reachChannelOf`). Never rejects; need not be awaited (`void recordPreview(…)`).
 */
export async function recordPreview({ ctx, input }: { ctx: Ctx; input: { target: ReachTarget; channel: ReachChannel } }): Promise<void> {
  await record(ctx, input.target, input.channel, 'previews');
}

/** A page was opened through a `via` link (POST /api/reach/visits). Resolves to whether it counted; never rejects. */
export async function recordVisit({ ctx, input }: { ctx: Ctx; input: { target: ReachTarget; channel: ReachChannel } }): Promise<boolean> {
  return record(ctx, input.target, input.channel, 'visits');
}

/** A vote was accepted and came with a `via` (POST /api/votes): counted for the entry (and its club). Never rejects. */
export async function recordVote({
  ctx,
  input,
}: ServiceCall<Ctx, { challengeId: string; participationId: string; channel: ReachChannel }>): Promise<void> {
  await record(ctx, { kind: 'entry', challengeId: input.challengeId, participationId: input.participationId }, input.channel, 'votes');
}

/** The channel a count goes to for a link's `via` value (a query parameter: anything): a share channel, else `direct`. */
export function reachChannelOf(via: unknown): ReachChannel {
  return isShareChannel(via) ? via : 'direct';
}

/** Statements sent and counts in them so far, and counts waiting (what a bench prints). */
export function reachWriteStats(db: Db): { batches: number; items: number; pending: number } {
  const writer = writers.get(db);
  return writer ? { ...writer.commit.stats, pending: writer.pending.size } : { batches: 0, items: 0, pending: 0 };
}

/** Resolves once the counts given so far are written or given up (tests; the app's close). */
export async function reachSettled(db: Db): Promise<void> {
  const writer = writers.get(db);
  while (writer && writer.pending.size > 0) await Promise.all([...writer.pending]);
}

// ---- reading

const MESSAGES = {
  noClub: 'Zu diesem Konto gehört kein Verein.',
  badDay: (field: string) => `${field}: Bitte ein gültiges Datum im Format JJJJ-MM-TT angeben.`,
  range: 'from: Der Zeitraum beginnt nach seinem Ende.',
} as const;

/** GET /api/reach/own/{challengeId}: what the member's club's shared links of its entry in the challenge brought, all days (0 and 0 without entry or counts). */
export async function getOwnReach({ ctx, input }: { ctx: Ctx; input: { sub: string; challengeId: string } }): Promise<OwnReachDto> {
  const club = await findClubOfAccount(ctx.db, input.sub);
  if (!club) throw new ForbiddenError(MESSAGES.noClub);
  return repo.entryTotals(ctx.db, club.id, input.challengeId);
}

/** Rows of the report at most (the newest days first); the totals always cover everything matched. */
export const REPORT_MAX_ROWS = 10_000;
/** Rows of the CSV export at most. */
export const CSV_MAX_ROWS = 200_000;

function filterOf(query: ReachQuery): repo.ReachFilter {
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day !== undefined && !isValidIsoDate(day)) throw new ValidationError(MESSAGES.badDay(field), { field });
  }
  if (query.from !== undefined && query.to !== undefined && query.from > query.to)
    throw new ValidationError(MESSAGES.range, { field: 'from' });
  return query;
}

async function report(ctx: Ctx, query: ReachQuery, maxRows: number): Promise<ReachReportDto> {
  const filter = filterOf(query);
  const [rows, channels] = await Promise.all([repo.reportRows(ctx.db, filter, maxRows), repo.channelTotals(ctx.db, filter)]);
  const found = new Map(channels.map((c) => [c.channel, c]));
  const byChannel = reachChannelSchema.options.map((channel) => {
    const c = found.get(channel);
    return { channel, previews: c?.previews ?? 0, visits: c?.visits ?? 0, votes: c?.votes ?? 0 };
  });
  const totals = byChannel.reduce(
    (sum, c) => ({ previews: sum.previews + c.previews, visits: sum.visits + c.visits, votes: sum.votes + c.votes }),
    {
      previews: 0,
      visits: 0,
      votes: 0,
    },
  );
  const matched = channels.reduce((sum, c) => sum + c.rows, 0);
  return { rows, totals, byChannel, truncated: matched > rows.length };
}

/** GET /api/operator/reach: rows per day, target and channel with the challenge's title and the club's name and team resolved; totals and per channel. */
export async function getReachReport({ ctx, input }: { ctx: Ctx; input: ReachQuery }): Promise<ReachReportDto> {
  return report(ctx, input, REPORT_MAX_ROWS);
}

export const CSV_HEADER = [
  'Tag',
  'Art',
  'Challenge',
  'Challenge-ID',
  'Beitrags-ID',
  'Verein',
  'Mannschaft',
  'Vereins-ID',
  'Kanal',
  'Vorschauen',
  'Besuche',
  'Stimmen',
];

/** GET /api/operator/reach.csv: the same rows (up to `CSV_MAX_ROWS`) as a CSV file (lib/csv), German header and labels. */
export async function getReachCsv({
  ctx,
  input,
}: ServiceCall<Ctx, ReachQuery>): Promise<{ text: string; rows: number; truncated: boolean }> {
  const { rows, truncated } = await report(ctx, input, CSV_MAX_ROWS);
  const lines = rows.map((row) => [
    row.day,
    row.participationId ? 'Beitrag' : 'Vereinsseite',
    row.challengeTitle,
    row.challengeId,
    row.participationId,
    row.clubName,
    TEAM_LABELS[row.team as Team] ?? row.team,
    row.clubId,
    REACH_CHANNEL_LABELS[row.channel],
    row.previews,
    row.visits,
    row.votes,
  ]);
  return { text: csvFile(CSV_HEADER, lines), rows: rows.length, truncated };
}
