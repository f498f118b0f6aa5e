import { z } from 'zod';
import { clubSchema, imageSchema, linkSchema } from './entities.js';
import { parseEstimate } from '../entries.js';
import { count, wireId } from './common.js';
import { isPlainTextValue } from './moderation.js';

/**
 * The clubs' own entries (spec §7, decisions §4, issue 24): GET and PUT
 * /api/challenge/particpation/{challengeId}. The spec's answer stays as it was (an entry or `null`)
 * and gains fields: the entry's `state`, and with `?include=rejection` the last rejection instead
 * of `null`. The PUT takes an estimate as a number or as Germans write it ('4.500', '4 500').
 */

/** What a PUT says when the estimate or goals number is not one (400, `field: 'estimate'`). */
export const ESTIMATE_INPUT_MESSAGE = 'Erwartet wird eine ganze Zahl mit 1 bis 9 Ziffern, zum Beispiel 4500 oder 4.500.';

/** The estimate or goals number of a PUT: a whole number, or a text such as '4.500' or '4 500'; normalised to the number. */
export const estimateInputSchema = z
  .union([z.number(), z.string().max(40)], { error: ESTIMATE_INPUT_MESSAGE })
  .transform((value, ctx) => {
    const estimate = parseEstimate(value);
    if (estimate === undefined) {
      ctx.addIssue({ code: 'custom', message: ESTIMATE_INPUT_MESSAGE });
      return z.NEVER;
    }
    return estimate;
  })
  .describe('1 to 9 digits: a number, or a text with dots or spaces between groups of three ("4.500", "4 500")');

/** The codes of the entry calls' error answers (PUT and createpresignedpost; `EntryErrorCode` in `entries.ts`). */
export const entryErrorCodeSchema = z.enum([
  'ValidationError',
  'SubmissionClosed',
  'AlreadySubmitted',
  'UnsupportedImage',
  'TooLarge',
  'LimitExceeded',
  'Busy',
  'Unauthorized',
]);

export const ENTRY_ONE_FIELD_MESSAGE = 'Erwartet wird genau eines der Felder estimate, slogan oder picture.';

/**
 * PUT body: exactly one of `estimate`, `slogan` (checked by the server as before: 1–200 characters
 * after trimming, plain text, line breaks allowed) or `picture` (the upload's key).
 */
export const participationInputSchema = z
  .strictObject({
    estimate: estimateInputSchema.optional(),
    slogan: z.string().max(10_000).optional(),
    picture: wireId.optional(),
  })
  .refine((body) => Object.values(body).filter((value) => value !== undefined).length === 1, { message: ENTRY_ONE_FIELD_MESSAGE });
export type ParticipationInputBody = z.output<typeof participationInputSchema>;

export const participationParamsSchema = z.strictObject({ challengeId: wireId });

/** GET query: `include=rejection` answers the last rejection instead of `null` (other parameters are ignored). */
export const ownEntryQuerySchema = z.object({ include: z.enum(['rejection']).optional() });

export const ownEntryStateSchema = z.enum(['pending', 'published']);
export type OwnEntryState = z.infer<typeof ownEntryStateSchema>;

const participationTypeSchema = z.enum(['bfv-erd-text-participation', 'bfv-erd-picture-participation', 'bfv-erd-estimate-participation']);

export const removedVotesSummarySchema = z.strictObject({
  count,
  reasons: z.array(z.strictObject({ reason: z.string(), count })),
});

/** The club's own entry as GET and PUT answer it: the spec's participation (loose: its own fields) plus `state`. */
export const ownParticipationSchema = z.looseObject({
  _id: z.string(),
  sys: z.looseObject({ id: z.string(), objectTypeId: participationTypeSchema }),
  createdAt: z.string(),
  publishedAt: z.array(z.strictObject({ spaceId: z.string(), state: z.literal('published') })),
  fields: z.looseObject({
    challenge: z.looseObject({ id: z.string() }),
    club: z.union([clubSchema, linkSchema]),
    votes: count.optional(),
    slogan: z.string().optional(),
    image: imageSchema.optional(),
    estimate: count.optional(),
  }),
  state: ownEntryStateSchema,
  removedVotes: removedVotesSummarySchema.optional(),
});

/** With `?include=rejection`, while the club has no entry and an operator rejected (or withdrew) its last one. */
export const rejectedEntrySchema = z.strictObject({
  state: z.literal('rejected'),
  challengeId: z.string(),
  objectTypeId: z.enum(['bfv-erd-text-participation', 'bfv-erd-picture-participation']),
  /** The operator's reason from the moderation log; null when none was given. */
  reason: z.string().nullable(),
  rejectedAt: z.string(),
  /** It had been published and was taken back. */
  withdrawn: z.boolean(),
  /** A rejected slogan as it was sent (a picture's files are deleted with the entry). */
  slogan: z.string().optional(),
});
export type RejectedEntryDto = z.infer<typeof rejectedEntrySchema>;

/** GET answer: the own entry, the last rejection (only with `?include=rejection`), or null. */
export const ownEntryAnswerSchema = z.union([ownParticipationSchema, rejectedEntrySchema, z.null()]);

// ---------------------------------------------------------------------------------------------
// Pictures: POST …/{challengeId}/createpresignedpost, then the upload (spec §3, §5; decisions §4)

/** What createpresignedpost says of a refused body (400, with `field`). */
export const PRESIGNED_POST_MESSAGES = {
  fileName: 'Der Dateiname fehlt oder ist ungültig.',
  contentType: 'Es sind JPEG, PNG, GIF oder WEBP erlaubt.',
} as const;

/**
 * POST …/createpresignedpost body: the file's name (1–255 characters of plain text; trimmed) and
 * `contentType` from its extension ('' or absent when unknown: the content decides after the
 * upload; lowercased). A type that is no picture type is 415 UnsupportedImage.
 */
export const presignedPostInputSchema = z.object({
  name: z
    .string()
    .max(255)
    .refine((name) => name.trim() !== '' && isPlainTextValue(name))
    .transform((name) => name.trim()),
  contentType: z
    .string()
    .nullish()
    .transform((type) => (type ?? '').toLowerCase()),
});
export type PresignedPostInputValues = z.output<typeof presignedPostInputSchema>;

/** Spec §3 presigned upload: POST `data.fields` + the file as multipart to `data.url`, then PUT `{ picture: file }`. */
export const presignedPostSchema = z.strictObject({
  /** The key to PUT as `{ picture }` once uploaded. */
  file: z.string(),
  data: z.strictObject({ url: z.string(), fields: z.record(z.string(), z.string()) }),
});

/** 201 answer of the embedded default's upload (POST /api/uploads): the key and the processed picture. */
export const uploadedPictureSchema = z.strictObject({
  /** The key to PUT as `{ picture }`. */
  file: z.string(),
  image: imageSchema,
});
