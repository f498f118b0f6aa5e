import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { challenges, clubs, participations, publishedResults, site, years, SITE_ID } from '../../db/schema/index.js';

/** Read queries of the public archive of seasons (issue 26). Few years, a few dozen challenges: read whole. */

export async function findCurrentYearId(db: Db): Promise<string | null> {
  const [row] = await db.select({ id: site.currentYearId }).from(site).where(eq(site.id, SITE_ID));
  return row?.id ?? null;
}

export async function listYears(db: Db) {
  return db.select({ id: years.id, year: years.year }).from(years);
}

export async function listChallenges(db: Db) {
  return db
    .select({
      id: challenges.id,
      yearId: challenges.yearId,
      position: challenges.position,
      objectTypeId: challenges.objectTypeId,
      headline: challenges.headline,
      startDate: challenges.startDate,
      endDate: challenges.endDate,
      withdrawnAt: challenges.withdrawnAt,
    })
    .from(challenges)
    .orderBy(asc(challenges.yearId), asc(challenges.position), asc(challenges.id));
}

/** Entries of any state per year (a year with entries is no draft any more). */
export async function entriesPerYear(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ yearId: challenges.yearId, entries: count() })
    .from(participations)
    .innerJoin(challenges, eq(challenges.id, participations.challengeId))
    .groupBy(challenges.yearId);
  return new Map(rows.map((row) => [row.yearId, Number(row.entries)]));
}

/** Every published result file's kind, key and year (not its rows). */
export async function listPublished(db: Db) {
  return db.select({ kind: publishedResults.kind, key: publishedResults.key, yearId: publishedResults.yearId }).from(publishedResults);
}

export async function clubExists(db: Db, clubId: string): Promise<boolean> {
  const [row] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).limit(1);
  return row !== undefined;
}

/**
 * The club's row in every published file of the years `yearIds` (overall and challenge tables):
 * picked out by the database, so a club page never reads whole tables.
 */
export async function clubRowsOfYears(db: Db, clubId: string, yearIds: readonly string[]): Promise<ClubFileRow[]> {
  if (!yearIds.length) return [];
  const query = sql`
    select p.kind, p.key, p.year_id as "yearId", r.value as row
    from ${publishedResults} p cross join lateral jsonb_array_elements(p.rows) as r(value)
    where p.year_id in (${sql.join(
      yearIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and r.value -> 'club' ->> '_id' = ${clubId}`;
  return ((await db.execute(query)) as unknown as { rows: ClubFileRow[] }).rows;
}

export interface ClubFileRow {
  kind: 'overall' | 'challenge';
  key: string;
  yearId: string;
  row: Record<string, unknown>;
}
