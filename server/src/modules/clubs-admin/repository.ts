import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clubs, type ClubRow } from '../../db/schema/index.js';
import { normalizeSearch } from '../../lib/text.js';

/** Queries of the clubs' back office (writes go through the season module's repository). */

export type ClubSort = 'name' | '-name' | 'number' | '-number' | 'updated' | '-updated';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function orderOf(sort: ClubSort): SQL[] {
  const dir = sort.startsWith('-') ? desc : asc;
  const key = sort.replace(/^-/, '');
  const tie = [asc(clubs.team), sql`${clubs.id} collate "C"`];
  if (key === 'number') return [dir(sql`${clubs.clubnumber} collate "C"`), ...tie];
  if (key === 'updated') return [dir(clubs.updatedAt), ...tie];
  return [dir(sql`${clubs.search} collate "C"`), ...tie];
}

export async function listClubs(
  db: Db,
  filter: { query?: string; sort: ClubSort },
  page: { offset: number; limit: number },
): Promise<{ rows: ClubRow[]; total: number }> {
  const q = filter.query ? escapeLike(normalizeSearch(filter.query)) : '';
  const where = q ? or(ilike(clubs.search, `%${q}%`), ilike(clubs.clubnumber, `%${escapeLike(filter.query!.trim())}%`)) : undefined;
  const rows = await db
    .select()
    .from(clubs)
    .where(where)
    .orderBy(...orderOf(filter.sort))
    .offset(page.offset)
    .limit(page.limit);
  const [totalRow] = await db.select({ total: count() }).from(clubs).where(where);
  return { rows, total: totalRow?.total ?? 0 };
}

/** Serialises club imports on PostgreSQL (PGlite has one connection anyway). */
export async function lockClubImport(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('erd-clubs-import'))`);
}

export async function findClub(db: Db, id: string): Promise<ClubRow | undefined> {
  const [row] = await db.select().from(clubs).where(eq(clubs.id, id));
  return row;
}
