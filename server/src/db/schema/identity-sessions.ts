import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { identityUsers } from './identity-users.js';

/**
 * One login (SRP or password) and its refresh token (stored as SHA-256 only). Every token of the
 * login carries `origin_jti`; the API checks it here, so GlobalSignOut, RevokeToken and DeleteUser
 * take effect at once.
 */
export const identitySessions = pgTable(
  'identity_sessions',
  {
    originJti: text('origin_jti').primaryKey(),
    sub: text('sub')
      .notNull()
      .references(() => identityUsers.sub, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_sessions_refresh_token_idx').on(t.refreshTokenHash),
    index('identity_sessions_sub_idx').on(t.sub),
    index('identity_sessions_expires_idx').on(t.expiresAt),
  ],
);

export type IdentitySessionRow = typeof identitySessions.$inferSelect;
