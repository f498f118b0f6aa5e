import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { ReachChannel, ReachTarget } from '@erd/shared-contracts/schemas';
import type { Db } from '../../db/client.js';
import { statement } from '../../db/statement.js';
import { challenges, clubs, reachCounts } from '../../db/schema/index.js';

/**
 * Queries of the reach counts (db/schema/reach-counts.ts). Every count is one atomic upsert
 * (`insert … on conflict do update set x = x + n`): concurrent counts of one key, also from other
 * instances, wait for each other's row lock and add up, none lost.
 */

export type ReachCounter = 'previews' | 'visits' | 'votes';

/** One count to add: a day (Europe/Berlin), a target as the caller named it, a channel and which counter. */
export interface ReachIncrement {
  day: string;
  target: ReachTarget;
  channel: ReachChannel;
  counter: ReachCounter;
}

/** The statement of `addCounts` (parameters: arrays of day, kind, challenge, entry, club, channel, counter). */
const ADD_COUNTS = `with input as (
  select * from unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
    with ordinality as i(day, kind, challenge_id, participation_id, club_id, channel, counter, n)
), resolved as (
  select i.n, i.day, 'entry'::text as kind, p.challenge_id, p.id as participation_id, p.club_id, i.channel, i.counter
    from input i join participations p on p.id = i.participation_id and p.challenge_id = i.challenge_id
   where i.kind = 'entry' and p.state = 'published' and p.object_type_id in ('bfv-erd-text-participation', 'bfv-erd-picture-participation')
  union all
  select i.n, i.day, 'club'::text, null::text, null::text, c.id, i.channel, i.counter
    from input i join clubs c on c.id = i.club_id
   where i.kind = 'club'
), summed as (
  select day, kind, challenge_id, participation_id, club_id, channel,
         (count(*) filter (where counter = 'previews'))::int as previews,
         (count(*) filter (where counter = 'visits'))::int as visits,
         (count(*) filter (where counter = 'votes'))::int as votes
    from resolved group by day, kind, challenge_id, participation_id, club_id, channel
), written as (
  insert into reach_counts (day, kind, challenge_id, participation_id, club_id, channel, previews, visits, votes)
  select day, kind, challenge_id, participation_id, club_id, channel, previews, visits, votes from summed
   order by day, kind, coalesce(challenge_id, ''), coalesce(participation_id, ''), club_id, channel
  on conflict (day, kind, (coalesce(challenge_id, '')), (coalesce(participation_id, '')), club_id, channel)
  do update set previews = reach_counts.previews + excluded.previews,
                visits = reach_counts.visits + excluded.visits,
                votes = reach_counts.votes + excluded.votes
  returning 1
)
select n from resolved cross join (select count(*) from written) as w`;

/**
 * Adds the counts in ONE statement (one round trip, one commit), and answers for each whether it
 * was counted. Only public targets count: an entry that is published and a text or picture entry
 * (the rule of the content API and of votes), named with its own challenge; its club comes from
 * the entry, not from the caller. A club page counts when the club exists. Counts of one key in
 * one call are summed first (one row may be changed once per statement); rows are written in key
 * order, so concurrent calls cannot deadlock.
 */
export async function addCounts(db: Db, items: readonly ReachIncrement[]): Promise<boolean[]> {
  if (items.length === 0) return [];
  const column = <T>(read: (item: ReachIncrement) => T) => items.map(read);
  const entryOf = (item: ReachIncrement) => (item.target.kind === 'entry' ? item.target : null);
  const rows = await statement<{ n: string | number }>(db, 'reach_add_counts', ADD_COUNTS, [
    column((i) => i.day),
    column((i) => i.target.kind),
    column((i) => entryOf(i)?.challengeId ?? null),
    column((i) => entryOf(i)?.participationId ?? null),
    column((i) => (i.target.kind === 'club' ? i.target.clubId : null)),
    column((i) => i.channel),
    column((i) => i.counter),
  ]);
  const counted = new Set(rows.map((row) => Number(row.n)));
  return items.map((_, i) => counted.has(i + 1));
}

/** Filters of the operator report; days inclusive (valid `YYYY-MM-DD`, checked by the service). */
export interface ReachFilter {
  challengeId?: string;
  clubId?: string;
  from?: string;
  to?: string;
}

function whereOf(filter: ReachFilter): SQL | undefined {
  return and(
    filter.challengeId !== undefined ? eq(reachCounts.challengeId, filter.challengeId) : undefined,
    filter.clubId !== undefined ? eq(reachCounts.clubId, filter.clubId) : undefined,
    filter.from !== undefined ? gte(reachCounts.day, filter.from) : undefined,
    filter.to !== undefined ? lte(reachCounts.day, filter.to) : undefined,
  );
}

export interface ReachReportRow {
  day: string;
  challengeId: string | null;
  challengeTitle: string | null;
  participationId: string | null;
  clubId: string;
  clubName: string;
  team: string;
  channel: ReachChannel;
  previews: number;
  visits: number;
  votes: number;
}

/** The counted rows (newest day first; then challenge, club, channel), at most `limit`. */
export async function reportRows(db: Db, filter: ReachFilter, limit: number): Promise<ReachReportRow[]> {
  return db
    .select({
      day: reachCounts.day,
      challengeId: reachCounts.challengeId,
      challengeTitle: challenges.headline,
      participationId: reachCounts.participationId,
      clubId: reachCounts.clubId,
      clubName: clubs.clubname,
      team: clubs.team,
      channel: reachCounts.channel,
      previews: reachCounts.previews,
      visits: reachCounts.visits,
      votes: reachCounts.votes,
    })
    .from(reachCounts)
    .innerJoin(clubs, eq(clubs.id, reachCounts.clubId))
    .leftJoin(challenges, eq(challenges.id, reachCounts.challengeId))
    .where(whereOf(filter))
    .orderBy(
      desc(reachCounts.day),
      sql`${challenges.position} asc nulls first`,
      asc(reachCounts.challengeId),
      sql`${clubs.search} collate "C"`,
      asc(reachCounts.clubId),
      asc(reachCounts.channel),
    )
    .limit(limit);
}

/** The sums per channel of everything the filter matches, and the rows they come from (channels without a row left out). */
export async function channelTotals(
  db: Db,
  filter: ReachFilter,
): Promise<{ channel: ReachChannel; previews: number; visits: number; votes: number; rows: number }[]> {
  const rows = await db
    .select({
      channel: reachCounts.channel,
      previews: sql<string>`coalesce(sum(${reachCounts.previews}), 0)`,
      visits: sql<string>`coalesce(sum(${reachCounts.visits}), 0)`,
      votes: sql<string>`coalesce(sum(${reachCounts.votes}), 0)`,
      rows: sql<string>`count(*)`,
    })
    .from(reachCounts)
    .where(whereOf(filter))
    .groupBy(reachCounts.channel);
  return rows.map((row) => ({
    channel: row.channel,
    previews: Number(row.previews),
    visits: Number(row.visits),
    votes: Number(row.votes),
    rows: Number(row.rows),
  }));
}

/** Visits and votes of a club's entry in a challenge, all days and channels. */
export async function entryTotals(db: Db, clubId: string, challengeId: string): Promise<{ visits: number; votes: number }> {
  const [row] = await db
    .select({ visits: sql<string>`coalesce(sum(${reachCounts.visits}), 0)`, votes: sql<string>`coalesce(sum(${reachCounts.votes}), 0)` })
    .from(reachCounts)
    .where(and(eq(reachCounts.challengeId, challengeId), eq(reachCounts.clubId, clubId), eq(reachCounts.kind, 'entry')));
  return { visits: Number(row?.visits ?? 0), votes: Number(row?.votes ?? 0) };
}
