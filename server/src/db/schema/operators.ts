import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, createdAtColumn, timestamps, reference } from '../columns.js';
import type { OperatorRole } from '@erd/shared-contracts/backoffice';

/**
 * Back-office operators (decisions §7): separate from club accounts. Created with the CLI
 * (`operator-add`) or by an admin (`POST /api/operator/operators`); the password is kept as a
 * scrypt hash (`scrypt$N$r$p$salt$hash`). `role` decides what the operator may do (a moderator
 * moderates and reads; an admin may do everything); a disabled operator cannot log in.
 */
export const operators = pgTable(
  'operators',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** `moderator` or `admin` (operators that existed before roles became admins: migration 0008). */
    role: text('role').$type<OperatorRole>().notNull().default('moderator'),
    ...timestamps(),
    lastLoginAt: timestamptz('last_login_at'),
    /** Set while the operator is disabled. */
    disabledAt: timestamptz('disabled_at'),
    /**
     * The password was set by an admin in the back office (a start password someone else knows):
     * until the operator chooses their own, their session may only read who they are, change the
     * password and sign out (migration 0012).
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  },
  (t) => [uniqueIndex('operators_email_idx').on(t.email), check('operators_role_check', sql`${t.role} in ('moderator', 'admin')`)],
);

/**
 * An operator login: the session cookie's random token, stored as SHA-256 only. `expiresAt` is
 * the session's end as of its last use: 30 minutes after it (idle timeout), never later than
 * 12 hours after `createdAt`. `lastSeenAt` is when a request last moved it (at most once a minute).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: reference('operator_id', () => operators.id, 'cascade'),
    createdAt: createdAtColumn(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId), index('operator_sessions_expires_idx').on(t.expiresAt)],
);

export type OperatorRow = typeof operators.$inferSelect;
export type OperatorSessionRow = typeof operatorSessions.$inferSelect;
