import { z } from 'zod';
import { WIRE_ID_MAX_LENGTH } from './common.js';
import { resultsDateSchema } from './campaign.js';
import { challengeObjectTypeIdSchema, imageSchema, pointsRowSchema, prizesSchema } from './entities.js';

/**
 * Challenges in the back office on the wire (issue 8; contracts `challenges-admin.ts`, server
 * `modules/challenges-admin`): the year's challenges with their phase, one challenge with every
 * editable field, and the change an admin saves (German messages per field, the season format's
 * rules for points; the dates' rules need the other dates and stay with the server).
 */

/** Error codes of the challenges' routes (`ChallengeRunning`: a running challenge's dates change only confirmed, with a reason). */
export const challengeAdminErrorCodeSchema = z.enum([
  'ValidationError',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'Conflict',
  'ChallengeRunning',
]);
export type ChallengeAdminErrorCode = z.infer<typeof challengeAdminErrorCodeSchema>;

/** The phase of a challenge today (the public site's time states, decisions §4). */
export const challengePhaseSchema = z.enum(['before', 'submission', 'voting', 'ended']);

/** How a goals challenge ranks: the highest number first, or the closest to the right answer. */
export const challengeScoringSchema = z.enum(['highest', 'closest']);

export const challengeAdminParamsSchema = z.object({ id: z.string().min(1).max(WIRE_ID_MAX_LENGTH) });

// ---------------------------------------------------------------------------------------------
// Answers

export const adminChallengeSummarySchema = z.object({
  id: z.string(),
  /** #n: the position in the year's list + 1 (decisions §4). */
  number: z.number(),
  headline: z.string(),
  type: challengeObjectTypeIdSchema,
  phase: challengePhaseSchema,
  startDate: z.string(),
  endDate: z.string(),
  startDateSubmission: z.string().nullable(),
  endDateSubmission: z.string().nullable(),
  startDateVoting: z.string().nullable(),
  endDateVoting: z.string().nullable(),
  entries: z.number(),
  pending: z.number(),
});

export const adminChallengeListSchema = z.object({
  yearId: z.string(),
  /** Today in Europe/Berlin (`YYYY-MM-DD`), the day the phases are of. */
  today: z.string(),
  items: z.array(adminChallengeSummarySchema),
});

export const adminChallengeSchema = adminChallengeSummarySchema.extend({
  yearId: z.string(),
  teasertitle: z.string().nullable(),
  teasertext: z.string().nullable(),
  question: z.string().nullable(),
  footnote: z.string().nullable(),
  teaserImage: imageSchema.nullable(),
  prizes: prizesSchema.nullable(),
  points: z.array(pointsRowSchema),
  rightAnswer: z.number().nullable(),
  scoring: challengeScoringSchema.nullable(),
  /** Today within start and end: a date change needs `confirmRunning` and a reason. */
  running: z.boolean(),
  /** Issue 24: the day the results are expected ('Ergebnisse erwartet am'), on or after `endDate`; null = not said. */
  resultsDate: z.string().nullable(),
  /** Results are published: the goals ranking is changed through the results (with a reason). */
  published: z.boolean(),
  /** Name it as `expectedUpdatedAt` when saving. */
  updatedAt: z.string(),
  defaultPoints: z.array(pointsRowSchema),
});

// ---------------------------------------------------------------------------------------------
// The change (PATCH)

const CHALLENGE_TEXT_MAX = 5000;

/** Our media (`/media/…`) or an http(s) URL, as the season file allows. */
const challengeImageUrl = z
  .string()
  .max(2000)
  .refine(
    (v) => /^\/media\/[A-Za-z0-9._/-]+$/.test(v) || /^https:\/\/\S+$/i.test(v),
    'Bild-Adresse: ein hochgeladenes Bild (/media/…) oder eine https-URL.',
  );

/** A picture a challenge is saved with: the `ImageDto` the upload answers, our media or https, no unknown fields. */
export const challengeImageInputSchema = z.strictObject({
  fields: z.strictObject({
    file: z.strictObject({
      url: challengeImageUrl,
      contentType: z.string().max(100).optional(),
      width: z.int().min(1).max(100_000).optional(),
      height: z.int().min(1).max(100_000).optional(),
    }),
  }),
  metadata: z
    .strictObject({
      thumbnails: z
        .array(z.strictObject({ url: challengeImageUrl, width: z.int().min(1).max(100_000), format: z.string().max(20).optional() }))
        .max(10),
    })
    .optional(),
});

/**
 * A points table as the season format takes it: places without gaps from 1, `toPlace: null` only
 * in the last row. The one definition of these rules: the season file's `points` (server
 * season/schema.ts) is this schema too.
 */
export const challengePointsTableInputSchema = z
  .array(z.strictObject({ fromPlace: z.int().min(1), toPlace: z.int().min(1).nullable(), points: z.int().min(0) }))
  .min(1)
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      const expectedFrom = i === 0 ? 1 : (rows[i - 1]?.toPlace ?? NaN) + 1;
      if (row.fromPlace !== expectedFrom) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'fromPlace'],
          message: `muss ${Number.isNaN(expectedFrom) ? 'fehlen: nach einer Zeile mit toPlace null kommt keine weitere' : expectedFrom} sein (Plätze lückenlos ab 1)`,
        });
      }
      if (row.toPlace !== null && row.toPlace < row.fromPlace) {
        ctx.addIssue({ code: 'custom', path: [i, 'toPlace'], message: 'muss >= fromPlace sein' });
      }
      if (row.toPlace === null && i !== rows.length - 1) {
        ctx.addIssue({ code: 'custom', path: [i, 'toPlace'], message: 'null ist nur in der letzten Zeile erlaubt' });
      }
    });
  });

/** A calendar day that exists, `YYYY-MM-DD`. */
const isChallengeDay = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const challengeDay = z.string().refine(isChallengeDay, 'ein Tag als JJJJ-MM-TT');
const optionalChallengeText = z.string().max(CHALLENGE_TEXT_MAX, `höchstens ${CHALLENGE_TEXT_MAX} Zeichen`).nullable().optional();

/**
 * PATCH /api/operator/challenges/{id} (admin): only the fields that change, with the `updatedAt`
 * the challenge was read with (`expectedUpdatedAt`; someone else's save in between is a 409).
 * Texts: '' or null clear them. The dates are checked as a whole by the server (the season import's
 * rules); changing a running challenge's dates needs `confirmRunning: true` and a `reason`.
 */
export const patchChallengeInputSchema = z.strictObject({
  expectedUpdatedAt: z.string().min(1, 'fehlt'),
  headline: z.string().trim().min(1, 'Die Überschrift darf nicht leer sein.').max(300, 'höchstens 300 Zeichen').optional(),
  teasertitle: optionalChallengeText,
  teasertext: optionalChallengeText,
  question: optionalChallengeText,
  footnote: optionalChallengeText,
  teaserImage: challengeImageInputSchema.nullable().optional(),
  /** The prize pictures in their order (at most 10; the site shows 4); only for a challenge with prizes. */
  prizeImages: z.array(challengeImageInputSchema).max(10, 'höchstens 10 Bilder').optional(),
  startDate: challengeDay.optional(),
  endDate: challengeDay.optional(),
  startDateSubmission: challengeDay.optional(),
  endDateSubmission: challengeDay.optional(),
  startDateVoting: challengeDay.optional(),
  endDateVoting: challengeDay.optional(),
  /** Issue 24: 'Ergebnisse erwartet am', `YYYY-MM-DD` on or after the end (`resultsDateSchema`); null clears. Not a date change of a running challenge. */
  resultsDate: resultsDateSchema.optional(),
  points: challengePointsTableInputSchema.optional(),
  scoring: challengeScoringSchema.optional(),
  /** Required (true) with a reason to change the dates of a running challenge. */
  confirmRunning: z.boolean().optional(),
  reason: z.string().max(1000).optional(),
});
