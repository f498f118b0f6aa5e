import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StandingClubDto } from '@erd/shared-contracts/wire';
import type { Db } from '../../db/client.js';
import { findRow, pageOf } from '../../db/queries.js';
import {
  challenges,
  clubs,
  moderationLog,
  participations,
  publishedResults,
  resultVersions,
  site,
  SITE_ID,
  votes,
  years,
  type ChallengeRow,
  type ChallengeScoring,
  type ClubRow,
  type ModerationAction,
  type ModerationLogRow,
  type PublishedResultKind,
  type PublishedResultRow,
  type ResultVersionRow,
} from '../../db/schema/index.js';

/** Queries of the results: entries to score, published files and their versions, the audit log. */

/** The current file's bytes and validators (not its rows: the file is served as frozen). */
export async function findPublishedResult(
  db: Db,
  kind: PublishedResultKind,
  key: string,
): Promise<Pick<PublishedResultRow, 'body' | 'etag' | 'publishedAt'> | undefined> {
  const [row] = await db
    .select({ body: publishedResults.body, etag: publishedResults.etag, publishedAt: publishedResults.publishedAt })
    .from(publishedResults)
    .where(and(eq(publishedResults.kind, kind), eq(publishedResults.key, key)));
  return row;
}

/** The tag of the current file only (the cheap check of the serving cache). */
export async function findPublishedTag(
  db: Db,
  kind: PublishedResultKind,
  key: string,
): Promise<{ etag: string; publishedAt: Date } | undefined> {
  const [row] = await db
    .select({ etag: publishedResults.etag, publishedAt: publishedResults.publishedAt })
    .from(publishedResults)
    .where(and(eq(publishedResults.kind, kind), eq(publishedResults.key, key)));
  return row;
}

/** Whether the year (overall) or challenge a result file is named after exists. */
export async function resultSubjectExists(db: Db, kind: PublishedResultKind, key: string): Promise<boolean> {
  const table = kind === 'overall' ? years : challenges;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, key)).limit(1);
  return row !== undefined;
}

export async function findCurrentYearId(db: Db): Promise<string | null> {
  const [row] = await db.select({ id: site.currentYearId }).from(site).where(eq(site.id, SITE_ID));
  return row?.id ?? null;
}

/**
 * Locks the year's row for the rest of the transaction: publications and answer changes of one
 * year take turns, so the overall table always sums every committed challenge table.
 */
export async function lockYear(db: Db, yearId: string): Promise<boolean> {
  const rows = await db.select({ id: years.id }).from(years).where(eq(years.id, yearId)).for('update');
  return rows.length > 0;
}

export function findChallenge(db: Db, id: string): Promise<ChallengeRow | undefined> {
  return findRow(db, challenges, eq(challenges.id, id));
}

export async function listChallengesOfYear(db: Db, yearId: string): Promise<ChallengeRow[]> {
  return db.select().from(challenges).where(eq(challenges.yearId, yearId)).orderBy(asc(challenges.position), asc(challenges.id));
}

export async function updateChallengeAnswer(
  db: Db,
  id: string,
  values: { rightAnswer: number | null; scoring: ChallengeScoring | null; updatedAt: Date },
): Promise<void> {
  await db.update(challenges).set(values).where(eq(challenges.id, id));
}

export interface EntryToScore {
  participationId: string;
  estimate: number | null;
  slogan: string | null;
  image: ParticipationRowImage;
  club: ClubRow;
  /** Votes that count (not removed). */
  votes: number;
}
type ParticipationRowImage = typeof participations.$inferSelect.image;

/**
 * The entries of a challenge that take part: published ones (a slogan or picture waiting for review
 * does not; a rejected one is deleted, or `rejected` in rows of old), with the votes that count:
 * records not removed by an operator, counted from the vote records themselves.
 *
 * The votes are counted per entry first and then joined. They are found by their challenge (a vote
 * record carries its entry's challenge, `votes/service.ts`) through the partial index
 * `votes_challenge_counted_idx`, so the season's other votes are not read; grouping the joined
 * wide rows (picture, club) instead read every vote and sorted ~90,000 rows on disk for a
 * challenge of 5,000 entries.
 */
export async function listEntriesToScore(db: Db, challengeId: string): Promise<EntryToScore[]> {
  const counted = db
    .select({ participationId: votes.participationId, n: count().as('counted_votes') })
    .from(votes)
    .where(and(eq(votes.challengeId, challengeId), isNull(votes.removedAt)))
    .groupBy(votes.participationId)
    .as('counted');
  return db
    .select({
      participationId: participations.id,
      estimate: participations.estimate,
      slogan: participations.slogan,
      image: participations.image,
      club: clubs,
      votes: sql<number>`coalesce(${counted.n}, 0)`.mapWith(Number),
    })
    .from(participations)
    .innerJoin(clubs, eq(clubs.id, participations.clubId))
    .leftJoin(counted, eq(counted.participationId, participations.id))
    .where(and(eq(participations.challengeId, challengeId), eq(participations.state, 'published')));
}

/** Clubs taking part so far per challenge (published entries). */
export async function countParticipants(db: Db, challengeIds: string[]): Promise<Map<string, number>> {
  if (!challengeIds.length) return new Map();
  const rows = await db
    .select({ challengeId: participations.challengeId, n: count() })
    .from(participations)
    .where(and(inArray(participations.challengeId, challengeIds), eq(participations.state, 'published')))
    .groupBy(participations.challengeId);
  return new Map(rows.map((r) => [r.challengeId, r.n]));
}

/** The year's current files of a kind, as data (not their bytes: the overall table is summed from the rows). */
export async function listPublishedOfYear(
  db: Db,
  yearId: string,
  kind: PublishedResultKind,
): Promise<Pick<PublishedResultRow, 'key' | 'version' | 'rows'>[]> {
  return db
    .select({ key: publishedResults.key, version: publishedResults.version, rows: publishedResults.rows })
    .from(publishedResults)
    .where(and(eq(publishedResults.yearId, yearId), eq(publishedResults.kind, kind)));
}

/** Current club data for the overall table (names and logos may change during a season). */
export async function findClubs(db: Db, ids: string[]): Promise<Map<string, StandingClubDto>> {
  const result = new Map<string, StandingClubDto>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select()
      .from(clubs)
      .where(inArray(clubs.id, ids.slice(i, i + 1000)));
    for (const c of rows) result.set(c.id, toStandingClub(c));
  }
  return result;
}

export function toStandingClub(c: ClubRow): StandingClubDto {
  return { _id: c.id, clubname: c.clubname, clubnumber: c.clubnumber, team: c.team, ...(c.logourl ? { logourl: c.logourl } : {}) };
}

/** Adds a version and makes it the current file. The unique index refuses a second copy of a version. */
export async function insertVersion(db: Db, row: Omit<ResultVersionRow, 'id'> & { body: string }): Promise<void> {
  const { body, ...version } = row;
  await db.insert(resultVersions).values(version);
  const current = {
    kind: row.kind,
    key: row.key,
    yearId: row.yearId,
    version: row.version,
    rows: row.rows,
    body,
    etag: row.etag,
    publishedAt: row.publishedAt,
  };
  // The update takes the proposed row (`excluded`): the rows and the bytes are sent once, not twice.
  const excluded = (column: { name: string }) => sql`excluded.${sql.identifier(column.name)}`;
  await db
    .insert(publishedResults)
    .values(current)
    .onConflictDoUpdate({
      target: [publishedResults.kind, publishedResults.key],
      set: {
        yearId: excluded(publishedResults.yearId),
        version: excluded(publishedResults.version),
        rows: excluded(publishedResults.rows),
        body: excluded(publishedResults.body),
        etag: excluded(publishedResults.etag),
        publishedAt: excluded(publishedResults.publishedAt),
      },
    });
}

export async function listVersions(db: Db, kind: PublishedResultKind, key: string): Promise<ResultVersionRow[]> {
  return db
    .select()
    .from(resultVersions)
    .where(and(eq(resultVersions.kind, kind), eq(resultVersions.key, key)))
    .orderBy(desc(resultVersions.version));
}

export async function findCurrentVersion(db: Db, kind: PublishedResultKind, key: string): Promise<ResultVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(resultVersions)
    .where(and(eq(resultVersions.kind, kind), eq(resultVersions.key, key)))
    .orderBy(desc(resultVersions.version))
    .limit(1);
  return row;
}

/** The number of the current version (0 before the first publication). */
export async function findCurrentVersionNumber(db: Db, kind: PublishedResultKind, key: string): Promise<number> {
  const [row] = await db
    .select({ version: resultVersions.version })
    .from(resultVersions)
    .where(and(eq(resultVersions.kind, kind), eq(resultVersions.key, key)))
    .orderBy(desc(resultVersions.version))
    .limit(1);
  return row?.version ?? 0;
}

const RESULT_ACTIONS: ModerationAction[] = ['results-answer', 'results-publish'];

export async function listAudit(
  db: Db,
  input: { challengeId?: string; from: number; size: number },
): Promise<{ rows: ModerationLogRow[]; total: number }> {
  const where = and(
    inArray(moderationLog.action, RESULT_ACTIONS),
    input.challengeId ? eq(moderationLog.challengeId, input.challengeId) : undefined,
  );
  return pageOf(db, moderationLog, where, [desc(moderationLog.at), desc(moderationLog.id)], { offset: input.from, limit: input.size });
}
