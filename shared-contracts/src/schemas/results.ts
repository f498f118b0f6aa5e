import { z } from 'zod';
import { parseEstimate } from '../entries.js';
import { OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '../operator-reason.js';
import { WIRE_ID_MAX_LENGTH } from './common.js';
import { challengeObjectTypeIdSchema, pointsRowSchema, standingRowSchema } from './entities.js';

/**
 * The season's outcome on the wire (decisions §4 and §6; contracts `results.ts`): the published
 * result files (arrays of `standingRowSchema`, entities.ts) and the operator's results API
 * (`/api/operator/results/*`). Answers list every field the server sends; inputs keep the
 * module's German messages, one per field (the server answers them as they are, `field` named).
 */

/** Error codes of the results API (409 ones are the service's own; `ReasonRequired` is a 400 `ValidationError` with `field: 'reason'`). */
export const resultErrorCodeSchema = z.enum([
  'ValidationError',
  'Unauthorized',
  'NotFound',
  'NotEnded',
  'AnswerMissing',
  'VersionConflict',
  'Unchanged',
]);
export type ResultErrorCode = z.infer<typeof resultErrorCodeSchema>;

/** How a challenge ranks its entries: distance to the right answer, the highest number, or counted votes. */
export const resultRankingRuleSchema = z.enum(['closest', 'highest', 'votes']);

/** The goals ranking an operator may choose. */
export const resultGoalsRankingSchema = z.enum(['highest', 'closest']);

/** Spec §4 time states (time-state.ts): normal types upcoming/ongoing/finished, vote types upcoming/submit/vote/finished. */
export const resultTimeStateSchema = z.enum(['upcoming', 'ongoing', 'submit', 'vote', 'finished']);

/** The messages of refused input (German, for operators). */
const REASON_LIMITS = `${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen`;
export const RESULT_INPUT_MESSAGES = {
  answer: 'Die richtige Antwort ist eine ganze Zahl mit 1 bis 9 Ziffern.',
  ranking: 'Die Wertung ist „highest“ (die meisten Tore) oder „closest“ (am nächsten an der richtigen Antwort).',
  nothingToChange: 'Gib eine richtige Antwort oder eine Wertung an.',
  answerReason: `Die Ergebnisse sind schon veröffentlicht: gib einen Grund für die Änderung an (${REASON_LIMITS}).`,
  correctionReason: `Eine Korrektur braucht einen Grund (${REASON_LIMITS}).`,
  expectedVersion: 'expectedVersion muss eine ganze Zahl ab 0 sein (die Version, die du gesehen hast; 0 vor der ersten Veröffentlichung).',
} as const;

// ---------------------------------------------------------------------------------------------
// Paths and queries

/** Year and challenge ids as the season import allows them (letters, digits, '-', '_'): anything else is a 400, never a query. */
export const resultIdSchema = z
  .string()
  .min(1)
  .max(WIRE_ID_MAX_LENGTH)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'nur Buchstaben, Ziffern, „-“ und „_“');

/** GET /results/{file}: `overall-{yearId}.json` or `challenge-{challengeId}.json` (anything else is a 404). */
export const resultFileParamsSchema = z.object({ file: z.string().max(250) });

export const resultChallengeParamsSchema = z.object({ challengeId: resultIdSchema });
export const resultYearParamsSchema = z.object({ yearId: resultIdSchema });

/** GET /api/operator/results `?yearId=` (default: the year the site shows). */
export const resultOverviewQuerySchema = z.object({ yearId: resultIdSchema.optional() });
export type ResultOverviewQuery = z.infer<typeof resultOverviewQuerySchema>;

/** GET /api/operator/results/audit `?challengeId=&from=&size=` (from ≥ 0, size 1–200, default 50). */
export const resultAuditQuerySchema = z.object({
  challengeId: resultIdSchema.optional(),
  from: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(1).max(200).optional(),
});
export type ResultAuditQuery = z.infer<typeof resultAuditQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

/** Who published a version and when. */
export const publicationSchema = z.object({
  version: z.number(),
  publishedAt: z.string(),
  /** The operator's e-mail, or `cli:<user>` for the command line. */
  publishedBy: z.string(),
  /** Why a version after the first was published (mandatory for corrections). */
  reason: z.string().nullable(),
});

/** The rules a challenge's table was computed with, frozen with every version. */
export const challengeResultRulesSchema = z.object({
  kind: z.literal('challenge'),
  challengeId: z.string(),
  yearId: z.string(),
  objectTypeId: challengeObjectTypeIdSchema,
  challengeNumber: z.number(),
  ranking: resultRankingRuleSchema,
  /** The right answer (estimate and goals ranked `closest`); null otherwise. */
  rightAnswer: z.number().nullable(),
  points: z.array(pointsRowSchema),
  /** Clubs that took part (rows of the table). */
  participants: z.number(),
  /** The challenge's end (vote types: the end of the voting window). */
  endedOn: z.string(),
});

/** The rules of an overall table: the challenge versions it sums. */
export const overallResultRulesSchema = z.object({
  kind: z.literal('overall'),
  yearId: z.string(),
  challenges: z.array(z.object({ challengeId: z.string(), version: z.number() })),
});

export const resultVersionSchema = publicationSchema.extend({
  kind: z.enum(['challenge', 'overall']),
  /** Challenge id or year id. */
  key: z.string(),
  /** The entity tag the file was served with. */
  etag: z.string(),
  rules: z.discriminatedUnion('kind', [challengeResultRulesSchema, overallResultRulesSchema]),
  rows: z.array(standingRowSchema),
});

export const resultVersionListSchema = z.object({ items: z.array(resultVersionSchema) });

/** One challenge in the results overview. */
export const resultChallengeSchema = z.object({
  challengeId: z.string(),
  yearId: z.string(),
  /** #n: position in the year's list + 1. */
  number: z.number(),
  headline: z.string(),
  objectTypeId: challengeObjectTypeIdSchema,
  timeState: resultTimeStateSchema,
  /** Ended (vote types: the voting window): results may be published. */
  ended: z.boolean(),
  /** The day from which results may be published. */
  publishableFrom: z.string(),
  ranking: resultRankingRuleSchema,
  rightAnswer: z.number().nullable(),
  /** The ranking needs a right answer (estimate; goals ranked `closest`). */
  needsAnswer: z.boolean(),
  /** Clubs that take part so far (vote types: published entries). */
  participants: z.number(),
  /** The current published version; null before the first publication. */
  published: publicationSchema.nullable(),
});

export const resultOverviewSchema = z.object({
  yearId: z.string(),
  challenges: z.array(resultChallengeSchema),
  /** The current overall table's version; null before the first publication. */
  overall: publicationSchema.nullable(),
});

export const resultPreviewSchema = resultChallengeSchema.extend({
  rules: challengeResultRulesSchema,
  /** The table as it would be published now. */
  rows: z.array(standingRowSchema),
  /** Whether publishing now is allowed; `blockers` says why not (German). */
  canPublish: z.boolean(),
  blockers: z.array(z.string()),
  /** Published already and publishing now would change rows or rules (a correction). */
  changed: z.boolean(),
  /** The version a publication must name as `expectedVersion` (0 before the first). */
  currentVersion: z.number(),
});

export const publishResultSchema = z.object({ challenge: resultVersionSchema, overall: publicationSchema });

export const resultAuditActionSchema = z.enum(['results-answer', 'results-publish']);

/** The answer and ranking before or after a change (`scoring`: written by a season import). */
const resultAnswerStateSchema = z.looseObject({
  rightAnswer: z.number().nullable().optional(),
  ranking: resultRankingRuleSchema.optional(),
  scoring: resultGoalsRankingSchema.nullable().optional(),
});

/**
 * What an audit row records: a right answer's `before`/`after` (and the version published then, or
 * the season folder of an import), or a publication's versions and figures. Open for fields older
 * rows may carry: the log is shown as it was written.
 */
export const resultAuditDetailsSchema = z.looseObject({
  before: resultAnswerStateSchema.optional(),
  after: resultAnswerStateSchema.optional(),
  publishedVersion: z.number().nullable().optional(),
  seasonDir: z.string().optional(),
  version: z.number().optional(),
  previousVersion: z.number().nullable().optional(),
  overallVersion: z.number().optional(),
  ranking: resultRankingRuleSchema.optional(),
  rightAnswer: z.number().nullable().optional(),
  participants: z.number().optional(),
  etag: z.string().optional(),
});

export const resultAuditEntrySchema = z.object({
  id: z.number(),
  action: resultAuditActionSchema,
  challengeId: z.string().nullable(),
  actor: z.string(),
  reason: z.string().nullable(),
  details: resultAuditDetailsSchema,
  at: z.string(),
});

export const resultAuditPageSchema = z.object({ items: z.array(resultAuditEntrySchema), total: z.number() });

// ---------------------------------------------------------------------------------------------
// Inputs (unknown fields are ignored, as they always were)

/** A right answer: 1–9 digits, as a number or as Germans write it ('4.500', '4 500'); read as the number. */
const rightAnswerValueSchema = z.union([z.number(), z.string()], { error: RESULT_INPUT_MESSAGES.answer }).transform((value, ctx) => {
  const answer = parseEstimate(value);
  if (answer === undefined) {
    ctx.addIssue({ code: 'custom', message: RESULT_INPUT_MESSAGES.answer });
    return z.NEVER;
  }
  return answer;
});

/**
 * PUT …/answer: the right answer (null clears it) and, for goals, the ranking; at least one of
 * them. Once the results are published a change needs a `reason` (the operator's reason,
 * `isValidOperatorReason`; whether one is needed only the server knows, so it checks it); the public
 * files change only with the next publication.
 */
export const rightAnswerInputSchema = z
  .object({
    rightAnswer: rightAnswerValueSchema.nullable().optional(),
    /** Goals only: `highest` (default) or `closest`. */
    ranking: z.enum(resultGoalsRankingSchema.options, { error: RESULT_INPUT_MESSAGES.ranking }).optional(),
    reason: z.string({ error: RESULT_INPUT_MESSAGES.answerReason }).nullable().optional(),
  })
  .refine((input) => input.rightAnswer !== undefined || input.ranking !== undefined, {
    message: RESULT_INPUT_MESSAGES.nothingToChange,
    path: ['rightAnswer'],
  });

/**
 * POST …/publish. `expectedVersion`: the version the operator looked at (0 before the first
 * publication); another publication in between answers 409 `VersionConflict` and changes nothing.
 * A correction (version 2 and later) needs a `reason` (`isValidOperatorReason`, checked by the server:
 * only it knows whether a version is a correction).
 */
export const publishResultInputSchema = z.object({
  expectedVersion: z.int({ error: RESULT_INPUT_MESSAGES.expectedVersion }).min(0, { error: RESULT_INPUT_MESSAGES.expectedVersion }),
  reason: z.string({ error: RESULT_INPUT_MESSAGES.correctionReason }).nullable().optional(),
});
