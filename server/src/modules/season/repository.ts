import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow } from '../../db/queries.js';
import {
  challenges,
  clubs,
  moderationLog,
  participations,
  profiles,
  site,
  years,
  type ChallengeRow,
  type ClubRow,
  type NewChallengeRow,
  type NewClubRow,
  type NewSiteRow,
  type NewYearRow,
  type SiteRow,
} from '../../db/schema/index.js';
import { yieldTurn } from '../../lib/cooperative.js';

/**
 * Queries of the season import (no logic). `db` may be a transaction. Bulk work goes in chunks
 * with an event-loop turn between them: PGlite runs each statement in this thread, and a club
 * import of 200,000 rows must not keep the process from answering meanwhile.
 */

/** Lookups shared with the other season modules (db/season-rows.ts); the import keeps the right answers and rankings of challenges whose results are published. */
export { challengesWithPublishedResults, findYear, findYearByNumber } from '../../db/season-rows.js';

const CHUNK = 500;
const CLUB_PAGE = 1000;
const CLUB_INSERT_CHUNK = 200;

async function* chunks<T>(items: readonly T[], size = CHUNK): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await yieldTurn();
    yield items.slice(i, i + size);
  }
}

export async function insertYear(db: Db, row: NewYearRow): Promise<void> {
  await db.insert(years).values(row);
}

export async function updateYear(db: Db, id: string, values: Partial<NewYearRow>): Promise<void> {
  await db.update(years).set(values).where(eq(years.id, id));
}

export function findSite(db: Db, id: string): Promise<SiteRow | undefined> {
  return findRow(db, site, eq(site.id, id));
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
  return db
    .select()
    .from(challenges)
    .where(inArray(challenges.id, [...ids]));
}

export async function insertChallenges(db: Db, rows: readonly NewChallengeRow[]): Promise<void> {
  for await (const part of chunks(rows)) await db.insert(challenges).values(part);
}

export async function updateChallenge(db: Db, id: string, values: Partial<NewChallengeRow>): Promise<void> {
  await db.update(challenges).set(values).where(eq(challenges.id, id));
}

export async function deleteChallenges(db: Db, ids: readonly string[]): Promise<void> {
  for await (const part of chunks(ids)) await db.delete(challenges).where(inArray(challenges.id, part));
}

/** Every club, read in pages (keyset on id) with a turn between them. */
export async function listClubs(db: Db): Promise<ClubRow[]> {
  const out: ClubRow[] = [];
  for (let after: string | null = null; ;) {
    const page: ClubRow[] = await db
      .select()
      .from(clubs)
      .where(after === null ? undefined : gt(clubs.id, after))
      .orderBy(asc(clubs.id))
      .limit(CLUB_PAGE);
    out.push(...page);
    if (page.length < CLUB_PAGE) return out;
    after = page[page.length - 1]!.id;
    await yieldTurn();
  }
}

/**
 * Many clubs in few statements: each chunk goes as one JSON parameter (json_to_recordset).
 * Drizzle's `insert().values()` takes time growing faster than its rows to build (measured for
 * issue 22: 500 clubs 0.5 s, 2000 clubs 4 s, on a busy machine), all of it blocking the process.
 */
export async function insertClubs(db: Db, rows: readonly NewClubRow[]): Promise<void> {
  for await (const part of chunks(rows, CLUB_INSERT_CHUNK)) {
    const json = JSON.stringify(
      part.map((r) => ({
        id: r.id,
        clubnumber: r.clubnumber,
        clubname: r.clubname,
        team: r.team,
        logourl: r.logourl ?? null,
        linkurl: r.linkurl ?? null,
        search: r.search,
        created_at: r.createdAt?.toISOString() ?? null,
        updated_at: r.updatedAt?.toISOString() ?? null,
      })),
    );
    await db.execute(sql`
      insert into ${clubs} (id, clubnumber, clubname, team, logourl, linkurl, search, created_at, updated_at)
      select id, clubnumber, clubname, team, logourl, linkurl, search, coalesce(created_at, now()), coalesce(updated_at, now())
      from json_to_recordset(${json}::json) as r(id text, clubnumber text, clubname text, team text, logourl text, linkurl text,
        search text, created_at timestamptz, updated_at timestamptz)`);
  }
}

export async function updateClub(db: Db, id: string, values: Partial<NewClubRow>): Promise<void> {
  await db.update(clubs).set(values).where(eq(clubs.id, id));
}

export async function deleteClubs(db: Db, ids: readonly string[]): Promise<void> {
  for await (const part of chunks(ids)) await db.delete(clubs).where(inArray(clubs.id, part));
}

/** Of the given challenge ids, those that have participations. */
export async function challengesWithParticipations(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for await (const part of chunks(ids)) {
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
  for await (const part of chunks(ids)) {
    const entries = await db.selectDistinct({ id: participations.clubId }).from(participations).where(inArray(participations.clubId, part));
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

/**
 * Of the given challenge ids (not in the database), those an operator removed in the back office
 * (audit action `season-challenge-remove`): a re-import does not bring them back without `overwrite`.
 */
export async function challengesRemovedInBackOffice(db: Db, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for await (const part of chunks(ids)) {
    const rows = await db
      .selectDistinct({ id: moderationLog.subjectId })
      .from(moderationLog)
      .where(and(eq(moderationLog.action, 'season-challenge-remove'), inArray(moderationLog.subjectId, part)));
    rows.forEach((r) => r.id && found.add(r.id));
  }
  return found;
}
