/**
 * Vote review in the back office (issue 8): per entry the votes over time and by hashed network address, bursts flagged, removal with a reason; what the club sees of removed votes.
 *
 * Both roles review and remove votes (moderators moderate votes). A removed vote stays as a record
 * (it keeps blocking its voter) but no longer counts; the entry's count drops in the same
 * transaction and the audit log gets a `remove-votes` row with the reason.
 */
import type { z } from 'zod';
import type { VoteEntryQueryValues, VoteRecordQueryValues } from './schemas/votes.js';
import type {
  removeEntryVotesInputSchema,
  removeEntryVotesResultSchema,
  voteAddressSchema,
  voteChallengeOptionSchema,
  voteEntryDetailSchema,
  voteEntryPageSchema,
  voteEntrySchema,
  voteMinuteSchema,
  voteRecordPageSchema,
  voteRecordSchema,
  voteRemovalSchema,
  voteTimelineBucketSchema,
} from './schemas/votes.js';

/** The back office's screens of the vote review. */
export const votesAdminScreens = {
  list: '/backoffice/stimmen',
  entry: (participationId: string) => `/backoffice/stimmen/${encodeURIComponent(participationId)}`,
} as const;

export const votesAdminPaths = {
  /** GET: the entries of the vote challenges with their counted and removed votes, bursts flagged (`VoteEntryQuery`). */
  entries: '/api/operator/vote-review/entries',
  /** GET: one entry: its timeline, addresses and bursts (`VoteEntryDetailDto`). */
  entry: (participationId: string) => `/api/operator/vote-review/entries/${encodeURIComponent(participationId)}`,
  /** GET: the entry's vote records, filtered and paged (`VoteRecordQuery`). */
  votes: (participationId: string) => `/api/operator/vote-review/entries/${encodeURIComponent(participationId)}/votes`,
  /** POST `RemoveEntryVotesInput`: takes the selected votes of this entry out of the count. */
  remove: (participationId: string) => `/api/operator/vote-review/entries/${encodeURIComponent(participationId)}/remove`,
} as const;

/** A burst by address: at least this many counted votes for one entry from one hashed network address. */
export const BURST_ADDRESS_MIN_VOTES = 10;
/** A burst in time: at least this many counted votes for one entry within one minute. */
export const BURST_MINUTE_MIN_VOTES = 5;
/** A reason for removing votes: 3 to 500 characters. */
export const VOTE_REMOVAL_REASON_MIN = 3;
export const VOTE_REMOVAL_REASON_MAX = 500;
/** At most this many votes picked one by one go in one removal (an address or a minute has no limit). */
export const VOTE_REMOVAL_MAX_IDS = 1000;
/** An address hash as the server stores it (an HMAC, 32 base64url characters); longer ones are refused. */
export const IP_HASH_MAX_LENGTH = 64;

export const VOTE_ENTRY_SORTS = ['-votes', 'votes', '-removed', '-burst', 'club'] as const;
export type VoteEntrySortDto = (typeof VOTE_ENTRY_SORTS)[number];

/** GET entries (the values `voteEntryQuerySchema` checks): `challengeId` one challenge (default all vote challenges); `flagged` only entries with a burst; `from` from 0, `size` 1–100 (default 25); `sort` default `-votes`. */
export type VoteEntryQuery = Partial<VoteEntryQueryValues>;

export type VoteEntryDto = z.infer<typeof voteEntrySchema>;

/** A vote challenge to filter by (the current year's, in their order). */
export type VoteChallengeOptionDto = z.infer<typeof voteChallengeOptionSchema>;

export type VoteEntryPageDto = z.infer<typeof voteEntryPageSchema>;

/** The votes of one hour (`at`: its start, ISO). */
export type VoteTimelineBucketDto = z.infer<typeof voteTimelineBucketSchema>;

export type VoteAddressDto = z.infer<typeof voteAddressSchema>;

export type VoteMinuteDto = z.infer<typeof voteMinuteSchema>;

/** One reason given for removed votes of the entry, with how many votes went with it. */
export type VoteRemovalDto = z.infer<typeof voteRemovalSchema>;

export type VoteEntryDetailDto = z.infer<typeof voteEntryDetailSchema>;

export const VOTE_RECORD_STATES = ['all', 'counted', 'removed'] as const;
export type VoteRecordStateDto = (typeof VOTE_RECORD_STATES)[number];

/** GET votes (the values `voteRecordQuerySchema` checks; `minute` as the wire carries it): `ipHash` one address; `minute` one minute (ISO, seconds 0); `state` default `all`; newest first; `from` from 0, `size` 1–200 (default 50). */
export type VoteRecordQuery = Partial<Omit<VoteRecordQueryValues, 'minute'>> & { minute?: string };

/** One vote as the review shows it: no voter id, no account (the address only as its hash). */
export type VoteRecordDto = z.infer<typeof voteRecordSchema>;

export type VoteRecordPageDto = z.infer<typeof voteRecordPageSchema>;

/**
 * POST remove: exactly one selection: `ids` (votes of this entry, 1–1000), or all counted votes of
 * one `ipHash`, or of one `minute`; and a `reason` (3–500 characters). Votes already removed are
 * left as they are.
 */
export type RemoveEntryVotesInput = z.input<typeof removeEntryVotesInputSchema>;

export type RemoveEntryVotesResultDto = z.infer<typeof removeEntryVotesResultSchema>;
