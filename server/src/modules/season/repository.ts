import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  challenges,
  clubs,
  moderationLog,
  participations,
  profiles,
  publishedResults,
  site,
  years,
  type ChallengeRow,
  type ClubRow,
  type NewChallengeRow,
  type NewClubRow,
  type NewSiteRow,
  type NewYearRow,
  type SiteRow,
  type YearRow,
} from '../../db/schema/index.js';

/** Queries of the season import (no logic). `db` may be a transaction. */

const CHUNK = 500;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function findYear(db: Db, id: string): Promise<YearRow | undefined> {
  const [row] = await db.select().from(years).where(eq(years.id, id));
  return row;
}

export async function insertYear(db: Db, row: NewYearRow): Promise<void> {
  await db.insert(years).values(row);
}

export async function updateYear(db: Db, id: string, values: Partial<NewYearRow>): Promise<void> {
  await db.update(years).set(values).where(eq(years.id, id));
}

export async function findSite(db: Db, id: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(site).where(eq(site.id, id));
  return row;
}

export async function insertSite(db: Db, row: NewSiteRow): Promise<void> {
  await db.insert(site).values(row);
}

export async function updateSite(db: Db, id: string, values: Partial<NewSiteRow>): Promise<void> {
  await db.update(site).set(values).where(eq(site.id, id));
}

export async function listChallengesOfYear(db: Db, yearId: string): Promise<ChallengeRow[]> {
  return db.select().from(challenges).where(eq(challenges.yearId, yearId));
}

export async function findChallengesByIds(db: Db, ids: readonly string[]): Promise<ChallengeRow[]> {
  if (!ids.length) return [];
  return db.select().from(challenges).where(inArray(challenges.id, [...ids]));
}

export async function insertChallenges(db: Db, rows: readonly NewChallengeRow[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(challenges).values(part);
}

export async function updateChallenge(db: Db, id: string, values: Partial<NewChallengeRow>): Promise<void> {
  await db.update(challenges).set(values).where(eq(challenges.id, id));
}

export async function deleteChallenges(db: Db, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids)) await db.delete(challenges).where(inArray(challenges.id, part));
}

export async function listClubs(db: Db): Promise<ClubRow[]> {
  return db.select().from(clubs);
}

export async function insertClubs(db: Db, rows: readonly NewClubRow[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(clubs).values(part);
}

export async function updateClub(db: Db, id: string, values: Partial<NewClubRow>): Promise<void> {
  await db.update(clubs).set(values).where(eq(clubs.id, id));
}

export async function deleteClubs(db: Db, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids)) await db.delete(clubs).where(inArray(clubs.id, part));
}

/** Of the given challenge ids, those that have participations. */
export async function challengesWithParticipations(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectDistinct({ id: participations.challengeId })
      .from(participations)
      .where(inArray(participations.challengeId, part));
    rows.forEach((r) => found.add(r.id));
  }
  return found;
}

/** Of the given club ids, those that have participations or a registered account (they must stay). */
export async function clubsInUse(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const entries = await db
      .selectDistinct({ id: participations.clubId })
      .from(participations)
      .where(inArray(participations.clubId, part));
    const accounts = await db.select({ id: profiles.clubId }).from(profiles).where(inArray(profiles.clubId, part));
    [...entries, ...accounts].forEach((r) => found.add(r.id));
  }
  return found;
}

/**
 * Serialises season imports (several instances starting at once on an empty PostgreSQL database,
 * a command-line import meanwhile): the second waits for the first's commit, then reads its rows.
 */
export async function lockSeasonImport(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('erd-season-import'))`);
}

export async function countYears(db: Db): Promise<number> {
  const rows = await db.select({ id: years.id }).from(years).limit(1);
  return rows.length;
}

/** Challenges whose results are published (their right answer and ranking are frozen for the import). */
export async function challengesWithPublishedResults(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ key: publishedResults.key })
    .from(publishedResults)
    .where(and(eq(publishedResults.kind, 'challenge'), inArray(publishedResults.key, [...ids])));
  return new Set(rows.map((r) => r.key));
}

/** The audit row of a right answer or ranking set by a season import. */
export async function insertAnswerAudit(
  db: Db,
  row: { challengeId: string; before: Record<string, unknown>; after: Record<string, unknown>; dir: string; at: Date },
): Promise<void> {
  await db.insert(moderationLog).values({
    action: 'results-answer',
    operatorId: null,
    actor: 'import',
    participationId: null,
    challengeId: row.challengeId,
    reason: null,
    details: { before: row.before, after: row.after, seasonDir: row.dir },
    at: row.at,
  });
}
