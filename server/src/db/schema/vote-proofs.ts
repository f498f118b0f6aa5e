import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.js';

/**
 * ALTCHA challenges already answered (by their signature): each proof of work counts once, in every
 * instance (decisions §1, §5). Rows are removed some time after the challenge expired.
 */
export const usedVoteProofs = pgTable(
  'used_vote_proofs',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('used_vote_proofs_expires_idx').on(t.expiresAt)],
);
