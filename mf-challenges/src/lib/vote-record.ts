import { storageKeys, type VoteRecord } from '@erd/shared-contracts';

/**
 * Spec §3/§5 local vote record: `bfv-vote-<participationId>` in localStorage. While it exists this
 * browser gets no vote button for the entry. Storage may be unavailable (private mode, blocked
 * cookies): then nothing is remembered and the server's one-vote rule still holds.
 *
 * The key is built here from `storageKeys.votePrefix` (the same as the contract's `voteRecordKey`):
 * the contracts are a singleton provided by the host, and a remote released on its own should not
 * need a newer host for a one-line helper.
 */
const voteRecordKey = (participationId: string) => `${storageKeys.votePrefix}${participationId}`;

export function hasVoteRecord(participationId: string): boolean {
  try {
    return localStorage.getItem(voteRecordKey(participationId)) !== null;
  } catch {
    return false;
  }
}

export function rememberVote(participationId: string, now: Date = new Date()): void {
  const record: VoteRecord = { votedAt: now.toISOString() };
  try {
    localStorage.setItem(voteRecordKey(participationId), JSON.stringify(record));
  } catch {
    // Nothing to remember it in; the server still counts one vote per voter.
  }
}
