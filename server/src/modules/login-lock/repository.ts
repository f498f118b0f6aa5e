import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { identityLoginFailures } from '../../db/schema/identity-login-failures.js';

/** Queries of the failed password checks per login name (table `identity_login_failures`). */

export interface LoginAttemptRule {
  now: Date;
  /** The check that sets the count to this number locks until `lockUntil`. */
  max: number;
  lockUntil: Date;
  /** A previous failure at or before this time is forgotten (the count starts again at 1). */
  forgetBefore: Date;
}

/**
 * Counts one password check of `key` BEFORE the password is compared, in one atomic statement:
 * the check that reaches `max` sets the lock, and while the lock holds nothing is counted and null
 * is returned (refuse without comparing). Of any number of parallel checks at most `max` get a
 * number; the row lock of the upsert serialises them (PostgreSQL and PGlite). Run it outside a
 * transaction that a failed check rolls back. Returns the check's number, or null when locked.
 */
export async function reserveLoginAttempt(db: Db, key: string, rule: LoginAttemptRule): Promise<number | null> {
  const t = identityLoginFailures;
  const restart = or(lte(t.lastFailureAt, rule.forgetBefore), lte(t.lockedUntil, rule.now));
  const next = sql`(case when ${restart} then 1 else ${t.failures} + 1 end)`;
  const lockUntil = sql`${rule.lockUntil.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(t)
    .values({ sub: key, failures: 1, lockedUntil: rule.max <= 1 ? rule.lockUntil : null, lastFailureAt: rule.now })
    .onConflictDoUpdate({
      target: t.sub,
      set: {
        failures: next,
        lockedUntil: sql`(case when ${next} >= ${rule.max} then ${lockUntil} else null end)`,
        lastFailureAt: rule.now,
      },
      setWhere: or(isNull(t.lockedUntil), lte(t.lockedUntil, rule.now)),
    })
    .returning({ failures: t.failures });
  return row?.failures ?? null;
}

/** True while `key` is locked. */
export async function isLoginLocked(db: Db, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ sub: identityLoginFailures.sub })
    .from(identityLoginFailures)
    .where(and(eq(identityLoginFailures.sub, key), gt(identityLoginFailures.lockedUntil, now)));
  return rows.length > 0;
}

/** A right password (or a reset code) clears the count and lifts a lock. */
export async function clearLoginFailures(db: Db, key: string): Promise<void> {
  await db.delete(identityLoginFailures).where(eq(identityLoginFailures.sub, key));
}

/** Removes counts that are forgotten: last failure at or before `forgetBefore`, and no lock that still holds. */
export async function deleteForgotten(db: Db, now: Date, forgetBefore: Date): Promise<void> {
  await db
    .delete(identityLoginFailures)
    .where(
      and(
        lte(identityLoginFailures.lastFailureAt, forgetBefore),
        or(isNull(identityLoginFailures.lockedUntil), lte(identityLoginFailures.lockedUntil, now)),
      ),
    );
}
