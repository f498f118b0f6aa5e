import type { AppContext } from '../../context.js';
import * as repo from './repository.js';

/**
 * The failed-login lock (decisions §2: repeated failed logins lock for 15 minutes), one mechanism
 * for every password check: members (the built-in identity service) and operators (the back
 * office). A login name is a key of its own namespace: a member's sub (or the made-up sub of an
 * unknown username), `operator:<keyed hash of the address>` for the back office. Unknown names
 * are counted and locked exactly like accounts, so the lock tells nothing about who has one.
 *
 * The clock is real time (`ctx.identity.realNow`), never shifted by CLOCK_OFFSET_DAYS: a lock is a
 * duration, and the clean-up job removes forgotten counts by the same clock.
 */

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MS = 15 * 60_000;
/** A failed password check is forgotten this long after it (when no other followed). */
export const FAILURE_WINDOW_MS = LOCK_MS;

type Ctx = Pick<AppContext, 'db' | 'identity'>;

export interface ReservedAttempt {
  /** The check's number since the last success (1 to MAX_FAILED_LOGINS). */
  attempt: number;
  /** This check set the lock: if its password is wrong too, the name is now locked until `lockedUntil`. */
  locks: boolean;
  lockedUntil: Date;
}

/**
 * Counts one password check of `key` before the password is compared (atomically: of any number
 * of parallel checks at most MAX_FAILED_LOGINS get through). Null while the lock holds: refuse
 * without comparing. The check that makes 5 in a row (each within 15 minutes of the last) locks
 * for 15 minutes; a right password then clears the count (`clearLoginFailures`).
 */
export async function reserveLoginAttempt({ ctx, input }: { ctx: Ctx; input: { key: string } }): Promise<ReservedAttempt | null> {
  const now = ctx.identity.realNow();
  const lockedUntil = new Date(now.getTime() + LOCK_MS);
  const attempt = await repo.reserveLoginAttempt(ctx.db, input.key, {
    now,
    max: MAX_FAILED_LOGINS,
    lockUntil: lockedUntil,
    forgetBefore: new Date(now.getTime() - FAILURE_WINDOW_MS),
  });
  return attempt === null ? null : { attempt, locks: attempt >= MAX_FAILED_LOGINS, lockedUntil };
}

/** True while `key` is locked (a step before the password check may answer the lock early). */
export async function isLoginLocked({ ctx, input }: { ctx: Ctx; input: { key: string } }): Promise<boolean> {
  return repo.isLoginLocked(ctx.db, input.key, ctx.identity.realNow());
}

/** A right password (or a reset code) clears the count and lifts a lock. */
export async function clearLoginFailures({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: { key: string } }): Promise<void> {
  await repo.clearLoginFailures(ctx.db, input.key);
}

/** Clean-up (modules/jobs): counts older than their 15-minute window whose lock (if any) has ended. */
export async function removeForgottenLoginFailures({ ctx }: { ctx: Ctx }): Promise<void> {
  const now = ctx.identity.realNow();
  await repo.deleteForgotten(ctx.db, now, new Date(now.getTime() - FAILURE_WINDOW_MS));
}
