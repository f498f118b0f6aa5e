import { check, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, timestamps, reference } from '../columns.js';
import { sql } from 'drizzle-orm';
import type { ChallengeObjectTypeId, ImageDto, PointsRowDto, PrizesDto } from '@erd/shared-contracts/wire';
import { years } from './year.js';

export type ChallengeScoring = 'highest' | 'closest';

/**
 * A challenge of a year (spec §3). Dates are calendar days in Europe/Berlin (`YYYY-MM-DD`).
 * `right_answer` is the operator's secret: it never leaves the server through the public API.
 */
export const challenges = pgTable(
  'challenges',
  {
    id: text('id').primaryKey(),
    yearId: reference('year_id', () => years.id, 'restrict'),
    position: integer('position').notNull(),
    objectTypeId: text('object_type_id').$type<ChallengeObjectTypeId>().notNull(),
    headline: text('headline').notNull(),
    teasertitle: text('teasertitle'),
    teasertext: text('teasertext'),
    question: text('question'),
    footnote: text('footnote'),
    teaserImage: jsonb('teaser_image').$type<ImageDto>(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    startDateSubmission: date('start_date_submission', { mode: 'string' }),
    endDateSubmission: date('end_date_submission', { mode: 'string' }),
    startDateVoting: date('start_date_voting', { mode: 'string' }),
    endDateVoting: date('end_date_voting', { mode: 'string' }),
    /** Issue 24: the day the results are expected (shown until they are published); on or after the end. */
    resultsDate: date('results_date', { mode: 'string' }),
    points: jsonb('points').$type<PointsRowDto[]>().notNull(),
    prizes: jsonb('prizes').$type<PrizesDto>(),
    rightAnswer: integer('right_answer'),
    scoring: text('scoring').$type<ChallengeScoring>(),
    /**
     * Issue 26: taken out of the public season by an operator (a challenge with entries cannot be
     * removed); its entries, votes and results stay in the records. Null: part of the season.
     */
    withdrawnAt: timestamptz('withdrawn_at'),
    withdrawnReason: text('withdrawn_reason'),
    ...timestamps(),
  },
  (t) => [
    index('challenges_year_position_idx').on(t.yearId, t.position),
    check(
      'challenges_object_type_check',
      sql`${t.objectTypeId} in ('bfv-erd-estimate', 'bfv-erd-goals', 'bfv-erd-picture-vote', 'bfv-erd-text-vote')`,
    ),
    check('challenges_dates_check', sql`${t.startDate} <= ${t.endDate}`),
    check('challenges_results_date_check', sql`${t.resultsDate} is null or ${t.resultsDate} >= ${t.endDate}`),
    check('challenges_withdrawn_check', sql`(${t.withdrawnAt} is null) = (${t.withdrawnReason} is null)`),
    check('challenges_scoring_check', sql`${t.scoring} is null or ${t.scoring} in ('highest', 'closest')`),
  ],
);

export type ChallengeRow = typeof challenges.$inferSelect;
export type NewChallengeRow = typeof challenges.$inferInsert;
