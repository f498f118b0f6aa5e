import { berlinToday, type AltchaChallengeAnswerDto, type IsoDate, type VoteResultDto } from '@erd/shared-contracts/wire';
import { voteErrorCodeSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { CodedError } from '../../errors.js';
import type { AuthenticatedUser } from '../../http/auth.js';
import { appMac } from '../../lib/keys.js';
import { createGroupCommit, type GroupCommit } from '../../lib/group-commit.js';
import { announce, changeNotification, topics, type ChangeFeed } from '../cache/changes.js';
import { findClubOfAccount } from '../entries/service.js';
import { consumeRateLimit, RATE_LIMITS, rateLimitSlot } from '../rate-limit/service.js';
import { checkProof, createProofChallenge } from './altcha.js';
import * as repo from './repository.js';

/**
 * Votes (spec §4 Voting, decisions §5): anyone may vote, for published text and picture entries,
 * during the voting window (Europe/Berlin days). At most one counted vote per entry and voter,
 * where the voter is the signed cookie id and, for a signed-in member (a profile), also the account
 * (its club), so a member who clears the cookies still has one vote. A club cannot vote for its own
 * entry.
 * Anonymous voters add an ALTCHA proof of work, each usable once. Per-IP limits are generous
 * (a club house shares one address). Every vote is a record (entry, voter, account, hashed IP,
 * browser family, time); the entry's count goes up in the same transaction.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret' | 'log'> & { changes?: ChangeFeed | null };

const codes = voteErrorCodeSchema.enum;

const MESSAGES = {
  limit: 'Zu viele Stimmen von dieser Verbindung. Bitte versuche es später erneut.',
  notFound: 'Diese Teilnahme gibt es nicht (oder sie ist noch nicht freigeschaltet).',
  closed: 'Für diese Challenge kann gerade nicht abgestimmt werden.',
  own: 'Für die eigene Teilnahme kann dein Verein nicht abstimmen.',
  proofRequired: 'Bitte bestätige, dass du kein Bot bist.',
  proofInvalid: 'Die Bestätigung ist ungültig oder abgelaufen.',
  already: 'Du hast für diese Teilnahme schon abgestimmt.',
} as const;

export interface CastVoteInput {
  challengeId: string;
  participationId: string;
  altcha?: string;
  voterId: string;
  user: AuthenticatedUser | null;
  ip: string;
  userAgent: string | undefined;
}

/** The browser family of a user agent (kept instead of the whole string). */
export function userAgentFamily(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  if (/bot|crawler|spider|curl|wget|python|httpclient|headless|node-fetch|axios|go-http/i.test(ua)) return 'bot';
  if (/Edg\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser/.test(ua)) return 'Samsung';
  if (/Firefox\/|FxiOS/.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS/.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'other';
}

export function ipHash(secret: string, ip: string): string {
  return appMac(secret, 'ip-hash', ip).slice(0, 32);
}

const VOTE_CHALLENGE_TYPES: ReadonlySet<string> = new Set(['bfv-erd-picture-vote', 'bfv-erd-text-vote']);

/** A vote challenge in its voting window on `today` (as `isVoteChallenge` and `isVotingOpen` of the contracts decide it). */
export function votingOpen(entry: Pick<repo.VotableEntry, 'challengeType' | 'votingFrom' | 'votingTo'>, today: IsoDate): boolean {
  return VOTE_CHALLENGE_TYPES.has(entry.challengeType) && entry.votingFrom <= today && today <= entry.votingTo;
}

/** GET /api/votes/challenge: a fresh ALTCHA challenge (per-IP limited). */
export async function getProofChallenge({ ctx, input }: { ctx: Ctx; input: { ip: string } }): Promise<AltchaChallengeAnswerDto> {
  if (!(await consumeRateLimit({ ctx, input: { rule: RATE_LIMITS.voteChallenge, subject: input.ip } }))) {
    throw new CodedError(429, codes.LimitExceeded, MESSAGES.limit);
  }
  return createProofChallenge(ctx.secret, ctx.config.voteProofCost, ctx.now());
}

/**
 * The two statements of votes that arrive together go to the database together (lib/group-commit):
 * one admission statement for the requests that arrived while the previous one was under way, one
 * acceptance statement likewise, each with every vote's own outcome (repository: `admitVotes`,
 * `acceptVotes`). Per app (its context), so that the notification names this instance.
 */
interface VoteGroups {
  admit: GroupCommit<repo.VoteToAdmit, repo.Admitted>;
  accept: GroupCommit<repo.VoteToAccept, repo.AcceptOutcome>;
}

/** Votes per statement at most, and statements of each kind under way at once (of the pool's 10 connections). */
const MAX_BATCH = 128;
const CONCURRENCY = 1;

const groups = new WeakMap<Ctx, VoteGroups>();

export function voteGroups(ctx: Ctx): VoteGroups {
  let found = groups.get(ctx);
  if (!found) {
    found = {
      admit: createGroupCommit({ run: (items) => repo.admitVotes(ctx.db, items), maxBatch: MAX_BATCH, concurrency: CONCURRENCY }),
      accept: createGroupCommit({
        run: async (items) => {
          // The browse lists of the challenges voted in show the new counts: the other instances
          // learn it with the commit, this one before any vote of the batch is answered.
          const changed = [...new Set(items.map((i) => topics.entries(i.vote.challengeId)))];
          const notification = changeNotification(ctx, changed);
          try {
            return await repo.acceptVotes(ctx.db, items, notification);
          } finally {
            if (notification) notification.committed();
            else await announce(ctx, changed);
          }
        },
        maxBatch: MAX_BATCH,
        concurrency: CONCURRENCY,
        // Votes that could meet each other (one proof; one entry with one voter or account) go in different statements.
        conflicts: ({ vote, proof }) => [
          ...(proof ? [`proof:${proof.signature}`] : []),
          `voter:${vote.participationId}:${vote.voterId}`,
          ...(vote.accountKey ? [`account:${vote.participationId}:${vote.accountKey}`] : []),
        ],
      }),
    };
    groups.set(ctx, found);
  }
  return found;
}

/**
 * POST /api/votes: the checks in the order of their answers (limit, entry, window, own entry,
 * proof), in two statements: `admitVotes` counts the request under the per-IP limit and reads
 * the entry; then, after the proof's PBKDF2 (only for a request within the limit on a votable
 * entry), `acceptVotes` marks the proof used, records the vote and counts it, and notifies the
 * other instances, in one statement and one commit. Each statement is shared with the votes that
 * arrive at the same time (`voteGroups`).
 */
export async function castVote({ ctx, input }: { ctx: Ctx; input: CastVoteInput }): Promise<VoteResultDto> {
  const group = voteGroups(ctx);
  const slot = rateLimitSlot({ ctx, input: { rule: RATE_LIMITS.vote, subject: input.ip } });
  const { hits, entry } = await group.admit.add({ participationId: input.participationId, slot });
  if (slot && (hits ?? 0) > slot.limit) throw new CodedError(429, codes.LimitExceeded, MESSAGES.limit);
  if (!entry || entry.challengeId !== input.challengeId) throw new CodedError(404, codes.NotFound, MESSAGES.notFound);
  if (!votingOpen(entry, berlinToday(ctx.now()))) throw new CodedError(403, codes.VotingClosed, MESSAGES.closed);

  let accountKey: string | null = null;
  let proof: { signature: string; expiresAt: Date } | null = null;
  // A member's vote needs a profile that exists now: a valid token alone is not enough (any user of
  // a Cognito pool has one, also one the product never registered, and a deleted account's stays
  // valid until it expires). Without a profile the vote is an anonymous one, with a proof of work.
  const club = input.user ? await findClubOfAccount(ctx.db, input.user.sub) : undefined;
  const member = club && input.user ? input.user.sub : null;
  if (club) {
    if (club.id === entry.clubId) throw new CodedError(403, codes.OwnEntry, MESSAGES.own);
    accountKey = `club:${club.id}`;
  } else {
    if (!input.altcha) throw new CodedError(400, codes.ProofRequired, MESSAGES.proofRequired);
    const checked = await checkProof(ctx.secret, input.altcha, ctx.now());
    if (!checked.ok) throw new CodedError(400, codes.InvalidProof, MESSAGES.proofInvalid, { reason: checked.reason });
    proof = { signature: checked.signature, expiresAt: checked.expiresAt };
  }

  // Committed and counted, and this instance's copies of the browse list dropped, once it answers.
  const outcome = await group.accept.add({
    vote: {
      participationId: input.participationId,
      challengeId: entry.challengeId,
      voterId: input.voterId,
      accountKey,
      accountSub: member,
      ipHash: ipHash(ctx.secret, input.ip),
      userAgent: userAgentFamily(input.userAgent),
      createdAt: ctx.now(),
    },
    proof,
  });
  if (outcome.kind === 'proof-used') throw new CodedError(400, codes.InvalidProof, MESSAGES.proofInvalid, { reason: 'used' });
  if (outcome.kind === 'already-voted') {
    throw new CodedError(409, codes.AlreadyVoted, MESSAGES.already, { votes: await repo.voteCount(ctx.db, input.participationId) });
  }
  return { votes: outcome.votes };
}

/** Clean-up (a scheduled job): used proofs past their expiry can no longer be replayed anyway. */
export async function removeUsedProofs({ ctx }: { ctx: Pick<AppContext, 'db' | 'now'> }): Promise<void> {
  await repo.deleteExpiredProofs(ctx.db, ctx.now());
}
