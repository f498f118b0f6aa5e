import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export type NewsletterConsentAction = 'signup' | 'resend' | 'confirm' | 'unsubscribe';

/** Append-only proof of consent (decisions §7): who, what, which consent text, when, hashed IP. */
export const newsletterConsentLog = pgTable(
  'newsletter_consent_log',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    action: text('action').$type<NewsletterConsentAction>().notNull(),
    textVersion: text('text_version').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ipHash: text('ip_hash'),
  },
  (t) => [index('newsletter_consent_log_email_idx').on(t.email)],
);

export type NewsletterConsentLogRow = typeof newsletterConsentLog.$inferSelect;
