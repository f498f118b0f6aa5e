import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TeaserDto } from '@erd/shared-contracts/wire';

/** The three home-page teasers of a year (spec §3 year fields). */
export interface YearTeasers {
  teaser1: TeaserDto;
  teaser2: TeaserDto;
  teaserPrizes: TeaserDto;
}

/** One season (spec §3 "Year / space data"). Its challenges live in `challenges`. */
export const years = pgTable('year', {
  id: text('id').primaryKey(),
  year: integer('year').notNull(),
  teasers: jsonb('teasers').$type<YearTeasers>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type YearRow = typeof years.$inferSelect;
export type NewYearRow = typeof years.$inferInsert;
