import { css, type Theme } from '@emotion/react';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { formatDayMonthShort, isApiError, type IsoDate, type VoteChallengeDto } from '@erd/shared-contracts';
import { Button, Icon } from '@erd/shared-contracts/ui';
import { VoteCount, votesLabel } from '../../../components/vote-count';
import { latestVoteCount, rememberVoteCount } from '../../../lib/vote-counts';
import { hasVoteRecord, rememberVote } from '../../../lib/vote-record';
import { castVote } from '../api/cast-vote';

export const VOTE_FAILED = 'Deine Stimme konnte nicht gezählt werden. Bitte versuche es später erneut.';

const Note = ({ children }: { children: string }) => (
  <span
    css={(theme: Theme) => css`
      font-family: ${theme.fonts.headline};
      font-weight: 800;
      text-transform: uppercase;
      letter-spacing: 0.02em;
      color: ${theme.colors.primaryDark};
    `}
  >
    {children}
  </span>
);

/**
 * Spec §2/§4 vote area of an entry: before the voting window 'ab {d.M.} abstimmen'; during it a vote
 * button with the count, or the plain count once this browser voted (local record `bfv-vote-<id>`)
 * or for the club's own entry; afterwards 'Abstimmung Beendet'. A vote shows the server's count.
 */
export function VoteArea({
  challenge,
  participationId,
  votes: initialVotes,
  today,
  member,
  ownEntry,
}: {
  challenge: VoteChallengeDto;
  participationId: string;
  votes: number | undefined;
  today: IsoDate;
  member: boolean;
  ownEntry: boolean;
}) {
  const [votes, setVotes] = useState(() => latestVoteCount(participationId, initialVotes));
  const [voted, setVoted] = useState(() => hasVoteRecord(participationId));
  const [status, setStatus] = useState<'idle' | 'voting' | 'thanks' | 'failed'>('idle');
  // The button goes once the vote is in: the focus moves to the count instead of the page's start.
  const [focusResult, setFocusResult] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const { startDateVoting, endDateVoting } = challenge.fields;

  useEffect(() => {
    if (focusResult && voted) resultRef.current?.focus();
  }, [focusResult, voted]);

  if (today < startDateVoting) return <Note>{`ab ${formatDayMonthShort(startDateVoting)} abstimmen`}</Note>;
  if (today > endDateVoting) {
    return (
      <Row>
        <Note>Abstimmung Beendet</Note>
        <VoteCount votes={votes} />
      </Row>
    );
  }

  const vote = async () => {
    // Spec §4: only without a local vote record (another tab may have voted meanwhile).
    setFocusResult(true);
    if (hasVoteRecord(participationId)) {
      setVoted(true);
      return;
    }
    setStatus('voting');
    try {
      const result = await castVote({ challengeId: challenge.sys.id, participationId }, { member });
      rememberVote(participationId);
      rememberVoteCount(participationId, result.votes);
      setVotes(result.votes);
      setVoted(true);
      setStatus('thanks');
    } catch (error) {
      if (isApiError(error) && error.code === 'AlreadyVoted') {
        rememberVote(participationId);
        setVoted(true);
        setStatus('idle');
      } else {
        setStatus('failed');
      }
    }
  };

  if (voted || ownEntry) {
    return (
      <Row ref={resultRef} tabIndex={-1}>
        <VoteCount votes={votes} />
        <span role="status" css={srOrSmall}>
          {status === 'thanks' ? 'Danke für deine Stimme!' : ''}
        </span>
      </Row>
    );
  }

  const busy = status === 'voting';
  return (
    <Row>
      <Button
        variant="primary"
        onClick={() => void vote()}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={`Abstimmen, ${votesLabel(votes)}`}
        css={css`
          font-variant-numeric: tabular-nums;
        `}
      >
        <Icon name="thumbs-up" size="sm" color="primary-dark" />
        {votes}
      </Button>
      <span role="status" css={srOrSmall}>
        {busy ? 'Stimme wird gezählt …' : ''}
      </span>
      {status === 'failed' && (
        <p
          role="alert"
          css={(theme: Theme) => css`
            flex-basis: 100%;
            margin: 0;
            font-size: 0.875rem;
            font-weight: 700;
            color: ${theme.colors.error};
          `}
        >
          {VOTE_FAILED}
        </p>
      )}
    </Row>
  );
}

const srOrSmall = (theme: Theme) => css`
  font-size: 0.875rem;
  font-weight: 700;
  color: ${theme.colors.success};
  &:empty {
    display: none;
  }
`;

function Row({ children, ref, tabIndex }: { children: ReactNode; ref?: Ref<HTMLDivElement>; tabIndex?: number }) {
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: flex-end;
        gap: ${theme.space(2)} ${theme.space(3)};
        &:focus {
          outline: none;
        }
      `}
    >
      {children}
    </div>
  );
}
