import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { ChallengeRow, NotificationKind } from '../../db/schema/index.js';
import { addDays, berlinToday, TIME_ZONE } from '../../lib/dates.js';
import { accountRecipientsSql, fanRecipientsSql } from './recipients.js';
import { queueNotificationsFrom } from './service.js';
import type { TemplateName, TemplateParams } from './templates/index.js';

/**
 * The time-driven notifications (issue 25): run every 5 minutes by the `notify-schedule` job (one
 * instance at a time), it queues the mails whose time has come.
 *
 * Every occasion has a name that says what and when ('entries-closing:<challenge>:<last day>'), a
 * moment it is due and a moment after which it is no longer worth sending. A run queues the
 * occasions that are due and not yet too old, each with one INSERT … SELECT whose recipients are
 * chosen by the database (5,000 clubs, 50,000 fans never pass through this process).
 *
 * - Once: the `notifications` row is unique per occasion and recipient, so a second run, a second
 *   instance running at the same moment (its INSERT waits for the first one's rows and then inserts
 *   nothing: ON CONFLICT DO NOTHING) or a restart mid-run queue nothing more. An occasion that has
 *   rows is not looked at again, so it goes to the audience it had when it became due (a club that
 *   signs up later does not get last week's 'challenge opens').
 * - Never at night: a run queues only between 08:00 and 21:00 Europe/Berlin; what falls due at night
 *   (an entry published at 23:00 during voting) goes at 08:00.
 * - Not late: an occasion more than 36 hours past its moment is dropped (a server that was down for
 *   days sends no stale reminders; 36 hours cover a night plus a day of outage), and none goes after
 *   the thing it reminds of is over (entries closed, voting ended).
 * - A moved date moves them: the occasion's name and parameters carry the date, so a new date is a
 *   new occasion; the templates compare the date with the challenge's when the mail goes and return
 *   null (the row is skipped as 'cancelled') when the challenge left the season or its date moved.
 * - A withdrawn challenge (issue 26) is not planned at all, and what was queued for it before is
 *   skipped when it would go (deliver.ts); the season's end waits for the challenges left.
 */
export type PlanCtx = Pick<AppContext, 'db' | 'jobs' | 'now' | 'log' | 'config'>;

const HOUR = 3_600_000;

/**
 * Mails are queued only in these hours (Europe/Berlin, from inclusive, to exclusive): NOTIFY_HOURS,
 * 8–21 by default (config.ts).
 */
export const SENDING_HOURS = { from: 8, to: 21 } as const;
/** An occasion is not sent when its moment passed more than this long ago. */
export const STALE_AFTER_MS = 36 * HOUR;

/**
 * The hours of the occasions (Europe/Berlin). Entries close at the end of their last day (23:59);
 * exactly 48 hours before that is midnight, so the reminder goes at 18:00 two days before the last
 * day (54 hours before the close: the evening hour nearest before 48 hours at which people read
 * club mail). Voting ends at the end of its last day; 'the day before at 18:00' is 30 hours before,
 * the evening hour nearest before 24 hours.
 */
export const OCCASION_HOURS = {
  opens: 9,
  closing: 18,
  votingOpens: 9,
  votingEnds: 18,
  seasonEnd: 10,
} as const;

const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The hour (0–23) in Europe/Berlin at `at`. */
export function berlinHour(at: Date): number {
  return Number(hourFormat.format(at));
}

/** The instant of `hour`:00 in Europe/Berlin on the calendar day `day` (summer or winter time). */
export function berlinAt(day: string, hour: number): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const local = Date.UTC(y, m - 1, d, hour);
  for (const offset of [2, 1]) {
    const candidate = new Date(local - offset * HOUR);
    if (berlinToday(candidate) === day && berlinHour(candidate) === hour) return candidate;
  }
  return new Date(local - HOUR);
}

/** Whether mails may be queued at `at` (not at night). */
export function isSendingHour(at: Date, hours: { from: number; to: number } = SENDING_HOURS): boolean {
  const hour = berlinHour(at);
  return hour >= hours.from && hour < hours.to;
}

export const isVoteType = (objectTypeId: string) => objectTypeId === 'bfv-erd-text-vote' || objectTypeId === 'bfv-erd-picture-vote';

type ChallengeDates = Pick<
  ChallengeRow,
  'objectTypeId' | 'startDate' | 'endDate' | 'startDateSubmission' | 'endDateSubmission' | 'startDateVoting' | 'endDateVoting'
>;

/** What the planner reads of a challenge. */
export type ScheduledChallenge = ChallengeDates & { id: string };

/** The first day a club can take part (vote types: submission start; else the start). */
export function firstEntryDay(c: ChallengeDates): string {
  return (isVoteType(c.objectTypeId) ? c.startDateSubmission : null) ?? c.startDate;
}

/** The last day entries are taken (vote types: submission end; estimate and goals: the end). */
export function lastEntryDay(c: ChallengeDates): string {
  return (isVoteType(c.objectTypeId) ? c.endDateSubmission : null) ?? c.endDate;
}

/** The voting window of a vote type (null for estimate and goals, or when a date is missing). */
export function votingWindow(c: ChallengeDates): { start: string; end: string } | null {
  if (!isVoteType(c.objectTypeId) || !c.startDateVoting || !c.endDateVoting) return null;
  return { start: c.startDateVoting, end: c.endDateVoting };
}

/** The instant a Berlin day ends (the next day's 00:00). */
export const endOfBerlinDay = (day: string): Date => berlinAt(addDays(day, 1), 0);

/** The reminder before entries close: 18:00 two days before the last day. */
export const closingReminderAt = (lastDay: string): Date => berlinAt(addDays(lastDay, -2), OCCASION_HOURS.closing);

/** The reminder before voting ends: 18:00 the day before the last voting day. */
export const votingEndsReminderAt = (endDateVoting: string): Date => berlinAt(addDays(endDateVoting, -1), OCCASION_HOURS.votingEnds);

/** Who an occasion goes to: a `SELECT recipient` (recipients.ts). */
type Audience = SQL;

/** One occasion of the schedule, what it sends and to whom, and the span in which it may be queued. */
export interface PlannedOccasion<T extends TemplateName = TemplateName> {
  occasion: string;
  kind: NotificationKind;
  template: T;
  params: TemplateParams<T>;
  due: Date;
  /** Not queued at or after this instant. */
  until: Date;
  recipients: Audience;
}

const minDate = (...dates: Date[]) => new Date(Math.min(...dates.map((d) => d.getTime())));
const staleAt = (due: Date) => new Date(due.getTime() + STALE_AFTER_MS);

const hasEntry = (challengeId: string, club: SQL) =>
  sql`EXISTS (SELECT 1 FROM participations x WHERE x.challenge_id = ${challengeId} AND x.club_id = ${club} AND x.state <> 'rejected')`;
const hasPublishedEntry = (challengeId: string, club: SQL) =>
  sql`EXISTS (SELECT 1 FROM participations x WHERE x.challenge_id = ${challengeId} AND x.club_id = ${club} AND x.state = 'published')`;

/**
 * The occasions of one challenge with a single audience each (the fans' 'entry is live', one per
 * club, is planned by `queueFanEntriesLive`).
 */
export function challengeOccasions(c: ScheduledChallenge): PlannedOccasion[] {
  const out: PlannedOccasion[] = [];
  const first = firstEntryDay(c);
  const last = lastEntryDay(c);
  const closes = endOfBerlinDay(last);

  // A challenge opens: to every club account, 09:00 on its first day.
  const opens = berlinAt(first, OCCASION_HOURS.opens);
  out.push({
    occasion: `challenge-opens:${c.id}:${first}`,
    kind: 'challenges',
    template: 'challenge-opens',
    params: { challengeId: c.id, day: first },
    due: opens,
    until: minDate(staleAt(opens), closes),
    recipients: accountRecipientsSql('challenges'),
  });

  // Entries close in two days: to the clubs without an entry. Not for a window so short that the
  // reminder would come on the first day or before it (the 'opens' mail says the same then).
  if (addDays(last, -2) > first) {
    const due = closingReminderAt(last);
    out.push({
      occasion: `entries-closing:${c.id}:${last}`,
      kind: 'challenges',
      template: 'entries-closing',
      params: { challengeId: c.id, day: last },
      due,
      until: minDate(staleAt(due), closes),
      recipients: accountRecipientsSql('challenges', sql`NOT ${hasEntry(c.id, sql`p.club_id`)}`),
    });
  }

  const voting = votingWindow(c);
  if (voting) {
    const votingEnds = endOfBerlinDay(voting.end);
    // Voting opens: to the clubs with a published entry, 'dein Beitrag ist live – teile ihn'.
    const due = berlinAt(voting.start, OCCASION_HOURS.votingOpens);
    out.push({
      occasion: `voting-opens:${c.id}:${voting.start}`,
      kind: 'challenges',
      template: 'voting-opens',
      params: { challengeId: c.id, day: voting.start },
      due,
      until: minDate(staleAt(due), votingEnds),
      recipients: accountRecipientsSql('challenges', hasPublishedEntry(c.id, sql`p.club_id`)),
    });
    // Voting ends tomorrow: to the confirmed fans of the clubs with a published entry. Not when the
    // reminder would come before voting opened (a one-day window).
    const reminder = votingEndsReminderAt(voting.end);
    if (reminder.getTime() >= due.getTime()) {
      out.push({
        occasion: `fan-voting-ends:${c.id}:${voting.end}`,
        kind: 'fans',
        template: 'fan-voting-ends',
        params: { challengeId: c.id, day: voting.end },
        due: reminder,
        until: minDate(staleAt(reminder), votingEnds),
        recipients: fanRecipientsSql(hasPublishedEntry(c.id, sql`f.club_id`)),
      });
    }
  }
  return out;
}

/** Whether an occasion may be queued at `now`. */
export const isDue = (o: Pick<PlannedOccasion, 'due' | 'until'>, now: Date) =>
  o.due.getTime() <= now.getTime() && now.getTime() < o.until.getTime();

interface Rows {
  rows: unknown[];
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows).rows as T[];
}

/** An occasion that has rows was queued (in one statement: all of its recipients, or none). */
async function occasionQueued(db: Db, occasion: string): Promise<boolean> {
  return (await rowsOf(db, sql`SELECT 1 FROM notifications WHERE occasion = ${occasion} LIMIT 1`)).length > 0;
}

async function queueOccasion(ctx: PlanCtx, o: PlannedOccasion): Promise<number> {
  if (await occasionQueued(ctx.db, o.occasion)) return 0;
  return ctx.db.transaction((tx) =>
    queueNotificationsFrom(ctx, tx, {
      occasion: o.occasion,
      kind: o.kind,
      template: o.template,
      params: o.params,
      recipients: o.recipients,
    }),
  );
}

/**
 * 'Dein Verein braucht deine Stimme' when a club's entry goes live during voting: at the start of
 * voting (09:00) for the entries published before, else when it is published (the next run in
 * sending hours). One occasion per challenge and club ('fan-entry-live:<challenge>:<club>'), all
 * clubs of a challenge in one statement; to the fans who were confirmed by then.
 */
async function queueFanEntriesLive(ctx: PlanCtx, c: ScheduledChallenge, now: Date): Promise<number> {
  const voting = votingWindow(c);
  if (!voting) return 0;
  const start = berlinAt(voting.start, OCCASION_HOURS.votingOpens);
  const ends = endOfBerlinDay(voting.end);
  if (now < start || now >= ends) return 0;
  const nowIso = now.toISOString();
  const oldest = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const occasion = sql`'fan-entry-live:' || p.challenge_id || ':' || p.club_id`;
  const liveAt = sql`greatest(coalesce(p.published_at, p.updated_at), ${start.toISOString()}::timestamptz)`;
  return ctx.db.transaction(async (tx) => {
    // The entries first (one index probe each for 'already queued'), then their fans: a run in the
    // middle of voting with 5,000 entries and 50,000 fans looks at 5,000 occasions, not 50,000 rows.
    const ids = await rowsOf<{ id: string }>(
      tx,
      sql`WITH live AS MATERIALIZED (
          SELECT p.id, p.club_id, ${occasion} AS occasion, ${liveAt} AS live_at
            FROM participations p
           WHERE p.challenge_id = ${c.id} AND p.state = 'published'
             AND ${liveAt} <= ${nowIso}::timestamptz AND ${liveAt} > ${oldest}::timestamptz
             AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.occasion = ${occasion}))
        INSERT INTO notifications (occasion, recipient, kind, template, params)
        SELECT l.occasion, 'fan:' || f.id, 'fans', 'fan-entry-live', jsonb_build_object('challengeId', ${c.id}::text, 'participationId', l.id)
          FROM live l
          JOIN club_fans f ON f.club_id = l.club_id AND f.status = 'confirmed' AND coalesce(f.confirmed_at, f.created_at) <= l.live_at
        ON CONFLICT (occasion, recipient) DO NOTHING
        RETURNING id`,
    );
    await ctx.jobs.enqueueMany(
      tx,
      'notify',
      ids.map(({ id }) => ({ id })),
    );
    return ids.length;
  });
}

/**
 * The season's end: once the season is over and every challenge's results are published, each club
 * in the overall table hears its final place. Due at 10:00 the day after the last challenge ended,
 * or when the last challenge's results were first published, whichever is later (a correction of
 * published results does not move it: the results mails tell about corrections).
 */
export async function seasonEndOccasion(
  db: Db,
  yearId: string,
  rows: readonly ScheduledChallenge[],
  now: Date,
): Promise<PlannedOccasion<'season-end'> | null> {
  if (!rows.length) return null;
  const lastDay = rows.reduce((end, c) => (c.endDate > end ? c.endDate : end), rows[0]!.endDate);
  if (berlinToday(now) <= lastDay) return null;
  const ids = rows.map((c) => c.id);
  const [state] = await rowsOf<{
    published: number | string;
    last_first_ms: number | string | null;
    overall: boolean;
  }>(
    db,
    sql`SELECT (SELECT count(*) FROM published_results r WHERE r.kind = 'challenge' AND r.key = ANY(${sql.param(ids)}::text[])) AS published,
               (SELECT (extract(epoch FROM max(first)) * 1000)::float8 FROM (SELECT min(v.published_at) AS first FROM result_versions v
                   WHERE v.kind = 'challenge' AND v.key = ANY(${sql.param(ids)}::text[]) GROUP BY v.key) s) AS last_first_ms,
               EXISTS (SELECT 1 FROM published_results o WHERE o.kind = 'overall' AND o.key = ${yearId}) AS overall`,
  );
  if (!state || Number(state.published) < ids.length || !state.overall) return null;
  const floor = berlinAt(addDays(lastDay, 1), OCCASION_HOURS.seasonEnd);
  const published = state.last_first_ms == null ? floor : new Date(Number(state.last_first_ms));
  const due = published > floor ? published : floor;
  return {
    occasion: `season-end:${yearId}`,
    kind: 'results',
    template: 'season-end',
    params: { yearId },
    due,
    until: staleAt(due),
    recipients: accountRecipientsSql(
      'results',
      sql`p.club_id IN (SELECT r.value->'club'->>'_id' FROM published_results o, jsonb_array_elements(o.rows) AS r WHERE o.kind = 'overall' AND o.key = ${yearId})`,
    ),
  };
}

/** The current season: the year the site shows. */
export async function currentYearId(db: Db): Promise<string | null> {
  const [row] = await rowsOf<{ current_year_id: string | null }>(db, sql`SELECT current_year_id FROM site WHERE id = 'site'`);
  return row?.current_year_id ?? null;
}

export async function planNotifications({ ctx }: { ctx: PlanCtx }): Promise<void> {
  await planDueNotifications(ctx);
}

/** The planner's run; returns how many mails it queued. */
export async function planDueNotifications(ctx: PlanCtx): Promise<number> {
  const now = ctx.now();
  if (!isSendingHour(now, ctx.config.notifyHours)) return 0;
  const yearId = await currentYearId(ctx.db);
  if (!yearId) return 0;
  const rows = await rowsOf<ScheduledChallenge>(
    ctx.db,
    sql`SELECT id, object_type_id AS "objectTypeId", start_date::text AS "startDate", end_date::text AS "endDate",
               start_date_submission::text AS "startDateSubmission", end_date_submission::text AS "endDateSubmission",
               start_date_voting::text AS "startDateVoting", end_date_voting::text AS "endDateVoting"
          FROM challenges WHERE year_id = ${yearId} AND withdrawn_at IS NULL ORDER BY position, id`,
  );
  let queued = 0;
  for (const c of rows) {
    for (const o of challengeOccasions(c)) if (isDue(o, now)) queued += await queueOccasion(ctx, o);
    queued += await queueFanEntriesLive(ctx, c, now);
  }
  const seasonEnd = await seasonEndOccasion(ctx.db, yearId, rows, now);
  if (seasonEnd && isDue(seasonEnd, now)) queued += await queueOccasion(ctx, seasonEnd);
  if (queued) ctx.log.info({ queued }, 'notifications planned');
  return queued;
}
