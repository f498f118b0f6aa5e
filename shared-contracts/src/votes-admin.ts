/**
 * Vote review in the back office (issue 8): per entry the votes over time and by hashed network address, bursts flagged, removal with a reason; what the club sees of removed votes.
 *
 * Both roles review and remove votes (moderators moderate votes). A removed vote stays as a record
 * (it keeps blocking its voter) but no longer counts; the entry's count drops in the same
 * transaction and the audit log gets a `remove-votes` row with the reason.
 */
import type { ImageDto } from './entities.js';

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

/** GET entries: `challengeId` one challenge (default all vote challenges); `flagged` only entries with a burst; `from` from 0, `size` 1–100 (default 25); `sort` default `-votes`. */
export interface VoteEntryQuery {
  challengeId?: string;
  flagged?: boolean;
  sort?: VoteEntrySortDto;
  from?: number;
  size?: number;
}

export interface VoteEntryDto {
  participationId: string;
  challengeId: string;
  challengeHeadline: string;
  objectTypeId: 'bfv-erd-text-participation' | 'bfv-erd-picture-participation';
  club: { id: string; clubname: string; clubnumber: string; team: 'm' | 'w' };
  slogan: string | null;
  /** The picture (null for a slogan). */
  image: ImageDto | null;
  /** The count the public sees (the entry's counter). */
  votes: number;
  /** Votes taken out of the count. */
  removed: number;
  /** The most counted votes from one address / in one minute. */
  maxPerAddress: number;
  maxPerMinute: number;
  /** A burst by either rule (`BURST_ADDRESS_MIN_VOTES`, `BURST_MINUTE_MIN_VOTES`). */
  flagged: boolean;
}

/** A vote challenge to filter by (the current year's, in their order). */
export interface VoteChallengeOptionDto {
  id: string;
  headline: string;
}

export interface VoteEntryPageDto {
  items: VoteEntryDto[];
  /** Every vote challenge, for the filter. */
  challenges: VoteChallengeOptionDto[];
  total: number;
  from: number;
  size: number;
}

/** The votes of one hour (`at`: its start, ISO). */
export interface VoteTimelineBucketDto {
  at: string;
  counted: number;
  removed: number;
}

export interface VoteAddressDto {
  ipHash: string;
  counted: number;
  removed: number;
  first: string;
  last: string;
  flagged: boolean;
}

export interface VoteMinuteDto {
  /** The minute's start (ISO, seconds 0). */
  minute: string;
  counted: number;
  /** Distinct addresses among the minute's counted votes. */
  addresses: number;
}

/** One reason given for removed votes of the entry, with how many votes went with it. */
export interface VoteRemovalDto {
  reason: string;
  count: number;
  /** The last removal with this reason (ISO). */
  at: string;
}

export interface VoteEntryDetailDto {
  entry: VoteEntryDto;
  thresholds: { addressMinVotes: number; minuteMinVotes: number };
  /** Vote records of the entry (counted and removed). */
  total: number;
  /** Distinct addresses among them. */
  addresses: number;
  /** Per hour, oldest first (only hours with votes). */
  timeline: VoteTimelineBucketDto[];
  /** The addresses with the most counted votes (at most 50), most first; flagged ones are among them. */
  topAddresses: VoteAddressDto[];
  /** Minutes with a burst (at most 100), most votes first. */
  burstMinutes: VoteMinuteDto[];
  removals: VoteRemovalDto[];
}

export const VOTE_RECORD_STATES = ['all', 'counted', 'removed'] as const;
export type VoteRecordStateDto = (typeof VOTE_RECORD_STATES)[number];

/** GET votes: `ipHash` one address; `minute` one minute (ISO, seconds 0); `state` default `all`; newest first; `from` from 0, `size` 1–200 (default 50). */
export interface VoteRecordQuery {
  ipHash?: string;
  minute?: string;
  state?: VoteRecordStateDto;
  from?: number;
  size?: number;
}

/** One vote as the review shows it: no voter id, no account (the address only as its hash). */
export interface VoteRecordDto {
  id: number;
  ipHash: string;
  /** Browser family (`Chrome`, `Firefox`, …, `bot`, `other`) or null. */
  userAgent: string | null;
  /** A member of a club voted (the account is not shown). */
  member: boolean;
  createdAt: string;
  removedAt: string | null;
  removedBy: string | null;
  removalReason: string | null;
}

export interface VoteRecordPageDto {
  items: VoteRecordDto[];
  total: number;
  from: number;
  size: number;
}

/**
 * POST remove: exactly one selection: `ids` (votes of this entry, 1–1000), or all counted votes of
 * one `ipHash`, or of one `minute`; and a `reason` (3–500 characters). Votes already removed are
 * left as they are.
 */
export interface RemoveEntryVotesInput {
  ids?: number[];
  ipHash?: string;
  minute?: string;
  reason: string;
}

export interface RemoveEntryVotesResultDto {
  removed: number;
  /** The entry's count after the removal. */
  votes: number;
}
