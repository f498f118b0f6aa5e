import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clubs, participations, profiles, votes, type ClubRow, type NewParticipationRow, type ParticipationRow } from '../../db/schema/index.js';

/** Queries of the clubs' own entries. */

export async function findClubOfAccount(db: Db, sub: string): Promise<ClubRow | undefined> {
  const [row] = await db
    .select({ club: clubs })
    .from(profiles)
    .innerJoin(clubs, eq(clubs.id, profiles.clubId))
    .where(eq(profiles.sub, sub));
  return row?.club;
}

export async function findEntry(db: Db, challengeId: string, clubId: string): Promise<ParticipationRow | undefined> {
  const [row] = await db
    .select()
    .from(participations)
    .where(and(eq(participations.challengeId, challengeId), eq(participations.clubId, clubId)));
  return row;
}

/** The reasons of the entry's removed votes with their counts, the latest removal first. */
export async function removedVotesOf(db: Db, participationId: string): Promise<{ reason: string | null; count: number }[]> {
  return db
    .select({ reason: votes.removalReason, count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(votes)
    .where(and(eq(votes.participationId, participationId), isNotNull(votes.removedAt)))
    .groupBy(votes.removalReason)
    .orderBy(desc(sql`max(${votes.removedAt})`), votes.removalReason);
}

/**
 * Inserts or changes the club's estimate (one row per club and challenge; the unique index decides
 * between concurrent saves).
 */
export async function upsertEstimate(db: Db, row: NewParticipationRow & { estimate: number }, now: Date): Promise<ParticipationRow> {
  const [saved] = await db
    .insert(participations)
    .values(row)
    .onConflictDoUpdate({
      target: [participations.challengeId, participations.clubId],
      set: { estimate: sql`excluded.estimate`, updatedAt: now },
    })
    .returning();
  if (!saved) throw new Error('estimate upsert returned no row');
  return saved;
}

/** Inserts a once-only entry; undefined when the club already has one in this challenge. */
export async function insertEntryOnce(db: Db, row: NewParticipationRow): Promise<ParticipationRow | undefined> {
  const [saved] = await db
    .insert(participations)
    .values(row)
    .onConflictDoNothing({ target: [participations.challengeId, participations.clubId] })
    .returning();
  return saved;
}
