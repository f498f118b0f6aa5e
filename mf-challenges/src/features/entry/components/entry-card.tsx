import { css, type Theme } from '@emotion/react';
import styled from '@emotion/styled';
import {
  getRuntimeConfig,
  Link,
  paths,
  type IsoDate,
  type ParticipationDto,
  type ParticipationSort,
  type VoteChallengeDto,
} from '@erd/shared-contracts';
import { Card, Icon } from '@erd/shared-contracts/ui';
import { clubName, ClubTag } from '../../../components/club-tag';
import { withSort } from '../../../components/list-sort';
import { entryUrl } from '../lib/entry-links';
import { PictureView } from './picture-view';
import { ReportLink } from './report-link';
import { EntryShareButton } from './share-button';
import { VoteArea } from './vote-area';

/** Club and vote first: on a phone and a desktop the vote is on the first screen, above a tall picture. */
const Header = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: `${theme.space(3)} ${theme.space(4)}`,
  padding: `${theme.space(3)} ${theme.space(4)}`,
  borderBottom: `1px solid ${theme.colors.border}`,
  '& > :nth-child(2)': { marginLeft: 'auto' },
  [theme.mq.md]: { padding: `${theme.space(3)} ${theme.space(6)}` },
}));

const Actions = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: theme.space(2),
  padding: `${theme.space(1)} ${theme.space(2)}`,
  borderTop: `1px solid ${theme.colors.border}`,
  background: theme.colors.background,
  color: theme.colors.primaryDark,
  [theme.mq.md]: { padding: `${theme.space(1)} ${theme.space(4)}` },
}));

/**
 * One entry (spec §2): the club linking to its page and the vote area on top (issue 24: visible
 * without scrolling), then the slogan (as text, never HTML) or the picture (lightbox on click),
 * 'Teilen' and 'Melden'. An own entry that is not published
 * yet shows the 'in Kürze freigeschaltet' notice instead of votes and sharing; a published own
 * entry leaves 'Teilen' to the club's share kit below the card.
 */
export function EntryCard({
  challenge,
  entry,
  pending,
  today,
  member,
  ownEntry,
}: {
  challenge: VoteChallengeDto;
  entry: ParticipationDto;
  pending: boolean;
  today: IsoDate;
  member: boolean;
  /** The signed-in member's club's own entry. */
  ownEntry: boolean;
}) {
  const config = getRuntimeConfig();
  const picture = entry.sys?.objectTypeId === 'bfv-erd-picture-participation';
  const club = entry.fields.club;
  const name = clubName(club);
  const url = entryUrl(config, challenge.sys.id, entry._id);
  const subject = `${picture ? 'Bild' : 'Spruch'}${name ? ` von ${name}` : ''}`;

  return (
    <Card aria-label={subject}>
      <Header>
        <ClubTag club={club} />
        {!pending && (
          <VoteArea
            challenge={challenge}
            participationId={entry._id}
            votes={entry.fields.votes}
            today={today}
            member={member}
            ownEntry={ownEntry}
            subject={subject}
          />
        )}
      </Header>
      {picture ? (
        <PictureView image={entry.fields.image} alt={name ? `Foto von ${name}` : 'Eingereichtes Foto'} />
      ) : (
        <div
          css={(theme: Theme) => css`
            display: flex;
            gap: ${theme.space(3)};
            padding: ${theme.space(8)} ${theme.space(5)};
            ${theme.mq.md} {
              padding: ${theme.space(12)} ${theme.space(10)};
            }
          `}
        >
          <Icon name="quote" size="md" color="primary" />
          <p
            css={(theme: Theme) => css`
              margin: 0;
              font-family: ${theme.fonts.headline};
              font-weight: 900;
              font-size: clamp(1.5rem, 6vw, 2.25rem);
              line-height: 1.2;
              white-space: pre-line;
              overflow-wrap: anywhere;
            `}
          >
            {entry.fields.slogan}
          </p>
        </div>
      )}
      {pending ? (
        <p
          role="status"
          css={(theme: Theme) => css`
            margin: 0;
            padding: ${theme.space(4)} ${theme.space(5)};
            border-top: 1px solid ${theme.colors.border};
            border-left: 4px solid ${theme.colors.primary};
            background: ${theme.colors.background};
            font-weight: 700;
            color: ${theme.colors.primaryDark};
          `}
        >
          {picture ? 'Dein Bild wird in Kürze freigeschaltet.' : 'Dein Spruch wird in Kürze freigeschaltet.'}
        </p>
      ) : (
        <Actions>
          {!ownEntry && <EntryShareButton challenge={challenge} entry={entry} url={url} />}
          <span
            css={css`
              margin-left: auto;
            `}
          >
            <ReportLink serviceEmail={config.serviceEmail} url={url} participationId={entry._id} />
          </span>
        </Actions>
      )}
    </Card>
  );
}

/** 'Alle anzeigen': back to every entry of the challenge, in the sort the visitor came from. */
export function AllEntriesLink({ challengeId, sort }: { challengeId: string; sort: ParticipationSort }) {
  return (
    <Link
      to={withSort(paths.challenge(challengeId), sort)}
      css={(theme: Theme) => css`
        display: inline-flex;
        align-items: center;
        gap: ${theme.space(1.5)};
        min-height: 44px;
        margin-top: ${theme.space(5)};
        font-weight: 800;
        text-transform: uppercase;
        letter-spacing: 0.04em;
        color: ${theme.colors.primaryDark};
        text-decoration: none;
        &:hover {
          text-decoration: underline;
        }
      `}
    >
      Alle anzeigen
      <Icon name="arrow-right" size="xs" color="primary-dark" />
    </Link>
  );
}
