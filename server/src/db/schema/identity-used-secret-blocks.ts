import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.js';

/**
 * Ids of SRP SECRET_BLOCKs already answered: a block is single-use, in every instance (decisions §1),
 * and expires 5 minutes after it was issued (rows are removed some time after that).
 */
export const identityUsedSecretBlocks = pgTable(
  'identity_used_secret_blocks',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('identity_used_secret_blocks_expires_idx').on(t.expiresAt)],
);
