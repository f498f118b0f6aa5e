import { z } from 'zod';
import {
  SEASON_CHALLENGE_HEADLINE_MAX_LENGTH,
  SEASON_OFFSET_MAX_DAYS,
  SEASON_STATES,
  SEASON_YEAR_MAX,
  SEASON_YEAR_MIN,
} from '../backoffice.js';
import { OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '../operator-reason.js';
import { count, isoDay, singleLine, wireId } from './common.js';

/**
 * Seasons (issue 26): every year with its challenges, made, copied and switched by operators in the
 * back office ('Saisons'), and the finished ones kept public (archive). One year is the site's
 * current season (`site.current_year_id`); it is 'live'. A year that is not current is 'ended' once
 * it has entries or published results or its last challenge day has passed, else a 'draft'.
 */

/** The `?saison=` query of `/tabelle` and the club page: a season's year number. */
export const SEASON_QUERY = 'saison';

export const seasonStateSchema = z.enum(SEASON_STATES);
export type SeasonState = z.infer<typeof seasonStateSchema>;

// The limits and labels live zod-free in the back office's entry (its forms use them); here as always.
export { SEASON_OFFSET_MAX_DAYS, SEASON_STATE_LABELS, SEASON_YEAR_MAX, SEASON_YEAR_MIN } from '../backoffice.js';

export const challengeObjectTypeSchema = z.enum(['bfv-erd-estimate', 'bfv-erd-goals', 'bfv-erd-picture-vote', 'bfv-erd-text-vote']);

/** An operator's reason on one line (`isValidOperatorReason(value, { singleLine: true })` in the forms). */
const reason = z.string().trim().pipe(singleLine(OPERATOR_REASON_MIN_LENGTH, OPERATOR_REASON_MAX_LENGTH));
const year = z.number().int().min(SEASON_YEAR_MIN).max(SEASON_YEAR_MAX);

/** A challenge as the season list shows it. */
export const adminSeasonChallengeSchema = z.strictObject({
  id: wireId,
  /** 1-based, the public '#n' (withdrawn challenges keep theirs but are not counted in public). */
  position: z.number().int().positive(),
  objectTypeId: challengeObjectTypeSchema,
  headline: z.string(),
  startDate: isoDay,
  endDate: isoDay,
  /** Entries of any state (a challenge with entries cannot be removed, only withdrawn). */
  entries: count,
  resultsPublished: z.boolean(),
  withdrawn: z.strictObject({ at: z.string(), reason: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type AdminSeasonChallengeDto = z.infer<typeof adminSeasonChallengeSchema>;

export const adminSeasonSummarySchema = z.strictObject({
  id: wireId,
  year,
  state: seasonStateSchema,
  /** The season the public site shows. */
  current: z.boolean(),
  /** First and last day of its challenges (null without challenges). */
  startDate: isoDay.nullable(),
  endDate: isoDay.nullable(),
  challenges: count,
  entries: count,
  updatedAt: z.string(),
});
export type AdminSeasonSummaryDto = z.infer<typeof adminSeasonSummarySchema>;

export const adminSeasonListSchema = z.strictObject({ today: isoDay, items: z.array(adminSeasonSummarySchema) });
export type AdminSeasonListDto = z.infer<typeof adminSeasonListSchema>;

export const adminSeasonSchema = adminSeasonSummarySchema.extend({ challengeItems: z.array(adminSeasonChallengeSchema) });
export type AdminSeasonDto = z.infer<typeof adminSeasonSchema>;

/**
 * POST /api/operator/seasons: `year` (a number no other season has), optionally `copyFrom` (a
 * season's id) with `offsetDays` (every date of the copy moved by it, checked by the season's date
 * rules). A copy takes challenges (types, texts, pictures, points tables, prizes, scoring),
 * teasers, campaign and banner texts; never entries, votes, results, right answers or accounts.
 */
export const seasonCreateInputSchema = z
  .strictObject({
    year,
    copyFrom: wireId.optional(),
    offsetDays: z.number().int().min(-SEASON_OFFSET_MAX_DAYS).max(SEASON_OFFSET_MAX_DAYS).optional(),
  })
  .refine((input) => input.offsetDays === undefined || input.copyFrom !== undefined, {
    message: 'Eine Verschiebung gibt es nur beim Kopieren einer Saison.',
    path: ['offsetDays'],
  });
export type SeasonCreateInput = z.input<typeof seasonCreateInputSchema>;

/** PUT /api/operator/seasons/current (admin): the switch, confirmed, with a reason; audited. */
export const seasonSwitchInputSchema = z.strictObject({
  yearId: wireId,
  reason,
  confirm: z.literal(true, { message: 'Bitte bestätige den Wechsel der Saison.' }),
});
export type SeasonSwitchInput = z.input<typeof seasonSwitchInputSchema>;

/** A reason alone (restore; removal of a challenge). */
export const seasonReasonInputSchema = z.strictObject({ reason });
export type SeasonReasonInput = z.input<typeof seasonReasonInputSchema>;

/** DELETE …/season-challenges/{id}: the reason, and for a challenge of the live season the confirmation. */
export const seasonChallengeRemoveInputSchema = z.strictObject({ reason, confirmLive: z.boolean().optional() });
export type SeasonChallengeRemoveInput = z.input<typeof seasonChallengeRemoveInputSchema>;

/** POST …/withdraw: why the challenge leaves the public season (shown in the back office and audited). */
export const seasonChallengeWithdrawInputSchema = z.strictObject({ reason, confirmLive: z.boolean().optional() });
export type SeasonChallengeWithdrawInput = z.input<typeof seasonChallengeWithdrawInputSchema>;

/** The answer of a challenge's creation or duplication: its id and the season with it. */
export const seasonChallengeCreatedSchema = z.strictObject({ id: wireId, season: adminSeasonSchema });
export type SeasonChallengeCreatedDto = z.infer<typeof seasonChallengeCreatedSchema>;

/**
 * POST /api/operator/seasons/{yearId}/challenges: a new challenge of one of the four types, with its
 * headline and days; the rest (texts, pictures, points, prizes) is edited in the challenge form.
 * Picture and slogan challenges need their submission and voting days. Checked by the season's date rules.
 */
export const seasonChallengeCreateInputSchema = z.strictObject({
  objectTypeId: challengeObjectTypeSchema,
  headline: z.string().trim().pipe(singleLine(1, SEASON_CHALLENGE_HEADLINE_MAX_LENGTH)),
  startDate: isoDay,
  endDate: isoDay,
  startDateSubmission: isoDay.optional(),
  endDateSubmission: isoDay.optional(),
  startDateVoting: isoDay.optional(),
  endDateVoting: isoDay.optional(),
  /** Adding to the live season changes the public numbering: confirmed. */
  confirmLive: z.boolean().optional(),
});
export type SeasonChallengeCreateInput = z.input<typeof seasonChallengeCreateInputSchema>;

/** PUT /api/operator/seasons/{yearId}/order: every challenge id of the season, in the new order. */
export const seasonChallengeOrderInputSchema = z.strictObject({
  ids: z.array(wireId).min(1).max(100),
  /** The live season's public '#n' changes: required (true) there. */
  confirmLive: z.boolean().optional(),
  reason: reason.optional(),
});
export type SeasonChallengeOrderInput = z.input<typeof seasonChallengeOrderInputSchema>;

/** POST …/duplicate (and confirmLive for the live season). */
export const seasonChallengeDuplicateInputSchema = z.strictObject({ confirmLive: z.boolean().optional() });
export type SeasonChallengeDuplicateInput = z.input<typeof seasonChallengeDuplicateInputSchema>;

/** PUT /api/operator/seasons/preview: this browser sees the season's public pages, marked 'Vorschau'. */
export const seasonPreviewInputSchema = z.strictObject({ yearId: wireId });
export type SeasonPreviewInput = z.input<typeof seasonPreviewInputSchema>;

/** What the archive says of a challenge wherever it names one: its id, public '#n', type, headline and days. */
const archivedChallengeSchema = z.strictObject({
  id: wireId,
  /** The public '#n'. */
  number: z.number().int().positive(),
  objectTypeId: challengeObjectTypeSchema,
  headline: z.string(),
  startDate: isoDay,
  endDate: isoDay,
});

/** One challenge of a season in the public archive. */
export const publicSeasonChallengeSchema = archivedChallengeSchema.extend({ resultsPublished: z.boolean() });
export type PublicSeasonChallengeDto = z.infer<typeof publicSeasonChallengeSchema>;

export const publicSeasonSchema = z.strictObject({
  id: wireId,
  year,
  state: z.enum(['live', 'ended']),
  startDate: isoDay.nullable(),
  endDate: isoDay.nullable(),
  /** The overall table is published (its file `/results/overall-{id}.json` exists). */
  resultsPublished: z.boolean(),
  challenges: z.array(publicSeasonChallengeSchema),
});
export type PublicSeasonDto = z.infer<typeof publicSeasonSchema>;

/**
 * GET /api/public/seasons: the current season and the ended ones (newest first); drafts stay
 * hidden except the next one's start day (`next`), shown once the current season is over.
 */
export const publicSeasonsSchema = z.strictObject({
  currentId: wireId.nullable(),
  seasons: z.array(publicSeasonSchema),
  next: z.strictObject({ year, startDate: isoDay }).nullable(),
});
export type PublicSeasonsDto = z.infer<typeof publicSeasonsSchema>;

/** A club's row in one challenge table of an ended season (the row of `/results/challenge-{id}.json`). */
export const publicClubChallengeResultSchema = archivedChallengeSchema.extend({
  place: z.number().int().positive(),
  points: z.number(),
  estimate: z.number().optional(),
  rightEstimate: z.number().optional(),
  votes: z.number().optional(),
  slogan: z.string().optional(),
  participationId: z.string().optional(),
  picture: z.string().optional(),
});
export type PublicClubChallengeResultDto = z.infer<typeof publicClubChallengeResultSchema>;

/** One ended season of a club: its place and points in the final overall table (null: not in it) and its challenge results. */
export const publicClubSeasonSchema = z.strictObject({
  id: wireId,
  year,
  overall: z.strictObject({ place: z.number().int().positive(), points: z.number() }).nullable(),
  challenges: z.array(publicClubChallengeResultSchema),
});
export type PublicClubSeasonDto = z.infer<typeof publicClubSeasonSchema>;

/**
 * GET /api/public/clubs/{clubId}/seasons: the club's results in every ended season where it has
 * any (newest first); the current season is not in it (the club page reads its files). One small
 * answer instead of a result file per season and challenge.
 */
export const publicClubSeasonsSchema = z.strictObject({
  clubId: wireId,
  seasons: z.array(publicClubSeasonSchema),
});
export type PublicClubSeasonsDto = z.infer<typeof publicClubSeasonsSchema>;
