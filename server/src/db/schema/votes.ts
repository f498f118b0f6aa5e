import { bigserial, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, createdAtColumn, reference } from '../columns.js';
import { sql } from 'drizzle-orm';
import { participations } from './participations.js';

/**
 * One vote (decisions §5): kept as a record so operators can review bursts and remove votes.
 * A voter is the signed cookie id (`voter_id`) and, when logged in, the account (`account_key`:
 * `club:<clubId>`, or `sub:<sub>` for an account without club). The two unique indexes make a
 * second vote of the same voter for the same entry impossible, also under concurrency. A removed
 * vote stays (and keeps blocking its voter) but no longer counts.
 */
export const votes = pgTable(
  'votes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    participationId: reference('participation_id', () => participations.id, 'cascade'),
    challengeId: text('challenge_id').notNull(),
    voterId: text('voter_id').notNull(),
    accountKey: text('account_key'),
    accountSub: text('account_sub'),
    /** HMAC of the client IP (key derived from APP_SECRET): comparable, not reversible. */
    ipHash: text('ip_hash').notNull(),
    /** Browser family from the user agent (`Chrome`, `Firefox`, …, `bot`, `other`). */
    userAgent: text('user_agent'),
    createdAt: createdAtColumn(),
    removedAt: timestamptz('removed_at'),
    removedBy: text('removed_by'),
    removalReason: text('removal_reason'),
  },
  (t) => [
    uniqueIndex('votes_participation_voter_idx').on(t.participationId, t.voterId),
    uniqueIndex('votes_participation_account_idx').on(t.participationId, t.accountKey),
    index('votes_participation_created_idx').on(t.participationId, t.createdAt),
    index('votes_ip_created_idx').on(t.ipHash, t.createdAt),
    // The votes that count, by challenge and entry: publishing a challenge's results counts them
    // without reading the season's other votes (modules/results/repository.ts).
    index('votes_challenge_counted_idx')
      .on(t.challengeId, t.participationId)
      .where(sql`${t.removedAt} is null`),
  ],
);

export type VoteRow = typeof votes.$inferSelect;
