/**
 * Entries and votes (spec §4 Entries/Voting, §5 estimate/slogan/picture, §7 same-origin calls, §8;
 * decisions §4–5): what mf-challenges and the server agree on. The spelling `particpation` in the
 * paths is the product's own.
 */
import type { ParticipationDto } from './entities.js';
import { parseGermanWholeNumber } from './numbers.js';
import { storageKeys } from './storage-keys.js';
import { ESTIMATE_PATTERN } from './validation.js';
import type { z } from 'zod';
import type {
  OwnEntryState,
  RejectedEntryDto,
  entryErrorCodeSchema,
  presignedPostInputSchema,
  presignedPostSchema,
  removedVotesSummarySchema,
  uploadedPictureSchema,
} from './schemas/entries.js';
import type {
  moderationErrorCodeSchema,
  moderationStateSchema,
  operatorParticipationPageSchema,
  operatorParticipationQuerySchema,
  operatorParticipationSchema,
  operatorVotePageSchema,
  operatorVoteSchema,
  rejectedParticipationSchema,
  rejectParticipationInputSchema,
  removeVotesInputSchema,
  removeVotesResultSchema,
} from './schemas/moderation.js';
import type { altchaChallengeSchema, voteErrorCodeSchema, voteInputSchema, voteResultSchema } from './schemas/votes.js';

export type { OwnEntryState, RejectedEntryDto };

export const entryPaths = {
  participation: (challengeId: string) => `/api/challenge/particpation/${encodeURIComponent(challengeId)}`,
  /** The same GET, answering the last rejection instead of `null` while the club has no entry (issue 24). */
  participationWithRejection: (challengeId: string) => `/api/challenge/particpation/${encodeURIComponent(challengeId)}?include=rejection`,
  presignedPost: (challengeId: string) => `/api/challenge/particpation/${encodeURIComponent(challengeId)}/createpresignedpost`,
  votes: '/api/votes',
  voteChallenge: '/api/votes/challenge',
} as const;

/**
 * GET /api/challenge/particpation/{challengeId} (logged in): the club's own entry for the challenge,
 * published or not, or `null` when there is none. Own estimates are included (`fields.estimate`).
 * `state` (issue 24): `pending` until an operator publishes it, then `published` (estimates are
 * stored as `published`, never public); absent from servers before it.
 */
export type MyParticipationDto = (ParticipationDto & { state?: OwnEntryState; removedVotes?: RemovedVotesSummaryDto }) | null;

/**
 * GET /api/challenge/particpation/{challengeId}?include=rejection (issue 24): while the club has no
 * entry and its last one was rejected or withdrawn by an operator (decisions §4: it is deleted and
 * the club may submit again), that rejection (`RejectedEntryDto`, schemas/entries.ts) instead of
 * `null`. Without the parameter the answer stays the spec's.
 */
export type OwnEntryAnswerDto = MyParticipationDto | RejectedEntryDto;

export function isRejectedEntry(answer: OwnEntryAnswerDto | undefined): answer is RejectedEntryDto {
  return !!answer && (answer as { state?: unknown }).state === 'rejected';
}

/**
 * Decisions §4 / issue 24: an estimate or goals count as the page and the server take it: a whole
 * number of 1 to 9 digits, as a number or as Germans write it ('4500', '4.500', '4 500'). Anything
 * else (a decimal, a sign, letters, 10 digits, '') → undefined.
 */
export function parseEstimate(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && ESTIMATE_PATTERN.test(String(value)) ? value : undefined;
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const number = parseGermanWholeNumber(value);
  if (number === undefined) return undefined;
  // The digits as typed: '0.000.000.001' has ten of them.
  return ESTIMATE_PATTERN.test(value.replace(/\D/g, '')) ? number : undefined;
}

/**
 * Votes an operator took out of the count of the club's own entry (the back office's vote review):
 * how many and why, newest reason first, never who voted. Absent when none were removed.
 */
export type RemovedVotesSummaryDto = z.infer<typeof removedVotesSummarySchema>;

/** PUT /api/challenge/particpation/{challengeId}: exactly one of these, by challenge type. */
export type ParticipationInput =
  /** A number, or (issue 24) a text as `parseEstimate` reads it: '4.500' is saved as 4500. */
  | { estimate: number | string }
  | { slogan: string }
  /** `picture`: the `file` key answered by createpresignedpost, after the upload succeeded. */
  | { picture: string };

/**
 * 200 answer of PUT /api/challenge/particpation/{challengeId}: the club's entry as GET would answer
 * it now (an estimate is saved at once; a slogan or picture starts unpublished, `publishedAt: []`).
 */
export type SavedParticipationDto = ParticipationDto;

/** POST …/createpresignedpost body. `contentType` is derived from the file extension ('' if unknown); schemas/entries.ts. */
export type PresignedPostInput = z.input<typeof presignedPostInputSchema>;

/** Spec §3 presigned upload: POST `data.fields` + the file as multipart to `data.url`, then PUT `{ picture: file }`. */
export type PresignedPostDto = z.infer<typeof presignedPostSchema>;

/**
 * POST /api/votes (no auth header needed; schemas/votes.ts). Anonymous voters add an ALTCHA
 * solution (base64 JSON payload); `via`: the share channel of the link this browser session came
 * in through (`?via=`, kept in `sessionStorage`, issue 23), counted in the reach figures.
 */
export type VoteInput = z.input<typeof voteInputSchema>;

/** The server's count after the vote. */
export type VoteResultDto = z.infer<typeof voteResultSchema>;

/**
 * Vote error codes: 409 `AlreadyVoted` (this voter already voted for the entry), 403 `VotingClosed`
 * (outside the voting window), 403 `OwnEntry` (a club voting for itself), 400 `ProofRequired` /
 * `InvalidProof` (anonymous vote without a valid ALTCHA solution), 404 `NotFound` (no such published
 * entry), 429 `LimitExceeded` (per-IP limit).
 */
export type VoteErrorCode = z.infer<typeof voteErrorCodeSchema>;

/**
 * GET /api/votes/challenge: a self-hosted ALTCHA proof-of-work challenge exactly as `altcha-lib`'s
 * `createChallenge` makes it; the browser solves it with `altcha-lib`'s solver and sends the
 * solution payload (as `altcha-lib` expects to verify it, base64-encoded JSON) in `VoteInput.altcha`.
 */
export type AltchaChallengeDto = Record<string, unknown>;

/** The challenge as the server answers it (`altchaChallengeSchema`); `AltchaChallengeDto` stays open for the browser's solver, which refuses what it cannot solve. */
export type AltchaChallengeAnswerDto = z.infer<typeof altchaChallengeSchema>;

/**
 * What `VoteInput.altcha` carries: `btoa(JSON.stringify(payload))`, altcha-lib v2's client payload
 * (the shape its `verifySolution` takes, and its framework `verify` helpers parse from a string):
 * the challenge's `parameters` and `signature` exactly as GET /api/votes/challenge answered them,
 * and the `Solution` altcha-lib's `solveChallenge` found (counter mode `uint32`, the default).
 */
export interface AltchaPayloadDto {
  challenge: { parameters: Record<string, unknown>; signature?: string };
  solution: { counter: number; derivedKey: string; time?: number };
}

/**
 * The key derivations the browser can solve (WebCrypto builds of altcha-lib's algorithms); the
 * server's challenge uses one of these.
 */
export const ALTCHA_BROWSER_ALGORITHMS = ['SHA-256', 'SHA-384', 'SHA-512', 'PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'] as const;

/**
 * Spec §3/§9 local vote record: this browser voted for the entry. Stored in localStorage under
 * `voteRecordKey(participationId)` as JSON; the client offers no vote button while it exists.
 */
export interface VoteRecord {
  /** ISO time of the vote. */
  votedAt: string;
}

export const voteRecordKey = (participationId: string): string => `${storageKeys.votePrefix}${participationId}`;

/** Entry errors (PUT / createpresignedpost): 400 `ValidationError`, 403 `SubmissionClosed`, 409 `AlreadySubmitted`, 413 `TooLarge`, 415 `UnsupportedImage`, 429 `LimitExceeded`, 503 `Busy` (`entryErrorCodeSchema`). */
export type EntryErrorCode = z.infer<typeof entryErrorCodeSchema>;

/** Decisions §4: uploads up to 10 MB of JPEG, PNG, GIF or WEBP. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Spec §5: the upload content type comes from the file extension; unknown gives ''. */
export function contentTypeForFileName(name: string): string {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return name.includes('.') ? (PICTURE_CONTENT_TYPES[ext] ?? '') : '';
}

/** Spec §4: an entry is published once a publish entry exists for this space. */
export function isPublished(participation: Pick<ParticipationDto, 'publishedAt'> | null | undefined, spaceId: string): boolean {
  return !!participation?.publishedAt?.some((p) => p.spaceId === spaceId && p.state === 'published');
}

/**
 * The embedded default's upload target (the `data.url` of a presigned post when no S3 storage is
 * configured): a multipart POST of the signed `data.fields` and then `file`. Its 201 answer.
 */
export const uploadPaths = {
  upload: '/api/uploads',
  /** Processed pictures (original re-encoded and WEBP renditions) in the embedded default. */
  media: '/media/uploads',
} as const;

/** `file`: the key to PUT as `{ picture }`; `image`: the processed picture. */
export type UploadedPictureDto = z.infer<typeof uploadedPictureSchema>;

/** Decisions §4: WEBP renditions of every picture at these widths (the 1024 one carries `w1024`). */
export const PICTURE_RENDITION_WIDTHS = [320, 640, 1024] as const;

/*
 * Moderation (decisions §4–5, §7): the operator API under /api/operator. Operators are accounts of
 * their own (not club accounts); a login sets an http-only session cookie.
 */
export const operatorPaths = {
  login: '/api/operator/login',
  logout: '/api/operator/logout',
  me: '/api/operator/me',
  participations: '/api/operator/participations',
  publish: (participationId: string) => `/api/operator/participations/${encodeURIComponent(participationId)}/publish`,
  reject: (participationId: string) => `/api/operator/participations/${encodeURIComponent(participationId)}/reject`,
  votes: '/api/operator/votes',
  removeVotes: '/api/operator/votes/remove',
} as const;

/**
 * `OperatorLoginInput` (POST login: `email`, `password`) and `OperatorDto`, the signed-in operator:
 * the answer of login and `GET /api/operator/me` (`idleTimeoutSeconds`: a session unused this long
 * ends, the absolute limit is 12 hours; `mustChangePassword`: the password is a start password an
 * admin set, and until the operator changes it every other operator call answers 403
 * `PasswordChangeRequired`; absent from servers before this rule). The schemas' types
 * (`schemas/operators.ts`).
 */
export type { OperatorDto, OperatorLoginInput } from './schemas/operators.js';

export type ModerationState = z.infer<typeof moderationStateSchema>;

/** GET /api/operator/participations?state=&challengeId=&from=&size= (the values `operatorParticipationQuerySchema` checks) */
export type OperatorParticipationQuery = z.output<typeof operatorParticipationQuerySchema>;

/** An entry as operators review it: content, club and state (estimates are not moderated); schemas/moderation.ts. */
export type OperatorParticipationDto = z.infer<typeof operatorParticipationSchema>;

export type OperatorParticipationPageDto = z.infer<typeof operatorParticipationPageSchema>;

/** POST …/reject body (optional reason, logged; optionally the Werberat checklist as ticked). */
export type RejectParticipationInput = NonNullable<z.input<typeof rejectParticipationInputSchema>>;

export type RejectedParticipationDto = z.infer<typeof rejectedParticipationSchema>;

/** One vote record (GET /api/operator/votes?participationId=). */
export type OperatorVoteDto = z.infer<typeof operatorVoteSchema>;

/** `counted`: votes that count (not removed). */
export type OperatorVotePageDto = z.infer<typeof operatorVotePageSchema>;

/** POST /api/operator/votes/remove: the votes go out of the count; logged with the operator and reason. */
export type RemoveVotesInput = z.input<typeof removeVotesInputSchema>;

export type RemoveVotesResultDto = z.infer<typeof removeVotesResultSchema>;

/** Moderation error codes: 401 `Unauthorized` (no operator session), 401 `InvalidCredentials`, 404 `NotFound`, 409 `NotPending`. */
export type ModerationErrorCode = z.infer<typeof moderationErrorCodeSchema>;
