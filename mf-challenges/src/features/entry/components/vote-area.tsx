import { css, type Theme } from '@emotion/react';
import { formatDayMonthShort, isVotingRunning, type IsoDate, type VoteChallengeDto } from '@erd/shared-contracts';
import { VoteCount } from '../../../components/vote-count';
import { OwnEntryMark, VoteControl } from '../../../components/voting/vote-control';
import { latestVoteCount } from '../../../lib/vote-counts';

export { VOTE_FAILED } from '../../../components/voting/vote-control';

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

const row = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${theme.space(2)} ${theme.space(3)};
`;

/**
 * Spec §2/§4 vote area of an entry: before the voting window 'ab {d.M.} abstimmen'; during it the
 * labelled vote ('Abstimmen' with the count, 'Abgestimmt' once this browser voted, local record
 * `bfv-vote-<id>`; 'Dein Beitrag' for the club's own entry) shared with the gallery tiles
 * (components/voting); afterwards 'Abstimmung Beendet' with the count.
 */
export function VoteArea({
  challenge,
  participationId,
  votes,
  today,
  member,
  ownEntry,
  subject,
}: {
  challenge: VoteChallengeDto;
  participationId: string;
  votes: number | undefined;
  today: IsoDate;
  member: boolean;
  ownEntry: boolean;
  /** What a vote is for, in the button's name ('Spruch von SV Musterdorf'). */
  subject: string;
}) {
  const { startDateVoting } = challenge.fields;
  if (isVotingRunning([challenge], today)) {
    return (
      <VoteControl
        challengeId={challenge.sys.id}
        participationId={participationId}
        votes={votes}
        member={member}
        ownEntry={ownEntry}
        subject={subject}
        size="page"
      />
    );
  }
  const before = today < startDateVoting;
  return (
    <div css={row}>
      {ownEntry && <OwnEntryMark />}
      {before ? (
        <Note>{`ab ${formatDayMonthShort(startDateVoting)} abstimmen`}</Note>
      ) : (
        <>
          <Note>Abstimmung Beendet</Note>
          <VoteCount votes={latestVoteCount(participationId, votes)} />
        </>
      )}
    </div>
  );
}
