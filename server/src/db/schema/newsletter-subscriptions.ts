import { check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/**
 * Newsletter double opt-in (decisions §7). The confirmation token is stored only as a hash; the
 * unsubscribe token is stored as is, since every newsletter mail has to carry it.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    status: text('status').$type<NewsletterStatus>().notNull().default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    confirmTokenExpiresAt: timestamp('confirm_token_expires_at', { withTimezone: true, mode: 'date' }),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    consentTextVersion: text('consent_text_version').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastMailAt: timestamp('last_mail_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_email_idx').on(t.email),
    uniqueIndex('newsletter_subscriptions_confirm_token_idx').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscriptions_unsubscribe_token_idx').on(t.unsubscribeToken),
    index('newsletter_subscriptions_status_idx').on(t.status),
    check('newsletter_subscriptions_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
