import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  timestamptz,
  createdAtColumn,
  timestamps,
  reference,
  jsonObject,
  optInColumns,
  consentLogColumns,
  type OptInStatus,
  type OptInConsentAction,
} from '../columns.js';
import { sql } from 'drizzle-orm';
import { clubs } from './clubs.js';

/**
 * Issue 25: the mails that bring clubs and their fans back. One row per mail that is to go: the
 * occasion ('entry-published:<participation>', 'entries-closing:<challenge>:<day>', …) and the
 * recipient ('account:<sub>', 'fan:<id>') are unique together, so a trigger that runs twice (two
 * instances, a restart, a double click) queues one mail. The row holds no address: the address is
 * read when the mail goes (a deleted account, a fan who left, or a kind switched off gets nothing).
 * Its id is the mail's Message-ID and its outbox file; `sent_at` is written right after the SMTP
 * server took it, so a job that runs again after a crash does not send it twice.
 */
export type NotificationKind = 'challenges' | 'entries' | 'results' | 'messages' | 'fans';
export type NotificationSkip = 'opted-out' | 'no-recipient' | 'cancelled';

export const notifications = pgTable(
  'notifications',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    occasion: text('occasion').notNull(),
    recipient: text('recipient').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    template: text('template').notNull(),
    /** What the template needs besides the recipient (ids, a reason, a place): never an address. */
    params: jsonObject('params'),
    createdAt: createdAtColumn(),
    sentAt: timestamptz('sent_at'),
    /** The last attempt failed (the job's retries are used up). */
    failedAt: timestamptz('failed_at'),
    /** Not sent, and why (set instead of `sent_at`). */
    skipped: text('skipped').$type<NotificationSkip>(),
  },
  (t) => [
    uniqueIndex('notifications_occasion_recipient_idx').on(t.occasion, t.recipient),
    index('notifications_recipient_idx').on(t.recipient),
    check('notifications_kind_check', sql`${t.kind} in ('challenges', 'entries', 'results', 'messages', 'fans')`),
    check('notifications_skipped_check', sql`${t.skipped} is null or ${t.skipped} in ('opted-out', 'no-recipient', 'cancelled')`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

export type OperatorMessageStatus = 'draft' | 'sending' | 'sent';

/**
 * A message of the operators to club accounts (admins): written, previewed, tested, then sent once
 * (the status moves from `draft` to `sending` in one statement: a double click sends nothing more).
 * Its mails are `notifications` rows with the occasion `message:<id>`; their states are its progress.
 */
export const operatorMessages = pgTable(
  'operator_messages',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Who gets it: `{ team?: 'Herren' | 'Damen', challengeId?: string, participated?: boolean }`. */
    filter: jsonObject('filter'),
    status: text('status').$type<OperatorMessageStatus>().notNull().default('draft'),
    createdBy: text('created_by').notNull(),
    ...timestamps(),
    sentAt: timestamptz('sent_at'),
    /** Mails queued when it was sent. */
    recipients: integer('recipients'),
  },
  (t) => [
    index('operator_messages_created_idx').on(t.createdAt),
    check('operator_messages_status_check', sql`${t.status} in ('draft', 'sending', 'sent')`),
  ],
);

export type OperatorMessageRow = typeof operatorMessages.$inferSelect;

export type ClubFanStatus = OptInStatus;

/**
 * 'Mein Verein' (issue 25): a fan's address for one club, with double opt-in like the newsletter
 * (decisions §7): the confirmation token is stored as a hash, the unsubscribe token as is (every
 * mail carries it). Only confirmed fans get mail; the club sees how many it has, never who.
 */
export const clubFans = pgTable(
  'club_fans',
  {
    id: serial('id').primaryKey(),
    clubId: reference('club_id', () => clubs.id, 'cascade'),
    ...optInColumns(),
  },
  (t) => [
    uniqueIndex('club_fans_club_email_idx').on(t.clubId, t.email),
    uniqueIndex('club_fans_confirm_token_idx').on(t.confirmTokenHash),
    uniqueIndex('club_fans_unsubscribe_token_idx').on(t.unsubscribeToken),
    index('club_fans_club_status_idx').on(t.clubId, t.status),
    check('club_fans_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

export type ClubFanRow = typeof clubFans.$inferSelect;

export type ClubFanConsentAction = OptInConsentAction;

/** Append-only proof of a fan's consent, like the newsletter's: who, which club, which text, when, hashed IP. */
export const clubFanConsentLog = pgTable(
  'club_fan_consent_log',
  {
    id: serial('id').primaryKey(),
    clubId: text('club_id').notNull(),
    ...consentLogColumns(),
  },
  (t) => [index('club_fan_consent_log_email_idx').on(t.email)],
);
