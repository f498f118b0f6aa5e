import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * ALTCHA challenges already answered (by their signature): each proof of work counts once, in every
 * instance (decisions §1, §5). Rows are removed some time after the challenge expired.
 */
export const usedVoteProofs = pgTable(
  'used_vote_proofs',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('used_vote_proofs_expires_idx').on(t.expiresAt)],
);
