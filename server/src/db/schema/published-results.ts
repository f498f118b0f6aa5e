import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz } from '../columns.js';
import { sql } from 'drizzle-orm';
import type { ChallengeResultRulesDto, OverallResultRulesDto, StandingRowDto } from '@erd/shared-contracts/wire';

export type PublishedResultKind = 'overall' | 'challenge';
export type ResultRules = ChallengeResultRulesDto | OverallResultRulesDto;

/**
 * The current version of each published result file (decisions §6), served as
 * `/results/overall-{yearId}.json` (kind overall, key = year id) and
 * `/results/challenge-{challengeId}.json` (kind challenge, key = challenge id). `body` holds the
 * file's exact bytes (frozen at publication) and `etag` their tag; `rows` the same rows as data,
 * which the overall table is summed from. Every version, the current one included, is also a row of
 * `result_versions`.
 */
export const publishedResults = pgTable(
  'published_results',
  {
    kind: text('kind').$type<PublishedResultKind>().notNull(),
    key: text('key').notNull(),
    yearId: text('year_id').notNull(),
    version: integer('version').notNull(),
    rows: jsonb('rows').$type<StandingRowDto[]>().notNull(),
    body: text('body').notNull(),
    etag: text('etag').notNull(),
    publishedAt: timestamptz('published_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index('published_results_year_idx').on(t.yearId, t.kind),
    check('published_results_kind_check', sql`${t.kind} in ('overall', 'challenge')`),
  ],
);

/**
 * Every published version of a result file: the rows, the rules they were computed with, who
 * published it, when and why (a correction needs a reason). Append-only; the unique index makes two
 * publications of the same version impossible, also when two operators publish at once.
 */
export const resultVersions = pgTable(
  'result_versions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<PublishedResultKind>().notNull(),
    key: text('key').notNull(),
    yearId: text('year_id').notNull(),
    version: integer('version').notNull(),
    rows: jsonb('rows').$type<StandingRowDto[]>().notNull(),
    rules: jsonb('rules').$type<ResultRules>().notNull(),
    etag: text('etag').notNull(),
    reason: text('reason'),
    /** Operator id; null for the command line. */
    operatorId: text('operator_id'),
    /** Operator e-mail, or `cli:<user>`. */
    actor: text('actor').notNull(),
    publishedAt: timestamptz('published_at').notNull(),
  },
  (t) => [
    uniqueIndex('result_versions_kind_key_version_idx').on(t.kind, t.key, t.version),
    check('result_versions_kind_check', sql`${t.kind} in ('overall', 'challenge')`),
  ],
);

export type PublishedResultRow = typeof publishedResults.$inferSelect;
export type ResultVersionRow = typeof resultVersions.$inferSelect;
