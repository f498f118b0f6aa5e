import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow } from '../../db/queries.js';
import {
  identityCodes,
  identitySessions,
  identitySigningKeys,
  identityUsedSecretBlocks,
  identityUsers,
  profiles,
  type IdentityCodePurpose,
  type IdentityCodeRow,
  type IdentitySessionRow,
  type IdentitySigningKeyRow,
  type IdentityUserRow,
  type NewIdentityUserRow,
} from '../../db/schema/index.js';

/** Queries of the built-in identity service. */

// ---- users

export function findUserBySub(db: Db, sub: string): Promise<IdentityUserRow | undefined> {
  return findRow(db, identityUsers, eq(identityUsers.sub, sub));
}

export function findUserByEmail(db: Db, email: string): Promise<IdentityUserRow | undefined> {
  return findRow(db, identityUsers, eq(identityUsers.email, email));
}

/** Inserts a user; undefined when the e-mail address is taken. */
export async function insertUser(db: Db, row: NewIdentityUserRow): Promise<IdentityUserRow | undefined> {
  const [inserted] = await db.insert(identityUsers).values(row).onConflictDoNothing({ target: identityUsers.email }).returning();
  return inserted;
}

/**
 * Deletes users and, in the same transaction, their profiles (`profiles.sub` has no foreign key:
 * it may hold a Cognito sub); sessions and codes go by their foreign keys.
 */
async function deleteUsersWhere(db: Db, where: ReturnType<typeof and>): Promise<boolean> {
  return (await deleteUsersCounted(db, where)) > 0;
}

async function deleteUsersCounted(db: Db, where: ReturnType<typeof and>): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.delete(identityUsers).where(where).returning({ sub: identityUsers.sub });
    if (rows.length)
      await tx.delete(profiles).where(
        inArray(
          profiles.sub,
          rows.map((r) => r.sub),
        ),
      );
    return rows.length;
  });
}

export async function deleteUser(db: Db, sub: string): Promise<boolean> {
  return deleteUsersWhere(db, eq(identityUsers.sub, sub));
}

/** Removes an account that was never confirmed and is older than `createdBefore` (frees e-mail and club). */
export async function deleteStaleUnconfirmed(db: Db, where: { email?: string; sub?: string }, createdBefore: Date): Promise<boolean> {
  const match = where.email !== undefined ? eq(identityUsers.email, where.email) : eq(identityUsers.sub, where.sub ?? '');
  return deleteUsersWhere(db, and(match, eq(identityUsers.status, 'UNCONFIRMED'), lt(identityUsers.createdAt, createdBefore)));
}

/** Removes every account never confirmed and older than `createdBefore`; how many. */
export async function deleteAllStaleUnconfirmed(db: Db, createdBefore: Date): Promise<number> {
  return deleteUsersCounted(db, and(eq(identityUsers.status, 'UNCONFIRMED'), lt(identityUsers.createdAt, createdBefore)));
}

export async function setPassword(db: Db, sub: string, secret: { salt: string; verifier: string }, now: Date): Promise<void> {
  await db.update(identityUsers).set({ salt: secret.salt, verifier: secret.verifier, updatedAt: now }).where(eq(identityUsers.sub, sub));
}

export async function markConfirmed(db: Db, sub: string, now: Date): Promise<void> {
  await db
    .update(identityUsers)
    .set({ status: 'CONFIRMED', confirmedAt: now, updatedAt: now })
    .where(and(eq(identityUsers.sub, sub), eq(identityUsers.status, 'UNCONFIRMED')));
}

export async function setAttributes(db: Db, sub: string, attributes: Record<string, string>, now: Date): Promise<void> {
  await db.update(identityUsers).set({ attributes, updatedAt: now }).where(eq(identityUsers.sub, sub));
}

// ---- codes

export interface CodeValues {
  sub: string;
  purpose: IdentityCodePurpose;
  codeHash: string;
  expiresAt: Date;
  sentAt: Date;
}

/**
 * Stores a new code (replacing the old one and its attempt count), unless one was sent at or after
 * `sentBefore` (resend throttle; atomic, so parallel requests send one mail). False when throttled.
 */
export async function upsertCode(db: Db, values: CodeValues, sentBefore: Date): Promise<boolean> {
  const rows = await db
    .insert(identityCodes)
    .values({ ...values, attempts: 0 })
    .onConflictDoUpdate({
      target: [identityCodes.sub, identityCodes.purpose],
      set: { codeHash: values.codeHash, expiresAt: values.expiresAt, sentAt: values.sentAt, attempts: 0 },
      setWhere: lt(identityCodes.sentAt, sentBefore),
    })
    .returning({ sub: identityCodes.sub });
  return rows.length > 0;
}

export function findCode(db: Db, sub: string, purpose: IdentityCodePurpose): Promise<IdentityCodeRow | undefined> {
  return findRow(db, identityCodes, and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, purpose)));
}

/**
 * Counts one try of a code before it is compared, atomically: of any number of parallel tries
 * only `maxAttempts` in all get through. The new count, or null when the code is used up (or gone).
 */
export async function reserveCodeTry(db: Db, sub: string, purpose: IdentityCodePurpose, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(identityCodes)
    .set({ attempts: sql`${identityCodes.attempts} + 1` })
    .where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, purpose), lt(identityCodes.attempts, maxAttempts)))
    .returning({ attempts: identityCodes.attempts });
  return row?.attempts ?? null;
}

/** Uses a code up: true only for the one caller that deletes the still valid row (its try already counted). */
export async function consumeCode(
  db: Db,
  code: { sub: string; purpose: IdentityCodePurpose; codeHash: string; maxAttempts: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .delete(identityCodes)
    .where(
      and(
        eq(identityCodes.sub, code.sub),
        eq(identityCodes.purpose, code.purpose),
        eq(identityCodes.codeHash, code.codeHash),
        lte(identityCodes.attempts, code.maxAttempts),
        gt(identityCodes.expiresAt, code.now),
      ),
    )
    .returning({ sub: identityCodes.sub });
  return rows.length > 0;
}

export async function deleteCodes(db: Db, sub: string, purpose: IdentityCodePurpose): Promise<void> {
  await db.delete(identityCodes).where(and(eq(identityCodes.sub, sub), eq(identityCodes.purpose, purpose)));
}

// ---- sessions

export async function insertSession(db: Db, row: typeof identitySessions.$inferInsert): Promise<void> {
  await db.insert(identitySessions).values(row);
}

export function findSession(db: Db, originJti: string): Promise<IdentitySessionRow | undefined> {
  return findRow(db, identitySessions, eq(identitySessions.originJti, originJti));
}

export function findSessionByRefreshHash(db: Db, hash: string): Promise<IdentitySessionRow | undefined> {
  return findRow(db, identitySessions, eq(identitySessions.refreshTokenHash, hash));
}

export async function revokeSession(db: Db, originJti: string, now: Date): Promise<void> {
  await db
    .update(identitySessions)
    .set({ revokedAt: now })
    .where(and(eq(identitySessions.originJti, originJti), isNull(identitySessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, sub: string, now: Date): Promise<void> {
  await db
    .update(identitySessions)
    .set({ revokedAt: now })
    .where(and(eq(identitySessions.sub, sub), isNull(identitySessions.revokedAt)));
}

// ---- SRP secret blocks

/** Records a SECRET_BLOCK as answered; false when it was answered before (replay). */
export async function markSecretBlockUsed(db: Db, id: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(identityUsedSecretBlocks)
    .values({ id, expiresAt })
    .onConflictDoNothing()
    .returning({ id: identityUsedSecretBlocks.id });
  return rows.length > 0;
}

// ---- signing keys

export async function listSigningKeys(db: Db): Promise<IdentitySigningKeyRow[]> {
  return db.select().from(identitySigningKeys).orderBy(asc(identitySigningKeys.createdAt), asc(identitySigningKeys.kid));
}

export async function insertSigningKey(db: Db, row: typeof identitySigningKeys.$inferInsert): Promise<void> {
  await db.insert(identitySigningKeys).values(row).onConflictDoNothing();
}

// ---- housekeeping

/** Removes what can no longer be used: answered blocks past their 5 minutes, dead sessions and codes. */
export async function deleteExpired(db: Db, now: Date): Promise<void> {
  await db.delete(identityUsedSecretBlocks).where(lte(identityUsedSecretBlocks.expiresAt, now));
  await db.delete(identitySessions).where(lte(identitySessions.expiresAt, now));
  await db.delete(identityCodes).where(lte(identityCodes.expiresAt, new Date(now.getTime() - 86_400_000)));
}
