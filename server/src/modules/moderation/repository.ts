import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  clubs,
  moderationLog,
  operators,
  operatorSessions,
  participations,
  votes,
  type ClubRow,
  type ModerationAction,
  type OperatorRow,
  type ParticipationRow,
  type VoteRow,
} from '../../db/schema/index.js';

/** Queries of operators, their sessions, moderation and the vote records. */

const MODERATED_TYPES = ['bfv-erd-text-participation', 'bfv-erd-picture-participation'] as const;

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.email, email));
  return row;
}

/**
 * Creates the operator or sets a new password; true when created. A new password ends the
 * operator's open sessions (a reset is what one does after a stolen login).
 */
export async function upsertOperator(db: Db, row: { id: string; email: string; passwordHash: string; now: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(operators)
      .values({ id: row.id, email: row.email, passwordHash: row.passwordHash, createdAt: row.now, updatedAt: row.now })
      .onConflictDoUpdate({ target: operators.email, set: { passwordHash: row.passwordHash, updatedAt: row.now } })
      .returning({ id: operators.id });
    if (saved && saved.id !== row.id) await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, saved.id));
    return saved?.id === row.id;
  });
}

export async function insertSession(db: Db, row: { tokenHash: string; operatorId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await db.insert(operatorSessions).values(row);
  await db.update(operators).set({ lastLoginAt: row.createdAt }).where(eq(operators.id, row.operatorId));
}

export async function findSessionOperator(db: Db, tokenHash: string, now: Date): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select({ operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash), gt(operatorSessions.expiresAt, now)));
  return row?.operator;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(operatorSessions).where(lte(operatorSessions.expiresAt, now));
}

export interface EntryWithClub {
  participation: ParticipationRow;
  club: ClubRow;
}

export async function listEntries(
  db: Db,
  input: { state: 'pending' | 'published'; challengeId?: string; from: number; size: number },
): Promise<{ rows: EntryWithClub[]; total: number }> {
  const where = and(
    eq(participations.state, input.state),
    inArray(participations.objectTypeId, [...MODERATED_TYPES]),
    input.challengeId ? eq(participations.challengeId, input.challengeId) : undefined,
  );
  const rows = await db
    .select({ participation: participations, club: clubs })
    .from(participations)
    .innerJoin(clubs, eq(clubs.id, participations.clubId))
    .where(where)
    .orderBy(asc(participations.createdAt), asc(participations.id))
    .limit(input.size)
    .offset(input.from);
  const [total] = await db.select({ total: count() }).from(participations).where(where);
  return { rows, total: total?.total ?? 0 };
}

export async function findEntry(db: Db, id: string): Promise<EntryWithClub | undefined> {
  const [row] = await db
    .select({ participation: participations, club: clubs })
    .from(participations)
    .innerJoin(clubs, eq(clubs.id, participations.clubId))
    .where(and(eq(participations.id, id), inArray(participations.objectTypeId, [...MODERATED_TYPES])));
  return row;
}

export async function publishEntry(db: Db, id: string, now: Date): Promise<ParticipationRow | undefined> {
  const [row] = await db
    .update(participations)
    .set({ state: 'published', publishedAt: now, updatedAt: now })
    .where(and(eq(participations.id, id), eq(participations.state, 'pending')))
    .returning();
  return row;
}

/** Deletes the entry (its vote records go with it). */
export async function deleteEntry(db: Db, id: string): Promise<ParticipationRow | undefined> {
  const [row] = await db.delete(participations).where(eq(participations.id, id)).returning();
  return row;
}

export async function insertLog(
  db: Db,
  row: { action: ModerationAction; operatorId: string | null; actor: string; participationId: string | null; reason: string | null; details: Record<string, unknown>; at: Date },
): Promise<void> {
  await db.insert(moderationLog).values(row);
}

export async function listVotes(
  db: Db,
  input: { participationId: string; from: number; size: number },
): Promise<{ rows: VoteRow[]; total: number; counted: number }> {
  const where = eq(votes.participationId, input.participationId);
  const rows = await db.select().from(votes).where(where).orderBy(desc(votes.createdAt), desc(votes.id)).limit(input.size).offset(input.from);
  const [totals] = await db
    .select({ total: count(), counted: sql<number>`count(*) filter (where ${votes.removedAt} is null)`.mapWith(Number) })
    .from(votes)
    .where(where);
  return { rows, total: totals?.total ?? 0, counted: totals?.counted ?? 0 };
}

/** Takes votes out of the count (they stay as records); answers the entries they belonged to. */
export async function removeVotes(db: Db, ids: number[], by: string, reason: string, now: Date): Promise<{ id: number; participationId: string }[]> {
  return db
    .update(votes)
    .set({ removedAt: now, removedBy: by, removalReason: reason })
    .where(and(inArray(votes.id, ids), isNull(votes.removedAt)))
    .returning({ id: votes.id, participationId: votes.participationId });
}

/**
 * Lowers an entry's count by the votes just removed (a decrement, not a recount: concurrent votes
 * that commit meanwhile keep counting).
 */
export async function decrementVotes(db: Db, participationId: string, by: number): Promise<number | undefined> {
  const [row] = await db
    .update(participations)
    .set({ votes: sql`greatest(${participations.votes} - ${by}, 0)` })
    .where(eq(participations.id, participationId))
    .returning({ votes: participations.votes });
  return row?.votes;
}
