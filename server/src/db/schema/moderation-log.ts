import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type ModerationAction = 'publish' | 'reject' | 'remove-votes' | 'results-answer' | 'results-publish';

/**
 * Append-only audit log of operators' actions: moderation (decisions §4–5) and results (§6: right
 * answers, publications and corrections). Who (operator id and e-mail, or `cli`), what, which entry
 * or challenge, why, when; `details` keeps before/after (a rejected entry is deleted: what it was).
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
    challengeId: text('challenge_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_participation_idx').on(t.participationId),
    index('moderation_log_challenge_idx').on(t.challengeId, t.at),
    index('moderation_log_at_idx').on(t.at),
  ],
);

export type ModerationLogRow = typeof moderationLog.$inferSelect;
