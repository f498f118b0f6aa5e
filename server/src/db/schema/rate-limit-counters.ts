import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.js';

/**
 * Fixed-window request counters shared by every instance (decisions §1): key = rule plus a keyed
 * hash of the client IP (or of an e-mail address), window = start of the window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    count: integer('count').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_counters_expires_idx').on(t.expiresAt)],
);
