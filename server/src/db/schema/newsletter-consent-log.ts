import { index, pgTable, serial } from 'drizzle-orm/pg-core';
import { consentLogColumns, type OptInConsentAction } from '../columns.js';

export type NewsletterConsentAction = OptInConsentAction;

/** Append-only proof of consent (decisions §7): who, what, which consent text, when, hashed IP. */
export const newsletterConsentLog = pgTable(
  'newsletter_consent_log',
  {
    id: serial('id').primaryKey(),
    ...consentLogColumns(),
  },
  (t) => [index('newsletter_consent_log_email_idx').on(t.email)],
);

export type NewsletterConsentLogRow = typeof newsletterConsentLog.$inferSelect;
