import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CampaignDto, TeaserDto } from '@erd/shared-contracts/wire';

/** The three home-page teasers of a year (spec §3 year fields). */
export interface YearTeasers {
  teaser1: TeaserDto;
  teaser2: TeaserDto;
  teaserPrizes: TeaserDto;
}

/**
 * The Markdown each teaser's `text` was made from (season import or back office), so it can be
 * edited again; a teaser without text has none. Null for years imported before migration 0010
 * (the back office then derives Markdown from the stored rich text).
 */
export interface YearTeaserMarkdown {
  teaser1: string | null;
  teaser2: string | null;
  teaserPrizes: string | null;
}

/** One season (spec §3 "Year / space data"). Its challenges live in `challenges`. */
export const years = pgTable('year', {
  id: text('id').primaryKey(),
  year: integer('year').notNull(),
  teasers: jsonb('teasers').$type<YearTeasers>().notNull(),
  teaserMarkdown: jsonb('teaser_markdown').$type<YearTeaserMarkdown>(),
  /** Issue 24: the hero's claim, subline, lead prize and key visual (season file or back office); null = the default. */
  campaign: jsonb('campaign').$type<CampaignDto>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type YearRow = typeof years.$inferSelect;
export type NewYearRow = typeof years.$inferInsert;
