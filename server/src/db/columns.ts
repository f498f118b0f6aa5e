import { sql } from 'drizzle-orm';
import { jsonb, text, timestamp, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/**
 * Column builders that the tables of `schema/` spell alike. Each returns a fresh builder, so a table
 * may use one several times; the SQL they stand for is what the migrations already hold (a change
 * here shows as a new migration in `npm run db:generate -w server`).
 */

/** A point in time: `timestamp with time zone`, read as a `Date`. Every time column of the schema is one. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** `created_at`: when the row was written, by the database's clock. */
export const createdAtColumn = () => timestamptz('created_at').notNull().defaultNow();

/** `created_at` and `updated_at`, both now when the row is written (a change sets `updatedAt` itself). */
export const timestamps = () => ({ createdAt: createdAtColumn(), updatedAt: timestamptz('updated_at').notNull().defaultNow() });

/** A required text foreign key: `name` references `target` (e.g. `() => clubs.id`) with the given `onDelete`. */
export const reference = (name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  text(name).notNull().references(target, { onDelete });

/** A JSON object column, `{}` when nothing is given (a notification's or message's parameters). */
export const jsonObject = (name: string) =>
  jsonb(name)
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`);

/** Where a double opt-in address stands: mailed and not yet confirmed, confirmed (gets mail), or left. */
export type OptInStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** The steps of a double opt-in that its consent log records. */
export type OptInConsentAction = 'signup' | 'resend' | 'confirm' | 'unsubscribe';

/**
 * The columns of a double opt-in address (decisions §7), alike in the newsletter's and
 * 'Mein Verein''s tables (db/opt-in.ts writes them): the confirmation token is stored as a hash, the
 * unsubscribe token as is (every mail carries it), with the consent text's version and when.
 */
export const optInColumns = () => ({
  email: text('email').notNull(),
  status: text('status').$type<OptInStatus>().notNull().default('pending'),
  confirmTokenHash: text('confirm_token_hash'),
  confirmTokenExpiresAt: timestamptz('confirm_token_expires_at'),
  unsubscribeToken: text('unsubscribe_token').notNull(),
  consentTextVersion: text('consent_text_version').notNull(),
  consentedAt: timestamptz('consented_at').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  unsubscribedAt: timestamptz('unsubscribed_at'),
  lastMailAt: timestamptz('last_mail_at'),
  createdAt: createdAtColumn(),
});

/** A consent log's entry of an opt-in step (decisions §7): which address, what, which consent text, when, hashed IP. */
export const consentLogColumns = () => ({
  email: text('email').notNull(),
  action: text('action').$type<OptInConsentAction>().notNull(),
  textVersion: text('text_version').notNull(),
  at: timestamptz('at').notNull().defaultNow(),
  ipHash: text('ip_hash'),
});
