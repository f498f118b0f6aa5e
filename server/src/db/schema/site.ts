import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { RichTextDto } from '@erd/shared-contracts/wire';
import { years } from './year.js';

/** The site content (legal texts) and which year the site currently shows. One row, id `site`. */
export const site = pgTable('site', {
  id: text('id').primaryKey(),
  currentYearId: text('current_year_id').references(() => years.id, { onDelete: 'set null' }),
  terms: jsonb('terms').$type<RichTextDto>().notNull(),
  dataProtection: jsonb('data_protection').$type<RichTextDto>().notNull(),
  imprint: jsonb('imprint').$type<RichTextDto>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const SITE_ID = 'site';

export type SiteRow = typeof site.$inferSelect;
export type NewSiteRow = typeof site.$inferInsert;
