import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type ModerationAction = 'publish' | 'reject' | 'remove-votes';

/**
 * Append-only record of moderation (decisions §4–5): who (operator id and e-mail, or `cli`), what,
 * which entry, why, when. A rejected entry is deleted; `details` keeps what it was.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    action: text('action').$type<ModerationAction>().notNull(),
    /** Operator id; null for the command line. */
    operatorId: text('operator_id'),
    /** Operator e-mail, or `cli:<user>` for the command line. */
    actor: text('actor').notNull(),
    participationId: text('participation_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('moderation_log_participation_idx').on(t.participationId), index('moderation_log_at_idx').on(t.at)],
);

export type ModerationLogRow = typeof moderationLog.$inferSelect;
