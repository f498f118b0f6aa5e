import { and, asc, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { OperatorRole } from '@erd/shared-contracts/backoffice';
import type { Db } from '../../db/client.js';
import { findRow } from '../../db/queries.js';
import { operators, operatorSessions, type OperatorRow, type OperatorSessionRow } from '../../db/schema/index.js';

/** Queries of operators and their sessions. */

export function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | undefined> {
  return findRow(db, operators, eq(operators.email, email));
}

export function findOperatorById(db: Db, id: string): Promise<OperatorRow | undefined> {
  return findRow(db, operators, eq(operators.id, id));
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.email));
}

/** Inserts the operator unless the address is taken (then undefined): the unique index decides between parallel calls. */
export async function insertOperator(
  db: Db,
  row: { id: string; email: string; passwordHash: string; role: OperatorRole; now: Date; passwordChangeRequired?: boolean },
): Promise<OperatorRow | undefined> {
  const [saved] = await db
    .insert(operators)
    .values({
      id: row.id,
      email: row.email,
      passwordHash: row.passwordHash,
      role: row.role,
      passwordChangeRequired: row.passwordChangeRequired ?? false,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .onConflictDoNothing({ target: operators.email })
    .returning();
  return saved;
}

/** A password the operator chose (their own change, or the command line's): no change is required any more. */
export async function setPassword(db: Db, id: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(operators).set({ passwordHash, passwordChangeRequired: false, updatedAt: now }).where(eq(operators.id, id));
}

/**
 * Locks, in one statement and in id order, every active admin and the operator `targetId` (FOR
 * UPDATE): changes of roles and disabled states run one after the other, so "is another active
 * admin left?" is answered on committed data even when two admins demote each other at once (the
 * second waits, then no longer sees the first's target as an admin).
 */
export async function lockAdminsAnd(db: Db, targetId: string): Promise<OperatorRow[]> {
  return db
    .select()
    .from(operators)
    .where(or(and(eq(operators.role, 'admin'), isNull(operators.disabledAt)), eq(operators.id, targetId)))
    .orderBy(asc(operators.id))
    .for('update');
}

export async function updateOperator(
  db: Db,
  id: string,
  set: { role?: OperatorRole; disabledAt?: Date | null },
  now: Date,
): Promise<OperatorRow> {
  const [row] = await db
    .update(operators)
    .set({ ...set, updatedAt: now })
    .where(eq(operators.id, id))
    .returning();
  return row!;
}

export async function insertSession(
  db: Db,
  row: { tokenHash: string; operatorId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(operatorSessions).values({ ...row, lastSeenAt: row.createdAt });
  await db.update(operators).set({ lastLoginAt: row.createdAt }).where(eq(operators.id, row.operatorId));
}

/** A live session (not past its end) of an operator that is not disabled. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ session: OperatorSessionRow; operator: OperatorRow } | undefined> {
  const [row] = await db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, tokenHash), gt(operatorSessions.expiresAt, now), isNull(operators.disabledAt)));
  return row;
}

/**
 * Moves a session's end after a use, unless it was moved less than `minGapMs` ago (a parallel
 * request may have done it: the condition makes that a no-op, not a second write).
 */
export async function touchSession(db: Db, tokenHash: string, now: Date, expiresAt: Date, minGapMs: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        lte(operatorSessions.lastSeenAt, new Date(now.getTime() - minGapMs)),
        gt(operatorSessions.expiresAt, now),
      ),
    );
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
}

/** Ends every session of the operator (but `keepTokenHash`); answers how many ended. */
export async function deleteSessionsOf(db: Db, operatorId: string, keepTokenHash?: string): Promise<number> {
  const rows = await db
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, operatorId), keepTokenHash ? ne(operatorSessions.tokenHash, keepTokenHash) : undefined))
    .returning({ tokenHash: operatorSessions.tokenHash });
  return rows.length;
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(operatorSessions).where(lte(operatorSessions.expiresAt, now));
}
