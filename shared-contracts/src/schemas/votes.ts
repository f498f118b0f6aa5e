import { z } from 'zod';
import { SHARE_CHANNELS } from '../share.js';
import { IP_HASH_MAX_LENGTH, VOTE_ENTRY_SORTS, VOTE_RECORD_STATES, VOTE_REMOVAL_MAX_IDS } from '../votes-admin.js';
import { OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from '../operator-reason.js';
import { count, wireId } from './common.js';
import { imageSchema, teamSchema } from './entities.js';
import { moderationReasonSchema } from './moderation.js';

/**
 * Votes (spec §4 Voting, decisions §5; contracts `entries.ts`) and the back office's vote review
 * (issue 8; contracts `votes-admin.ts`): the bodies and answers of `GET /api/votes/challenge`,
 * `POST /api/votes` and `/api/operator/vote-review/…`.
 */

// ---------------------------------------------------------------------------------------------
// Voting (public)

/** POST /api/votes: anyone votes; an anonymous voter adds the ALTCHA solution (base64 JSON payload). */
export const voteInputSchema = z.object({
  challengeId: wireId,
  participationId: wireId,
  altcha: z.string().max(4096).optional(),
  /** The share channel this browser session came in through (`?via=`, issue 23): counted in the reach figures. */
  via: z.enum(SHARE_CHANNELS).optional(),
});

/** The server's count after the vote. */
export const voteResultSchema = z.strictObject({ votes: count });

/** What a refused vote answers (`code`); see `VoteErrorCode` in `entries.ts`. */
export const voteErrorCodeSchema = z.enum([
  'AlreadyVoted',
  'VotingClosed',
  'OwnEntry',
  'ProofRequired',
  'InvalidProof',
  'NotFound',
  'LimitExceeded',
]);
export type VoteErrorCodeDto = z.infer<typeof voteErrorCodeSchema>;

/**
 * GET /api/votes/challenge: altcha-lib v2's `Challenge` as its `createChallenge` makes it, every
 * field listed: the signature covers the parameters, so none may be dropped on the way.
 */
export const altchaChallengeSchema = z.strictObject({
  parameters: z.strictObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    /** Signed data of the challenge (here `purpose` and `expires`, seconds). */
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z.strictObject({ image: z.string(), audio: z.string().optional(), length: z.number().optional() }).optional(),
});

// ---------------------------------------------------------------------------------------------
// Vote review (back office)

/** The vote review's German messages for refused input (each answered with its `field`). */
export const VOTE_REVIEW_MESSAGES = {
  notFound: 'Diese Teilnahme gibt es nicht (oder sie ist nicht veröffentlicht).',
  from: 'Der Beginn der Seite muss eine ganze Zahl ab 0 sein.',
  size: (max: number) => `Die Seitengröße muss eine ganze Zahl von 1 bis ${max} sein.`,
  sort: 'Diese Sortierung gibt es nicht.',
  flagged: 'Der Filter „auffällig“ ist true oder false.',
  state: 'Der Filter ist all, counted oder removed.',
  ipHash: 'Diese Adresse (Hash) ist ungültig.',
  minute: 'Die Minute ist ungültig (ISO-Zeit in UTC mit Sekunden 0, z. B. 2026-07-01T18:05:00Z).',
  selection: 'Wähle genau eines: einzelne Stimmen, eine Adresse oder eine Minute.',
  ids: `Wähle 1 bis ${VOTE_REMOVAL_MAX_IDS} Stimmen aus.`,
  reason: `Gib einen Grund für das Entfernen an (${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen).`,
  challengeId: 'Diese Challenge-ID ist ungültig.',
} as const;
const M = VOTE_REVIEW_MESSAGES;

export const VOTE_ENTRY_PAGE_SIZE = 25;
export const VOTE_ENTRY_MAX_PAGE_SIZE = 100;
export const VOTE_RECORD_PAGE_SIZE = 50;
export const VOTE_RECORD_MAX_PAGE_SIZE = 200;

const REVIEW_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
const IP_HASH_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${IP_HASH_MAX_LENGTH}}$`);
const MINUTE_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:00(\.0{1,3})?)?Z$/;

/** A query's whole number (digits, at most 10) in min..max; absent or '' gives `fallback`. */
const queryInt = (fallback: number, min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** An address hash (as stored: the HMAC in base64url). */
const ipHashSchema = z.string().regex(IP_HASH_PATTERN, M.ipHash);

/** A minute (ISO in UTC, seconds 0) as the Date of its start. */
const minuteSchema = z.string().transform((value, ctx) => {
  const at = MINUTE_PATTERN.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime()) || at.getUTCSeconds() !== 0 || at.getUTCMilliseconds() !== 0) {
    ctx.addIssue({ code: 'custom', message: M.minute });
    return z.NEVER;
  }
  return at;
});

/** Absent or '' (a form's empty filter) is no filter. */
const optionalFilter = <T extends z.ZodType>(schema: T, message: string) =>
  z.union([z.literal('').transform(() => undefined), schema], { error: message }).optional();

/** `{participationId}` of the vote review's paths: a published entry's id (anything else is 404 NotFound). */
export const voteReviewParamsSchema = z.strictObject({ participationId: z.string().regex(REVIEW_ID_PATTERN, M.notFound) });

/** GET …/vote-review/entries (query values as strings; checked in this order). */
export const voteEntryQuerySchema = z.object({
  from: queryInt(0, 0, 10_000_000, M.from),
  size: queryInt(VOTE_ENTRY_PAGE_SIZE, 1, VOTE_ENTRY_MAX_PAGE_SIZE, M.size(VOTE_ENTRY_MAX_PAGE_SIZE)),
  sort: z.enum(VOTE_ENTRY_SORTS, { error: M.sort }).default('-votes'),
  flagged: z
    .enum(['true', 'false'], { error: M.flagged })
    .optional()
    .transform((value) => value === 'true'),
  challengeId: optionalFilter(z.string().regex(REVIEW_ID_PATTERN, M.challengeId), M.challengeId),
});
export type VoteEntryQueryValues = z.output<typeof voteEntryQuerySchema>;

/** GET …/entries/{participationId}/votes (query values as strings; checked in this order). */
export const voteRecordQuerySchema = z.object({
  from: queryInt(0, 0, 10_000_000, M.from),
  size: queryInt(VOTE_RECORD_PAGE_SIZE, 1, VOTE_RECORD_MAX_PAGE_SIZE, M.size(VOTE_RECORD_MAX_PAGE_SIZE)),
  state: z.enum(VOTE_RECORD_STATES, { error: M.state }).default('all'),
  ipHash: optionalFilter(ipHashSchema, M.ipHash),
  minute: optionalFilter(minuteSchema, M.minute),
});
export type VoteRecordQueryValues = z.output<typeof voteRecordQuerySchema>;

/** A removal's one selection: votes picked one by one (each once), all counted votes of an address, or of a minute (its start). */
export type VoteReviewSelection = { ids: number[] } | { ipHash: string } | { minute: Date };

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * POST …/entries/{participationId}/remove: exactly one selection (`ids` 1–1000 vote ids of this
 * entry, all counted votes of one `ipHash`, or of one `minute`) and a `reason`. Refused input is
 * answered with the first of: `selection`, the selection's field, `reason`.
 */
export const removeEntryVotesInputSchema = z
  .object(
    {
      ids: z
        .array(z.number({ error: M.ids }).int(M.ids).positive(M.ids).max(Number.MAX_SAFE_INTEGER, M.ids), { error: M.ids })
        .min(1, M.ids)
        .max(VOTE_REMOVAL_MAX_IDS, M.ids)
        .nullish(),
      ipHash: z.union([z.literal(''), ipHashSchema], { error: M.ipHash }).nullish(),
      minute: z.union([z.literal(''), minuteSchema], { error: M.minute }).nullish(),
      reason: moderationReasonSchema(M.reason),
    },
    { error: M.selection },
  )
  .refine((body) => [body.ids, body.ipHash, body.minute].filter(given).length === 1, {
    message: M.selection,
    path: ['selection'],
    // Whatever else is wrong: the selection is the first thing told.
    when: () => true,
  })
  .refine((body) => body.reason !== null, { message: M.reason, path: ['reason'] })
  .transform((body): { selection: VoteReviewSelection; reason: string } => ({
    selection: body.ids ? { ids: [...new Set(body.ids)] } : body.ipHash ? { ipHash: body.ipHash } : { minute: body.minute as Date },
    reason: body.reason as string,
  }));
export type RemoveEntryVotesInputValues = z.output<typeof removeEntryVotesInputSchema>;

const voteEntryClubSchema = z.strictObject({ id: z.string(), clubname: z.string(), clubnumber: z.string(), team: teamSchema });

export const voteEntrySchema = z.strictObject({
  participationId: z.string(),
  challengeId: z.string(),
  challengeHeadline: z.string(),
  objectTypeId: z.enum(['bfv-erd-text-participation', 'bfv-erd-picture-participation']),
  club: voteEntryClubSchema,
  slogan: z.string().nullable(),
  /** The picture (null for a slogan). */
  image: imageSchema.nullable(),
  /** The count the public sees (the entry's counter). */
  votes: count,
  /** Votes taken out of the count. */
  removed: count,
  /** The most counted votes from one address / in one minute. */
  maxPerAddress: count,
  maxPerMinute: count,
  /** A burst by either rule (`BURST_ADDRESS_MIN_VOTES`, `BURST_MINUTE_MIN_VOTES`). */
  flagged: z.boolean(),
});

/** A vote challenge to filter by (the current year's, in their order). */
export const voteChallengeOptionSchema = z.strictObject({ id: z.string(), headline: z.string() });

export const voteEntryPageSchema = z.strictObject({
  items: z.array(voteEntrySchema),
  /** Every vote challenge, for the filter. */
  challenges: z.array(voteChallengeOptionSchema),
  total: count,
  from: count,
  size: count,
});

/** The votes of one hour (`at`: its start, ISO). */
export const voteTimelineBucketSchema = z.strictObject({ at: z.string(), counted: count, removed: count });

export const voteAddressSchema = z.strictObject({
  ipHash: z.string(),
  counted: count,
  removed: count,
  first: z.string(),
  last: z.string(),
  flagged: z.boolean(),
});

export const voteMinuteSchema = z.strictObject({
  /** The minute's start (ISO, seconds 0). */
  minute: z.string(),
  counted: count,
  /** Distinct addresses among the minute's counted votes. */
  addresses: count,
});

/** One reason given for removed votes of the entry, with how many votes went with it (`at`: the last removal with it). */
export const voteRemovalSchema = z.strictObject({ reason: z.string(), count, at: z.string() });

export const voteEntryDetailSchema = z.strictObject({
  entry: voteEntrySchema,
  thresholds: z.strictObject({ addressMinVotes: count, minuteMinVotes: count }),
  /** Vote records of the entry (counted and removed). */
  total: count,
  /** Distinct addresses among them. */
  addresses: count,
  /** Per hour, oldest first (only hours with votes). */
  timeline: z.array(voteTimelineBucketSchema),
  /** The addresses with the most counted votes (at most 50), most first; flagged ones are among them. */
  topAddresses: z.array(voteAddressSchema),
  /** Minutes with a burst (at most 100), most votes first. */
  burstMinutes: z.array(voteMinuteSchema),
  removals: z.array(voteRemovalSchema),
});

/** One vote as the review shows it: no voter id, no account (the address only as its hash). */
export const voteRecordSchema = z.strictObject({
  id: z.number().int(),
  ipHash: z.string(),
  /** Browser family (`Chrome`, `Firefox`, …, `bot`, `other`) or null. */
  userAgent: z.string().nullable(),
  /** A member of a club voted (the account is not shown). */
  member: z.boolean(),
  createdAt: z.string(),
  removedAt: z.string().nullable(),
  removedBy: z.string().nullable(),
  removalReason: z.string().nullable(),
});

export const voteRecordPageSchema = z.strictObject({ items: z.array(voteRecordSchema), total: count, from: count, size: count });

export const removeEntryVotesResultSchema = z.strictObject({
  removed: count,
  /** The entry's count after the removal. */
  votes: count,
});
