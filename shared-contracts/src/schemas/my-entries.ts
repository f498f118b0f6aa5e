import { z } from 'zod';
import { count, isoDay } from './common.js';

/**
 * 'Meine Teilnahmen' (issue 24): `GET /api/me/participations`, the signed-in member's club's entries
 * of the current season, one per challenge the club took part in (in the season's order), never
 * cached. Only the club's own data: what it sent, the state of the moderation, the votes of a
 * published slogan or picture, and its place and points once the challenge's results are published
 * (read from the published table). The right answer of an estimate only comes with the published
 * results, as the public table has it.
 */

export const myEntryChallengeTypeSchema = z.enum(['bfv-erd-estimate', 'bfv-erd-goals', 'bfv-erd-text-vote', 'bfv-erd-picture-vote']);

/**
 * `pending`: a slogan or picture waits for an operator; `published`: public (an estimate or goals
 * number is stored as accepted at once, yet never public); `rejected`: an operator did not publish
 * it (the entry was deleted; the club may submit again while the submission window is open).
 */
export const myEntryStateSchema = z.enum(['pending', 'published', 'rejected']);
export type MyEntryState = z.infer<typeof myEntryStateSchema>;

export const myEntryChallengeSchema = z.strictObject({
  id: z.string(),
  /** Its #n in the season (1-based, the season's order). */
  number: z.number().int().positive(),
  headline: z.string(),
  type: myEntryChallengeTypeSchema,
  /** Entries can be made now (vote types: the submission window; estimate and goals: while it runs). */
  submissionOpen: z.boolean(),
  /** The challenge is over (vote types: voting has ended); its results may follow. */
  ended: z.boolean(),
  resultsPublished: z.boolean(),
  /** The day the results are expected (set by the operators), while they are not published; else null. */
  resultsDate: isoDay.nullable(),
});

export const myEntryResultSchema = z.strictObject({
  /** Null when the club is not in the published table (no points). */
  place: z.number().int().positive().nullable(),
  points: count,
  /** Estimate and goals ranked by closeness: the right answer, as the published table shows it; else null. */
  rightAnswer: z.number().int().nullable(),
});

export const myEntrySchema = z.strictObject({
  challenge: myEntryChallengeSchema,
  /** The entry (its page is /challenge/{challengeId}/{participationId} once published); null when rejected. */
  participationId: z.string().nullable(),
  state: myEntryStateSchema,
  /** Rejected: the operator's reason, if one was given. */
  rejectionReason: z.string().nullable(),
  /** Estimate and goals: the number sent. */
  estimate: z.number().int().nullable(),
  /** Text vote: the slogan sent. */
  slogan: z.string().nullable(),
  /** Picture vote: a small rendition of the picture (null when rejected: its files are removed). */
  picture: z.string().nullable(),
  /** Vote types, published: the votes that count. */
  votes: count.nullable(),
  /** Once the challenge's results are published. */
  result: myEntryResultSchema.nullable(),
  /** When it was sent (ISO 8601); for a rejected one, when it was rejected. */
  at: z.string(),
});
export type MyEntryDto = z.infer<typeof myEntrySchema>;

export const myEntriesSchema = z.strictObject({
  /** The season shown (null: none set up yet). */
  yearId: z.string().nullable(),
  entries: z.array(myEntrySchema),
});
export type MyEntriesDto = z.infer<typeof myEntriesSchema>;
