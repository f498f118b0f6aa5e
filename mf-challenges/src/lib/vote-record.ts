import { voteRecordKey, type VoteRecord } from '@erd/shared-contracts';

/**
 * Spec §3/§5 local vote record: `bfv-vote-<participationId>` in localStorage. While it exists this
 * browser gets no vote button for the entry. Storage may be unavailable (private mode, blocked
 * cookies): then nothing is remembered and the server's one-vote rule still holds.
 */
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
