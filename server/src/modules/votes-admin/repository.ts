import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ImageDto } from '@erd/shared-contracts/wire';
import type { VoteEntrySortDto, VoteRecordStateDto } from '@erd/shared-contracts/backoffice';
import type { Db } from '../../db/client.js';
import { challenges, votes, type VoteRow } from '../../db/schema/index.js';

/**
 * Queries of the vote review: the entries of the vote challenges with their vote aggregates
 * (counted, removed, the most counted votes from one address and in one minute), one entry's
 * timeline, addresses and burst minutes, its vote records, and the removal of a selection.
 * Aggregates are plain SQL (the same on PGlite and PostgreSQL); counts are cast to int, times are
 * truncated in UTC (the server's time zone does not matter).
 */

export const VOTE_ENTRY_TYPES = ['bfv-erd-text-participation', 'bfv-erd-picture-participation'] as const;

export interface VoteEntryRow {
  id: string;
  challenge_id: string;
  headline: string;
  object_type_id: (typeof VOTE_ENTRY_TYPES)[number];
  slogan: string | null;
  image: ImageDto | null;
  votes: number;
  club_id: string;
  clubname: string;
  clubnumber: string;
  team: 'm' | 'w';
  removed: number;
  max_addr: number;
  max_min: number;
  flagged: boolean;
}

type Rows<T> = { rows: T[] };

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const minuteOf = sql`(date_trunc('minute', v.created_at at time zone 'UTC') at time zone 'UTC')`;
const hourOf = sql`(date_trunc('hour', v.created_at at time zone 'UTC') at time zone 'UTC')`;

/** The entries with their aggregates (a CTE `base`), for one challenge, one entry or all. */
/** `VOTE_ENTRY_TYPES` as an SQL list, for `object_type_id in (…)`. */
const types = sql.join(
  VOTE_ENTRY_TYPES.map((t) => sql`${t}`),
  sql`, `,
);

function baseOf(filter: { challengeId?: string; participationId?: string }, thresholds: { address: number; minute: number }): SQL {
  const voteScope = filter.participationId
    ? sql`v.participation_id = ${filter.participationId}`
    : filter.challengeId
      ? sql`v.challenge_id = ${filter.challengeId}`
      : sql`true`;
  const entryScope = filter.participationId
    ? sql`p.id = ${filter.participationId}`
    : filter.challengeId
      ? sql`p.challenge_id = ${filter.challengeId}`
      : sql`true`;
  return sql`with addr as (
      select participation_id, max(n)::int as max_addr from (
        select v.participation_id, count(*) as n from votes v where v.removed_at is null and ${voteScope} group by v.participation_id, v.ip_hash
      ) a group by participation_id
    ), minute as (
      select participation_id, max(n)::int as max_min from (
        select v.participation_id, count(*) as n from votes v where v.removed_at is null and ${voteScope} group by v.participation_id, ${minuteOf}
      ) m group by participation_id
    ), rem as (
      select v.participation_id, count(*)::int as removed from votes v where v.removed_at is not null and ${voteScope} group by v.participation_id
    ), base as (
      select p.id, p.challenge_id, ch.headline, ch.position, p.object_type_id, p.slogan, p.image, p.votes,
        c.id as club_id, c.clubname, c.clubnumber, c.team,
        coalesce(rem.removed, 0) as removed,
        coalesce(addr.max_addr, 0) as max_addr,
        coalesce(minute.max_min, 0) as max_min,
        (coalesce(addr.max_addr, 0) >= ${thresholds.address} or coalesce(minute.max_min, 0) >= ${thresholds.minute}) as flagged
      from participations p
      join clubs c on c.id = p.club_id
      join challenges ch on ch.id = p.challenge_id
      left join addr on addr.participation_id = p.id
      left join minute on minute.participation_id = p.id
      left join rem on rem.participation_id = p.id
      where p.state = 'published' and p.object_type_id in (${types}) and ${entryScope}
    )`;
}

const ORDER: Record<VoteEntrySortDto, SQL> = {
  '-votes': sql`votes desc, id asc`,
  votes: sql`votes asc, id asc`,
  '-removed': sql`removed desc, votes desc, id asc`,
  '-burst': sql`flagged desc, max_addr desc, max_min desc, id asc`,
  club: sql`clubname asc, team asc, id asc`,
};

export async function listEntries(
  db: Db,
  input: { challengeId?: string; flagged: boolean; sort: VoteEntrySortDto; from: number; size: number },
  thresholds: { address: number; minute: number },
): Promise<{ rows: VoteEntryRow[]; total: number }> {
  const base = baseOf({ challengeId: input.challengeId }, thresholds);
  const where = input.flagged ? sql`where flagged` : sql``;
  const rows = await rowsOf<VoteEntryRow>(
    db,
    sql`${base} select * from base ${where} order by ${ORDER[input.sort]} limit ${input.size} offset ${input.from}`,
  );
  const [counted] = await rowsOf<{ total: number }>(db, sql`${base} select count(*)::int as total from base ${where}`);
  return { rows, total: counted?.total ?? 0 };
}

export async function findEntry(
  db: Db,
  participationId: string,
  thresholds: { address: number; minute: number },
): Promise<VoteEntryRow | undefined> {
  const [row] = await rowsOf<VoteEntryRow>(db, sql`${baseOf({ participationId }, thresholds)} select * from base`);
  return row;
}

/** The vote challenges (every year's, newest year first, in their order). */
export async function listVoteChallenges(db: Db): Promise<{ id: string; headline: string }[]> {
  return db
    .select({ id: challenges.id, headline: challenges.headline })
    .from(challenges)
    .where(inArray(challenges.objectTypeId, ['bfv-erd-text-vote', 'bfv-erd-picture-vote']))
    .orderBy(sql`${challenges.startDate} desc`, asc(challenges.position), asc(challenges.id));
}

export async function totalsOf(db: Db, participationId: string): Promise<{ total: number; addresses: number }> {
  const [row] = await rowsOf<{ total: number; addresses: number }>(
    db,
    sql`select count(*)::int as total, count(distinct v.ip_hash)::int as addresses from votes v where v.participation_id = ${participationId}`,
  );
  return row ?? { total: 0, addresses: 0 };
}

export async function timelineOf(db: Db, participationId: string): Promise<{ at: Date | string; counted: number; removed: number }[]> {
  return rowsOf(
    db,
    sql`select ${hourOf} as at,
          (count(*) filter (where v.removed_at is null))::int as counted,
          (count(*) filter (where v.removed_at is not null))::int as removed
        from votes v where v.participation_id = ${participationId}
        group by 1 order by 1`,
  );
}

export async function topAddressesOf(
  db: Db,
  participationId: string,
  limit: number,
): Promise<{ ip_hash: string; counted: number; removed: number; first: Date | string; last: Date | string }[]> {
  return rowsOf(
    db,
    sql`select v.ip_hash,
          (count(*) filter (where v.removed_at is null))::int as counted,
          (count(*) filter (where v.removed_at is not null))::int as removed,
          min(v.created_at) as first, max(v.created_at) as last
        from votes v where v.participation_id = ${participationId}
        group by v.ip_hash order by counted desc, removed desc, v.ip_hash asc limit ${limit}`,
  );
}

export async function burstMinutesOf(
  db: Db,
  participationId: string,
  minVotes: number,
  limit: number,
): Promise<{ minute: Date | string; counted: number; addresses: number }[]> {
  return rowsOf(
    db,
    sql`select ${minuteOf} as minute, count(*)::int as counted, count(distinct v.ip_hash)::int as addresses
        from votes v where v.participation_id = ${participationId} and v.removed_at is null
        group by 1 having count(*) >= ${minVotes} order by counted desc, minute asc limit ${limit}`,
  );
}

/** The reasons of the entry's removed votes, the latest first. */
export async function removalsOf(db: Db, participationId: string): Promise<{ reason: string | null; count: number; at: Date | string }[]> {
  return rowsOf(
    db,
    sql`select v.removal_reason as reason, count(*)::int as count, max(v.removed_at) as at
        from votes v where v.participation_id = ${participationId} and v.removed_at is not null
        group by v.removal_reason order by at desc, reason asc`,
  );
}

export interface VoteSelection {
  ids?: number[];
  ipHash?: string;
  /** The minute's start. */
  minute?: Date;
}

function selectionOf(participationId: string, selection: VoteSelection & { state?: VoteRecordStateDto }): SQL | undefined {
  return and(
    eq(votes.participationId, participationId),
    selection.ids ? inArray(votes.id, selection.ids) : undefined,
    selection.ipHash !== undefined ? eq(votes.ipHash, selection.ipHash) : undefined,
    selection.minute
      ? sql`${votes.createdAt} >= ${selection.minute.toISOString()} and ${votes.createdAt} < ${new Date(selection.minute.getTime() + 60_000).toISOString()}`
      : undefined,
    selection.state === 'counted'
      ? isNull(votes.removedAt)
      : selection.state === 'removed'
        ? sql`${votes.removedAt} is not null`
        : undefined,
  );
}

export async function listVotes(
  db: Db,
  participationId: string,
  filter: VoteSelection & { state: VoteRecordStateDto },
  page: { from: number; size: number },
): Promise<{ rows: VoteRow[]; total: number }> {
  const where = selectionOf(participationId, filter);
  const rows = await db
    .select()
    .from(votes)
    .where(where)
    .orderBy(sql`${votes.createdAt} desc`, sql`${votes.id} desc`)
    .limit(page.size)
    .offset(page.from);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(votes)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The entry's count when it is one the review covers (a published entry of a vote challenge), else
 * nothing; with `lock`, locked for the rest of the transaction as moderation repository
 * `lockEntries` locks entries (two removals of the same entry run one after the other). A cheap
 * look-up by id: the burst figures of `findEntry` are not needed to know that an entry is there.
 */
export async function findReviewableEntry(db: Db, participationId: string, lock = false): Promise<{ votes: number } | undefined> {
  const [row] = await rowsOf<{ votes: number }>(
    db,
    sql`select votes from participations where id = ${participationId} and state = 'published' and object_type_id in (${types})${lock ? sql` for no key update` : sql``}`,
  );
  return row;
}

/** Takes the selected counted votes of the entry out of the count; answers their ids. */
export async function removeSelected(
  db: Db,
  participationId: string,
  selection: VoteSelection,
  by: string,
  reason: string,
  now: Date,
): Promise<number[]> {
  const rows = await db
    .update(votes)
    .set({ removedAt: now, removedBy: by, removalReason: reason })
    .where(and(selectionOf(participationId, selection), isNull(votes.removedAt)))
    .returning({ id: votes.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
