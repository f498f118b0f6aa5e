import { useCallback, useState } from 'react';
import { isApiError, type VoteErrorCode } from '@erd/shared-contracts';
import { latestVoteCount, rememberVoteCount } from '../../lib/vote-counts';
import { hasVoteRecord, rememberVote } from '../../lib/vote-record';

export type VoteStatus = 'idle' | 'voting' | 'thanks' | 'failed';

export interface VoteState {
  /** The count to show: the content API's, or the newer one a vote of this page load answered. */
  votes: number;
  /** This browser voted for the entry (local record `bfv-vote-<id>`, spec §3/§5). */
  voted: boolean;
  status: VoteStatus;
  vote: () => Promise<void>;
}

/**
 * One entry's vote, the same everywhere it is offered (a gallery tile, the entry page): spec §4 only
 * without a local vote record (another tab may have voted meanwhile); members send their token,
 * anonymous visitors solve the ALTCHA proof first (cast-vote.ts; its code, altcha-lib and the worker
 * load with the first vote, not with the page). A vote keeps the server's count for the lists
 * (lib/vote-counts) and the local record; 'AlreadyVoted' records the vote without a message.
 */
export function useVote({
  challengeId,
  participationId,
  votes: fromContent,
  member,
}: {
  challengeId: string;
  participationId: string;
  votes: number | undefined;
  member: boolean;
}): VoteState {
  const [votes, setVotes] = useState(() => latestVoteCount(participationId, fromContent));
  const [voted, setVoted] = useState(() => hasVoteRecord(participationId));
  const [status, setStatus] = useState<VoteStatus>('idle');

  const vote = useCallback(async () => {
    if (hasVoteRecord(participationId)) {
      setVoted(true);
      return;
    }
    setStatus('voting');
    try {
      const { castVote } = await import('./cast-vote');
      const result = await castVote({ challengeId, participationId }, { member });
      rememberVote(participationId);
      rememberVoteCount(participationId, result.votes);
      setVotes(result.votes);
      setVoted(true);
      setStatus('thanks');
    } catch (error) {
      if (isApiError(error) && error.code === ('AlreadyVoted' satisfies VoteErrorCode)) {
        rememberVote(participationId);
        setVoted(true);
        setStatus('idle');
      } else {
        setStatus('failed');
      }
    }
  }, [challengeId, participationId, member]);

  return { votes, voted, status, vote };
}
