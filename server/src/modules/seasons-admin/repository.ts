import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  challenges,
  notifications,
  participations,
  publishedResults,
  site,
  SITE_ID,
  years,
  type ChallengeRow,
  type NewChallengeRow,
  type NewYearRow,
  type YearRow,
} from '../../db/schema/index.js';

/** Queries of the back office's seasons (no logic). `db` may be a transaction. */

export {
  challengesWithPublishedResults,
  findChallenge,
  findSite,
  findYear,
  findYearByNumber,
  lockChallenge,
  lockSite,
  lockYear,
} from '../../db/season-rows.js';

export async function listYears(db: Db): Promise<YearRow[]> {
  return db.select().from(years).orderBy(desc(years.year));
}

export async function insertYear(db: Db, row: NewYearRow): Promise<YearRow> {
  const [inserted] = await db.insert(years).values(row).returning();
  return inserted!;
}

export async function setCurrentYear(db: Db, yearId: string, at: Date): Promise<void> {
  await db.update(site).set({ currentYearId: yearId, updatedAt: at }).where(eq(site.id, SITE_ID));
}

export async function listChallenges(db: Db, yearIds?: readonly string[]): Promise<ChallengeRow[]> {
  if (yearIds && !yearIds.length) return [];
  return db
    .select()
    .from(challenges)
    .where(yearIds ? inArray(challenges.yearId, [...yearIds]) : undefined)
    .orderBy(asc(challenges.yearId), asc(challenges.position), asc(challenges.id));
}

export async function listChallengesOfYear(db: Db, yearId: string): Promise<ChallengeRow[]> {
  return db.select().from(challenges).where(eq(challenges.yearId, yearId)).orderBy(asc(challenges.position), asc(challenges.id));
}

/** Challenge ids that start with `prefix` (to find a free `-2`, `-3` …). */
export async function challengeIdsLike(db: Db, prefix: string): Promise<Set<string>> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(sql`${challenges.id} like ${pattern}`);
  return new Set(rows.map((r) => r.id));
}

export async function insertChallenges(db: Db, rows: NewChallengeRow[]): Promise<void> {
  if (rows.length) await db.insert(challenges).values(rows);
}

export async function updateChallenge(db: Db, id: string, values: Partial<NewChallengeRow>): Promise<ChallengeRow> {
  const [row] = await db.update(challenges).set(values).where(eq(challenges.id, id)).returning();
  return row!;
}

export async function deleteChallenge(db: Db, id: string): Promise<void> {
  await db.delete(challenges).where(eq(challenges.id, id));
}

/** Moves the challenges of a year at or after `position` one place back (room for a duplicate). */
export async function shiftPositions(db: Db, yearId: string, fromPosition: number): Promise<void> {
  await db
    .update(challenges)
    .set({ position: sql`${challenges.position} + 1` })
    .where(and(eq(challenges.yearId, yearId), sql`${challenges.position} >= ${fromPosition}`));
}

/** Entries (any state) per challenge. */
export async function entryCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ challengeId: participations.challengeId, n: count() })
    .from(participations)
    .where(inArray(participations.challengeId, [...ids]))
    .groupBy(participations.challengeId);
  return new Map(rows.map((r) => [r.challengeId, Number(r.n)]));
}

/** Years that have any published result file (a challenge's or the overall table). */
export async function yearsWithPublishedResults(db: Db): Promise<Set<string>> {
  const rows = await db.selectDistinct({ yearId: publishedResults.yearId }).from(publishedResults);
  return new Set(rows.map((r) => r.yearId));
}

/** Deletes the challenge's notifications that have not gone out (nor been skipped); sent ones stay as records. */
export async function deleteUnsentNotifications(db: Db, challengeId: string): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(and(sql`${notifications.params}->>'challengeId' = ${challengeId}`, isNull(notifications.sentAt), isNull(notifications.skipped)))
    .returning({ id: notifications.id });
  return rows.length;
}
