import { check, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { StandingRowDto } from '@erd/shared-contracts/wire';

export type PublishedResultKind = 'overall' | 'challenge';

/**
 * Frozen standings (decisions §6), served as `/results/overall-{yearId}.json` (kind overall, key =
 * year id) and `/results/challenge-{challengeId}.json` (kind challenge, key = challenge id).
 */
export const publishedResults = pgTable(
  'published_results',
  {
    kind: text('kind').$type<PublishedResultKind>().notNull(),
    key: text('key').notNull(),
    rows: jsonb('rows').$type<StandingRowDto[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    check('published_results_kind_check', sql`${t.kind} in ('overall', 'challenge')`),
  ],
);

export type PublishedResultRow = typeof publishedResults.$inferSelect;
