import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.js';

/**
 * Password checks per login name (decisions §2: 5 failures lock for 15 minutes; modules/login-lock),
 * for accounts and for addresses without one alike, so that the lock cannot tell them apart. `sub`
 * is the login name: a member's sub, or for an unknown username the made-up sub its SRP challenges
 * carry (an HMAC of the normalised address), or for the back office `operator:` and a keyed hash of
 * the address (known operator or not). No address is stored, and no foreign key, for that reason.
 *
 * Every check is counted here before the password is compared (atomically: of any number of
 * parallel checks at most 5 reach the comparison); a right password deletes the row.
 */
export const identityLoginFailures = pgTable(
  'identity_login_failures',
  {
    sub: text('sub').primaryKey(),
    /** Checks since the last success; the 5th sets `locked_until`. */
    failures: integer('failures').notNull(),
    lockedUntil: timestamptz('locked_until'),
    /** Failures more than 15 minutes old are forgotten (the count starts again). */
    lastFailureAt: timestamptz('last_failure_at').notNull(),
  },
  (t) => [index('identity_login_failures_last_failure_idx').on(t.lastFailureAt)],
);

export type IdentityLoginFailureRow = typeof identityLoginFailures.$inferSelect;
