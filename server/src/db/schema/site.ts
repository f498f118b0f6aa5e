import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, createdAtColumn } from '../columns.js';
import type { RichTextDto } from '@erd/shared-contracts/wire';
import { years } from './year.js';

/** The site content (legal texts, banner texts) and which year the site currently shows. One row, id `site`. */
export const site = pgTable('site', {
  id: text('id').primaryKey(),
  currentYearId: text('current_year_id').references(() => years.id, { onDelete: 'set null' }),
  terms: jsonb('terms').$type<RichTextDto>().notNull(),
  dataProtection: jsonb('data_protection').$type<RichTextDto>().notNull(),
  imprint: jsonb('imprint').$type<RichTextDto>().notNull(),
  /** The Markdown the legal texts were made from (null: imported before migration 0010). */
  termsMarkdown: text('terms_markdown'),
  dataProtectionMarkdown: text('data_protection_markdown'),
  imprintMarkdown: text('imprint_markdown'),
  /** Before issue 26 the home page's banner strips; migration 0017 moved them to the current `year` (`year.banner_text1/2`), these are no longer read. */
  bannerText1: text('banner_text1'),
  bannerText2: text('banner_text2'),
  createdAt: createdAtColumn(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const SITE_ID = 'site';

export type SiteRow = typeof site.$inferSelect;
export type NewSiteRow = typeof site.$inferInsert;
