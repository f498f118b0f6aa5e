import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, createdAtColumn, reference } from '../columns.js';
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
    sub: reference('sub', () => identityUsers.sub, 'cascade'),
    clientId: text('client_id').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    authTime: timestamptz('auth_time').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('identity_sessions_refresh_token_idx').on(t.refreshTokenHash),
    index('identity_sessions_sub_idx').on(t.sub),
    index('identity_sessions_expires_idx').on(t.expiresAt),
  ],
);

export type IdentitySessionRow = typeof identitySessions.$inferSelect;
