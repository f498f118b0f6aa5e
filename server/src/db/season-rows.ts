import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './client.js';
import { findRow } from './queries.js';
import { challenges, publishedResults, site, SITE_ID, years, type ChallengeRow, type SiteRow, type YearRow } from './schema/index.js';

/**
 * The season's rows as several modules look them up alike (the public content, the season and its
 * back-office screens): the site row, a year (by id or number) or a challenge, and which challenges have
 * published results. A `lock…` reads the row locked until the transaction ends (two changes of it
 * wait for each other). `db` may be a transaction. Each module's repository exports the lookups it
 * uses, so a service still asks only its own repository.
 */

const siteQuery = (db: Db) => db.select().from(site).where(eq(site.id, SITE_ID));
const yearQuery = (db: Db, id: string) => db.select().from(years).where(eq(years.id, id));
const challengeQuery = (db: Db, id: string) => db.select().from(challenges).where(eq(challenges.id, id));

export async function findSite(db: Db): Promise<SiteRow | undefined> {
  return (await siteQuery(db))[0];
}

export async function lockSite(db: Db): Promise<SiteRow | undefined> {
  return (await siteQuery(db).for('update'))[0];
}

export async function findYear(db: Db, id: string): Promise<YearRow | undefined> {
  return (await yearQuery(db, id))[0];
}

export function findYearByNumber(db: Db, year: number): Promise<YearRow | undefined> {
  return findRow(db, years, eq(years.year, year));
}

export async function lockYear(db: Db, id: string): Promise<YearRow | undefined> {
  return (await yearQuery(db, id).for('update'))[0];
}

export async function findChallenge(db: Db, id: string): Promise<ChallengeRow | undefined> {
  return (await challengeQuery(db, id))[0];
}

export async function lockChallenge(db: Db, id: string): Promise<ChallengeRow | undefined> {
  return (await challengeQuery(db, id).for('update'))[0];
}

/** Of `ids`, the challenges whose results are published (`/tabelle/{id}` has rows). */
export async function challengesWithPublishedResults(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ key: publishedResults.key })
    .from(publishedResults)
    .where(and(eq(publishedResults.kind, 'challenge'), inArray(publishedResults.key, [...ids])));
  return new Set(rows.map((r) => r.key));
}
