import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clubs, participations, profiles, type ClubRow, type NewParticipationRow, type ParticipationRow } from '../../db/schema/index.js';

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
