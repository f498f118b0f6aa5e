import { check, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, timestamps } from '../columns.js';
import { sql } from 'drizzle-orm';

export type IdentityUserStatus = 'UNCONFIRMED' | 'CONFIRMED';

/**
 * Users of the built-in identity service (decisions §2). No password is stored: only the SRP salt
 * and verifier, computed with the immutable `sub` as USER_ID_FOR_SRP and the pool name. `email` is
 * the username, stored lowercased. `attributes` holds server-set attributes such as `custom:club`.
 * Failed password checks are counted in `identity_login_failures` (also for unknown addresses).
 */
export const identityUsers = pgTable(
  'identity_users',
  {
    sub: text('sub').primaryKey(),
    email: text('email').notNull(),
    status: text('status').$type<IdentityUserStatus>().notNull().default('UNCONFIRMED'),
    salt: text('salt').notNull(),
    verifier: text('verifier').notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    ...timestamps(),
    confirmedAt: timestamptz('confirmed_at'),
    /** Set by an admin in the back office (issue 8): no sign-in while set ('User is disabled.'). */
    blockedAt: timestamptz('blocked_at'),
    blockedReason: text('blocked_reason'),
  },
  (t) => [
    uniqueIndex('identity_users_email_idx').on(t.email),
    check('identity_users_status_check', sql`${t.status} in ('UNCONFIRMED', 'CONFIRMED')`),
    check('identity_users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export type IdentityUserRow = typeof identityUsers.$inferSelect;
export type NewIdentityUserRow = typeof identityUsers.$inferInsert;
