import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.js';
import type { AuditAction, AuditSubjectType } from '@erd/shared-contracts/backoffice';

export type { AuditAction };
/** The actions of the audit log (the name predates operator management). */
export type ModerationAction = AuditAction;

/**
 * The one append-only audit log of operators' writes: moderation (decisions §4–5), results (§6:
 * right answers, publications and corrections), operator accounts and passwords (§7). Who
 * (operator id and e-mail, `cli:<user>` or `import`), what, about which subject, why, when;
 * `details` keeps before/after (a rejected entry is deleted: what it was). Never a password.
 *
 * `subject_type`/`subject_id` name what a row is about (`participation`, `challenge`,
 * `operator`, later clubs and content). Writers that only name `participation_id` or
 * `challenge_id` get them filled by the database (trigger `moderation_log_subject`, migration
 * 0008), so every row has a subject.
 */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: serial('id').primaryKey(),
    action: text('action').$type<AuditAction>().notNull(),
    /** Operator id; null for the command line and imports. */
    operatorId: text('operator_id'),
    /** Operator e-mail, or `cli:<user>` for the command line. */
    actor: text('actor').notNull(),
    participationId: text('participation_id'),
    challengeId: text('challenge_id'),
    subjectType: text('subject_type').$type<AuditSubjectType>(),
    subjectId: text('subject_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    index('moderation_log_participation_idx').on(t.participationId),
    index('moderation_log_challenge_idx').on(t.challengeId, t.at),
    index('moderation_log_at_idx').on(t.at),
    index('moderation_log_subject_idx').on(t.subjectType, t.subjectId, t.at),
    index('moderation_log_action_idx').on(t.action, t.at),
    check('moderation_log_subject_check', sql`${t.subjectType} is not null and ${t.subjectId} is not null`),
  ],
);

export type ModerationLogRow = typeof moderationLog.$inferSelect;
