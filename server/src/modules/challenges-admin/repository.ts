import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { challenges, participations, publishedResults, type ChallengeRow, type NewChallengeRow } from '../../db/schema/index.js';

/** Queries of the back office's challenge administration. */

export { findChallenge, lockChallenge } from '../../db/season-rows.js';

export async function listChallengesOfYear(db: Db, yearId: string): Promise<ChallengeRow[]> {
  return db.select().from(challenges).where(eq(challenges.yearId, yearId)).orderBy(asc(challenges.position));
}

/** Entries per challenge: all of them, and those waiting for moderation. */
export async function entryCounts(db: Db, ids: readonly string[]): Promise<Map<string, { entries: number; pending: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      challengeId: participations.challengeId,
      entries: count(),
      pending: sql<number>`count(*) filter (where ${participations.state} = 'pending')`.mapWith(Number),
    })
    .from(participations)
    .where(inArray(participations.challengeId, [...ids]))
    .groupBy(participations.challengeId);
  return new Map(rows.map((r) => [r.challengeId, { entries: Number(r.entries), pending: r.pending }]));
}

export async function updateChallenge(db: Db, id: string, values: Partial<NewChallengeRow>): Promise<ChallengeRow> {
  const [row] = await db.update(challenges).set(values).where(eq(challenges.id, id)).returning();
  return row!;
}

export async function hasPublishedResults(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(publishedResults)
    .where(and(eq(publishedResults.kind, 'challenge'), eq(publishedResults.key, id)));
  return Number(row?.n ?? 0) > 0;
}
