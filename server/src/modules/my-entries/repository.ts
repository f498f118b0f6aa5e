import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { StandingRowDto } from '@erd/shared-contracts/wire';
import type { Db } from '../../db/client.js';
import {
  challenges,
  moderationLog,
  participations,
  profiles,
  publishedResults,
  site,
  SITE_ID,
  type ChallengeRow,
} from '../../db/schema/index.js';

/** Queries of 'Meine Teilnahmen': one club's rows only. */

/** The club of the account's profile (null: no profile or club). */
export async function findClubIdOf(db: Db, sub: string): Promise<string | null> {
  const [row] = await db.select({ clubId: profiles.clubId }).from(profiles).where(eq(profiles.sub, sub));
  return row?.clubId ?? null;
}

export async function findCurrentYearId(db: Db): Promise<string | null> {
  const [row] = await db.select({ id: site.currentYearId }).from(site).where(eq(site.id, SITE_ID));
  return row?.id ?? null;
}

export type SeasonChallenge = Pick<
  ChallengeRow,
  | 'id'
  | 'objectTypeId'
  | 'headline'
  | 'startDate'
  | 'endDate'
  | 'startDateSubmission'
  | 'endDateSubmission'
  | 'endDateVoting'
  | 'resultsDate'
>;

/** The season's challenges in its order (the #n of each is its place in this list). */
export async function listChallengesOfYear(db: Db, yearId: string): Promise<SeasonChallenge[]> {
  return db
    .select({
      id: challenges.id,
      objectTypeId: challenges.objectTypeId,
      headline: challenges.headline,
      startDate: challenges.startDate,
      endDate: challenges.endDate,
      startDateSubmission: challenges.startDateSubmission,
      endDateSubmission: challenges.endDateSubmission,
      endDateVoting: challenges.endDateVoting,
      resultsDate: challenges.resultsDate,
    })
    .from(challenges)
    .where(eq(challenges.yearId, yearId))
    .orderBy(asc(challenges.position), asc(challenges.id));
}

/** The club's entries in the given challenges (at most one each). */
export async function listEntriesOfClub(db: Db, clubId: string, challengeIds: string[]) {
  if (!challengeIds.length) return [];
  return db
    .select({
      id: participations.id,
      challengeId: participations.challengeId,
      slogan: participations.slogan,
      image: participations.image,
      estimate: participations.estimate,
      votes: participations.votes,
      state: participations.state,
      createdAt: participations.createdAt,
    })
    .from(participations)
    .where(and(eq(participations.clubId, clubId), inArray(participations.challengeId, challengeIds)));
}

export interface Rejection {
  challengeId: string;
  reason: string | null;
  slogan: string | null;
  at: Date;
}

/**
 * The club's rejected entries in the given challenges, the latest first: a rejection deletes the
 * entry, the audit log keeps what it was (`details.entry`, moderation/service.ts) with its club.
 */
export async function listRejectionsOfClub(db: Db, clubId: string, challengeIds: string[]): Promise<Rejection[]> {
  if (!challengeIds.length) return [];
  const rows = await db
    .select({
      challengeId: moderationLog.challengeId,
      reason: moderationLog.reason,
      slogan: sql<string | null>`${moderationLog.details} -> 'entry' ->> 'slogan'`,
      at: moderationLog.at,
    })
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.action, 'reject'),
        inArray(moderationLog.challengeId, challengeIds),
        sql`${moderationLog.details} -> 'entry' -> 'club' ->> 'id' = ${clubId}`,
      ),
    )
    .orderBy(desc(moderationLog.at), desc(moderationLog.id));
  return rows.flatMap((r) => (r.challengeId ? [{ challengeId: r.challengeId, reason: r.reason, slogan: r.slogan, at: r.at }] : []));
}

/**
 * The season's published challenge tables (their current version), each with the club's row of it
 * (null: the club is not in that table). Only the club's row leaves the database.
 */
export async function listPublishedRowsOfClub(
  db: Db,
  yearId: string,
  clubId: string,
): Promise<{ challengeId: string; row: StandingRowDto | null }[]> {
  const rows = await db
    .select({
      challengeId: publishedResults.key,
      row: sql<StandingRowDto | null>`(select r from jsonb_array_elements(${publishedResults.rows}) as r where r -> 'club' ->> '_id' = ${clubId} limit 1)`,
    })
    .from(publishedResults)
    .where(and(eq(publishedResults.yearId, yearId), eq(publishedResults.kind, 'challenge')));
  return rows.map((r) => ({ challengeId: r.challengeId, row: typeof r.row === 'string' ? (JSON.parse(r.row) as StandingRowDto) : r.row }));
}
