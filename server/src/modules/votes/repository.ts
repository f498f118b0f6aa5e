import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { challenges, participations, usedVoteProofs, votes, type ChallengeRow, type ParticipationRow } from '../../db/schema/index.js';

/** Queries of the votes. */

const PUBLIC_TYPES = ['bfv-erd-text-participation', 'bfv-erd-picture-participation'] as const;

/** A published text or picture entry with its challenge. */
export async function findVotableEntry(
  db: Db,
  participationId: string,
): Promise<{ participation: ParticipationRow; challenge: ChallengeRow } | undefined> {
  const [row] = await db
    .select({ participation: participations, challenge: challenges })
    .from(participations)
    .innerJoin(challenges, eq(challenges.id, participations.challengeId))
    .where(
      and(eq(participations.id, participationId), eq(participations.state, 'published'), inArray(participations.objectTypeId, [...PUBLIC_TYPES])),
    );
  return row;
}

/** Marks a proof as used; false when it was used before. */
export async function useProof(db: Db, signature: string, expiresAt: Date): Promise<boolean> {
  const rows = await db.insert(usedVoteProofs).values({ signature, expiresAt }).onConflictDoNothing().returning({ signature: usedVoteProofs.signature });
  return rows.length > 0;
}

export async function deleteExpiredProofs(db: Db, now: Date): Promise<void> {
  await db.delete(usedVoteProofs).where(lte(usedVoteProofs.expiresAt, now));
}

export interface NewVote {
  participationId: string;
  challengeId: string;
  voterId: string;
  accountKey: string | null;
  accountSub: string | null;
  ipHash: string;
  userAgent: string | null;
  createdAt: Date;
}

/**
 * Records the vote and counts it, in one transaction: the unique indexes (entry + voter cookie,
 * entry + account) decide between concurrent votes of one voter; the count goes up in the same
 * transaction. Answers the new count, or null when this voter already voted for the entry.
 */
export async function recordVote(db: Db, vote: NewVote): Promise<number | null> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(votes).values(vote).onConflictDoNothing().returning({ id: votes.id });
    if (!inserted.length) return null;
    const [row] = await tx
      .update(participations)
      .set({ votes: sql`${participations.votes} + 1` })
      .where(eq(participations.id, vote.participationId))
      .returning({ votes: participations.votes });
    if (!row) throw new Error('voted entry vanished');
    return row.votes;
  });
}

export async function voteCount(db: Db, participationId: string): Promise<number> {
  const [row] = await db.select({ votes: participations.votes }).from(participations).where(eq(participations.id, participationId));
  return row?.votes ?? 0;
}
