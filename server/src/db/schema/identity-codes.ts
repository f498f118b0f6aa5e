import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { identityUsers } from './identity-users.js';

export type IdentityCodePurpose = 'signup' | 'reset';

/**
 * The one live code per user and purpose (decisions §2): 6 digits, stored as a keyed hash; sign-up
 * codes live 24 h, reset codes 1 h; 5 wrong tries kill a code; `sent_at` throttles resending.
 */
export const identityCodes = pgTable(
  'identity_codes',
  {
    sub: text('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<IdentityCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.purpose] }), check('identity_codes_purpose_check', sql`${t.purpose} in ('signup', 'reset')`)],
);

export type IdentityCodeRow = typeof identityCodes.$inferSelect;
