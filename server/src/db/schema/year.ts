import { integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.js';
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

/**
 * One season (spec §3 "Year / space data"). Its challenges live in `challenges`; `site.current_year_id`
 * says which one the public site shows (issue 26: seasons are made, copied and switched in the back office).
 */
export const years = pgTable(
  'year',
  {
    id: text('id').primaryKey(),
    year: integer('year').notNull(),
    teasers: jsonb('teasers').$type<YearTeasers>().notNull(),
    teaserMarkdown: jsonb('teaser_markdown').$type<YearTeaserMarkdown>(),
    /** Issue 24: the hero's claim, subline, lead prize and key visual (season file or back office); null = the default. */
    campaign: jsonb('campaign').$type<CampaignDto>(),
    /** Issue 26: the home page's two banner strips of this season (null: the default 'BEREIT ZU PUNKTEN?'); were `site.banner_text1/2`. */
    bannerText1: text('banner_text1'),
    bannerText2: text('banner_text2'),
    ...timestamps(),
  },
  (t) => [
    // `/tabelle?saison=2026` names a season by its year number.
    uniqueIndex('year_year_unique').on(t.year),
  ],
);

export type YearRow = typeof years.$inferSelect;
export type NewYearRow = typeof years.$inferInsert;
