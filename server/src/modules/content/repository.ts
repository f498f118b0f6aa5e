import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow, countRows, pageOf } from '../../db/queries.js';
import {
  challenges,
  clubs,
  participations,
  publishedResults,
  years,
  type ChallengeRow,
  type ClubRow,
  type ParticipationRow,
} from '../../db/schema/index.js';

/** Read queries of the public content API. */

export { challengesWithPublishedResults, findChallenge, findSite, findYear } from '../../db/season-rows.js';

/** Participation types that are public once published (estimates never are). */
const PUBLIC_PARTICIPATION_TYPES = ['bfv-erd-text-participation', 'bfv-erd-picture-participation'] as const;

/**
 * The challenges of a year in the public season, in `position` order: withdrawn ones (issue 26:
 * `withdrawn_at` set) are left out, so the public '#n' (the index in this list plus 1) counts only
 * the challenges left.
 */
export async function listChallengesOfYear(db: Db, yearId: string): Promise<ChallengeRow[]> {
  return db
    .select()
    .from(challenges)
    .where(and(eq(challenges.yearId, yearId), isNull(challenges.withdrawnAt)))
    .orderBy(asc(challenges.position), asc(challenges.id));
}

/**
 * Issue 26: the next season when one is scheduled: of the years other than `shownYearId`, the one
 * whose first (public) challenge day is the earliest after `today`, among those with no entry and
 * no published result. Null when there is none.
 */
export async function findNextSeason(db: Db, shownYearId: string, today: string): Promise<{ year: number; startDate: string } | null> {
  const startDate = sql<string>`min(${challenges.startDate})::text`;
  const rows = await db
    .select({ year: years.year, startDate })
    .from(years)
    .innerJoin(challenges, and(eq(challenges.yearId, years.id), isNull(challenges.withdrawnAt)))
    .where(
      and(
        ne(years.id, shownYearId),
        sql`not exists (select 1 from ${participations} p join ${challenges} c on c.id = p.challenge_id where c.year_id = ${years.id})`,
        sql`not exists (select 1 from ${publishedResults} r where r.year_id = ${years.id})`,
      ),
    )
    .groupBy(years.id, years.year)
    .having(sql`min(${challenges.startDate}) > ${today}::date`)
    .orderBy(sql`min(${challenges.startDate})`, asc(years.year))
    .limit(1);
  const [row] = rows;
  return row ? { year: row.year, startDate: row.startDate } : null;
}

export function findClub(db: Db, id: string): Promise<ClubRow | undefined> {
  return findRow(db, clubs, eq(clubs.id, id));
}

export async function clubExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, id));
  return rows.length > 0;
}

/** A page of the club catalogue in a stable, locale-independent order (name, team, id). */
export async function listClubsPage(db: Db, from: number, size: number): Promise<{ rows: ClubRow[]; total: number }> {
  const order = [sql`${clubs.search} collate "C"`, asc(clubs.team), sql`${clubs.id} collate "C"`];
  return pageOf(db, clubs, undefined, order, { offset: from, limit: size });
}

const publishedPublic = and(eq(participations.state, 'published'), inArray(participations.objectTypeId, [...PUBLIC_PARTICIPATION_TYPES]));

export interface ParticipationWithClub {
  participation: ParticipationRow;
  club: ClubRow;
}

export async function findPublishedParticipation(db: Db, id: string): Promise<ParticipationWithClub | undefined> {
  const [row] = await db
    .select({ participation: participations, club: clubs })
    .from(participations)
    .innerJoin(clubs, eq(clubs.id, participations.clubId))
    .where(and(eq(participations.id, id), publishedPublic));
  return row;
}

export type ParticipationSortKey = '-createdAt' | '-fields.votes';

export async function searchPublishedParticipations(
  db: Db,
  input: { challengeId: string; from: number; size: number; sort: ParticipationSortKey },
): Promise<{ rows: ParticipationWithClub[]; total: number }> {
  const where = and(eq(participations.challengeId, input.challengeId), publishedPublic);
  const order =
    input.sort === '-fields.votes'
      ? [desc(participations.votes), desc(participations.createdAt), desc(participations.id)]
      : [desc(participations.createdAt), desc(participations.id)];
  const rows = await db
    .select({ participation: participations, club: clubs })
    .from(participations)
    .innerJoin(clubs, eq(clubs.id, participations.clubId))
    .where(where)
    .orderBy(...order)
    .limit(input.size)
    .offset(input.from);
  return { rows, total: await countRows(db, participations, where) };
}
