import { and, count, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { profiles, votes } from '../../db/schema/index.js';

/** Queries of the back office's overview: counts per Europe/Berlin calendar day. */

export interface DayCount {
  day: string;
  count: number;
}

/** The votes cast in [from, before) that still count (not removed by an operator), per Berlin day. */
export async function countedVotesPerDay(db: Db, range: { from: Date; before: Date }): Promise<DayCount[]> {
  const day = sql<string>`to_char(${votes.createdAt} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: count() })
    .from(votes)
    .where(and(isNull(votes.removedAt), gte(votes.createdAt, range.from), lt(votes.createdAt, range.before)))
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/**
 * The club accounts registered in [from, before), per Berlin day: a profile is written with the
 * registration (built-in identity service and Cognito alike) and goes with the account's deletion.
 */
export async function registrationsPerDay(db: Db, range: { from: Date; before: Date }): Promise<DayCount[]> {
  const day = sql<string>`to_char(${profiles.createdAt} at time zone 'Europe/Berlin', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, count: count() })
    .from(profiles)
    .where(and(gte(profiles.createdAt, range.from), lt(profiles.createdAt, range.before)))
    .groupBy(day);
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}
