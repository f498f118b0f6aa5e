import { check, index, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { optInColumns, type OptInStatus } from '../columns.js';
import { sql } from 'drizzle-orm';

export type NewsletterStatus = OptInStatus;

/**
 * Newsletter double opt-in (decisions §7). The confirmation token is stored only as a hash; the
 * unsubscribe token is stored as is, since every newsletter mail has to carry it.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    ...optInColumns(),
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
