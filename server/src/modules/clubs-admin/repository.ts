import { asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow, pageOf, escapeLike } from '../../db/queries.js';
import { clubs, type ClubRow } from '../../db/schema/index.js';
import { normalizeSearch } from '../../lib/text.js';

/** Queries of the clubs' back office (writes go through the season module's repository). */

export type ClubSort = 'name' | '-name' | 'number' | '-number' | 'updated' | '-updated';

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
  return pageOf(db, clubs, where, orderOf(filter.sort), page);
}

/** Serialises club imports on PostgreSQL (PGlite has one connection anyway). */
export async function lockClubImport(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('erd-clubs-import'))`);
}

export function findClub(db: Db, id: string): Promise<ClubRow | undefined> {
  return findRow(db, clubs, eq(clubs.id, id));
}
