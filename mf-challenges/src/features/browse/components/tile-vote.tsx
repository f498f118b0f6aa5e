import { css, type Theme } from '@emotion/react';
import { isVotingRunning, type IsoDate, type ParticipationDto, type ParticipationSort, type VoteChallengeDto } from '@erd/shared-contracts';
import { clubId } from '../../../components/club-tag';
import { VoteCount } from '../../../components/vote-count';
import { OwnEntryMark, VoteControl } from '../../../components/voting/vote-control';
import { latestVoteCount } from '../../../lib/vote-counts';

/** What every tile of a list needs to offer its vote: the challenge's window, the day, the visitor. */
export interface TileVoteContext {
  challenge: VoteChallengeDto;
  today: IsoDate;
  member: boolean;
  /**
   * The signed-in member's club; `undefined` while it is not known yet (no button meanwhile: on the
   * own entry it would only be refused), null for visitors and logins without a club.
   */
  ownClubId: string | null | undefined;
}

/** What a tile of the list (picture or slogan) gets: its entry, the challenge, the list's sort (carried into its link) and the vote's context. */
export interface EntryTileProps {
  entry: ParticipationDto;
  challengeId: string;
  sort: ParticipationSort;
  vote: TileVoteContext;
}

/**
 * A tile's vote (issue 24): while the voting window is open, the same labelled vote as the entry page
 * (components/voting: rules, proof of work, local record), its count updating in place; 'Dein Beitrag'
 * on the club's own entry; outside the window (and while the member's club loads) the count only.
 */
export function TileVote({ entry, subject, context }: { entry: ParticipationDto; subject: string; context: TileVoteContext }) {
  const { challenge, today, member, ownClubId } = context;
  const own = !!ownClubId && ownClubId === clubId(entry.fields.club);
  if (isVotingRunning([challenge], today) && ownClubId !== undefined) {
    return (
      <VoteControl
        challengeId={challenge.sys.id}
        participationId={entry._id}
        votes={entry.fields.votes}
        member={member}
        ownEntry={own}
        subject={subject}
      />
    );
  }
  return (
    <span
      css={(theme: Theme) => css`
        display: inline-flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: flex-end;
        gap: ${theme.space(2)};
      `}
    >
      {own && <OwnEntryMark />}
      <VoteCount votes={latestVoteCount(entry._id, entry.fields.votes)} />
    </span>
  );
}
