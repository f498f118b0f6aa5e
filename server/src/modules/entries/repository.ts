import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow } from '../../db/queries.js';
import {
  clubs,
  moderationLog,
  participations,
  profiles,
  votes,
  type ClubRow,
  type ModerationLogRow,
  type NewParticipationRow,
  type ParticipationRow,
} from '../../db/schema/index.js';

/** Queries of the clubs' own entries. */

export async function findClubOfAccount(db: Db, sub: string): Promise<ClubRow | undefined> {
  const [row] = await db
    .select({ club: clubs })
    .from(profiles)
    .innerJoin(clubs, eq(clubs.id, profiles.clubId))
    .where(eq(profiles.sub, sub));
  return row?.club;
}

export function findEntry(db: Db, challengeId: string, clubId: string): Promise<ParticipationRow | undefined> {
  return findRow(db, participations, and(eq(participations.challengeId, challengeId), eq(participations.clubId, clubId)));
}

/**
 * The club's last rejected (or withdrawn) entry of the challenge, from the moderation log: a
 * rejection deletes the entry and keeps a copy of it in `details.entry` (moderation service and
 * decisions), whose `club.id` names the club. Uses the log's (challenge, at) index.
 */
export async function lastRejection(db: Db, challengeId: string, clubId: string): Promise<ModerationLogRow | undefined> {
  const [row] = await db
    .select()
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.challengeId, challengeId),
        eq(moderationLog.action, 'reject'),
        sql`${moderationLog.details} -> 'entry' -> 'club' ->> 'id' = ${clubId}`,
      ),
    )
    .orderBy(desc(moderationLog.at), desc(moderationLog.id))
    .limit(1);
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
