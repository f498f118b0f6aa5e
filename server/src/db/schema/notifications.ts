import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    params: jsonb('params')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The last attempt failed (the job's retries are used up). */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
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
    filter: jsonb('filter')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    status: text('status').$type<OperatorMessageStatus>().notNull().default('draft'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Mails queued when it was sent. */
    recipients: integer('recipients'),
  },
  (t) => [
    index('operator_messages_created_idx').on(t.createdAt),
    check('operator_messages_status_check', sql`${t.status} in ('draft', 'sending', 'sent')`),
  ],
);

export type OperatorMessageRow = typeof operatorMessages.$inferSelect;

export type ClubFanStatus = 'pending' | 'confirmed' | 'unsubscribed';

/**
 * 'Mein Verein' (issue 25): a fan's address for one club, with double opt-in like the newsletter
 * (decisions §7): the confirmation token is stored as a hash, the unsubscribe token as is (every
 * mail carries it). Only confirmed fans get mail; the club sees how many it has, never who.
 */
export const clubFans = pgTable(
  'club_fans',
  {
    id: serial('id').primaryKey(),
    clubId: text('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').$type<ClubFanStatus>().notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true, mode: 'date' }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    consentTextVersion: text('consent_text_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    lastMailAt: timestamp('last_mail_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
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

export type ClubFanConsentAction = 'signup' | 'resend' | 'confirm' | 'unsubscribe';

/** Append-only proof of a fan's consent, like the newsletter's: who, which club, which text, when, hashed IP. */
export const clubFanConsentLog = pgTable(
  'club_fan_consent_log',
  {
    id: serial('id').primaryKey(),
    clubId: text('club_id').notNull(),
    email: text('email').notNull(),
    action: text('action').$type<ClubFanConsentAction>().notNull(),
    textVersion: text('text_version').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ipHash: text('ip_hash'),
  },
  (t) => [index('club_fan_consent_log_email_idx').on(t.email)],
);
