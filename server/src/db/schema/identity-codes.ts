import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz, reference } from '../columns.js';
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
    sub: reference('sub', () => identityUsers.sub, 'cascade'),
    purpose: text('purpose').$type<IdentityCodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamptz('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sub, t.purpose] }), check('identity_codes_purpose_check', sql`${t.purpose} in ('signup', 'reset')`)],
);

export type IdentityCodeRow = typeof identityCodes.$inferSelect;
