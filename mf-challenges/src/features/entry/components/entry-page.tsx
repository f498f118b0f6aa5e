import { css, type Theme } from '@emotion/react';
import {
  getRuntimeConfig,
  selectIsLoggedIn,
  useDocumentTitle,
  useMemberClub,
  useSearchParams,
  useSession,
  type VoteChallengeDto,
} from '@erd/shared-contracts';
import { Container, EmptyState, Section, Spinner } from '@erd/shared-contracts/ui';
import { ChallengeHero } from '../../../components/challenge-hero';
import { clubId } from '../../../components/club-tag';
import { sortOf } from '../../../components/list-sort';
import { ChallengesNotFound } from '../../../components/challenges-not-found';
import { VoteChallengeRoute } from '../../../components/vote-challenge-route';
import { useToday } from '../../../hooks/use-today';
import { useEntry } from '../api/get-entry';
import { useNeighbours } from '../api/get-neighbours';
import { entryUrl } from '../lib/entry-links';
import { AllEntriesLink, EntryCard } from './entry-card';
import { EntryNav } from './entry-nav';
import { ShareArrivalSlot, ShareKitSlot } from './lazy-share';

/**
 * Spec §2 single participation view (/challenge/{challengeId}/{participationId}): one entry of a
 * vote challenge with its vote area, or the own entry not yet published; 'Noch ist es still...'
 * while the challenge has no entries; the 404 screen otherwise. Previous/next between the published
 * entries in the list's sort (`?sort=`, issue 24) above the card. The club sees its share kit below
 * its own published entry; a visit through a share link (`?via=`) is counted (issue 23).
 */
export function EntryPage({ challengeId, participationId }: { challengeId: string; participationId: string }) {
  return (
    <>
      <ShareArrivalSlot challengeId={challengeId} participationId={participationId} />
      <VoteChallengeRoute challengeId={challengeId} loadingLabel="Teilnahme wird geladen …">
        {(challenge, number) => <EntryView challenge={challenge} number={number} participationId={participationId} />}
      </VoteChallengeRoute>
    </>
  );
}

function EntryView({ challenge, number, participationId }: { challenge: VoteChallengeDto; number: number; participationId: string }) {
  const member = useSession(selectIsLoggedIn);
  // The member's club comes from our API; until it is known, the card waits (a vote button on the
  // own entry would only be refused).
  const memberClub = useMemberClub();
  const ownClubId = memberClub.status === 'ready' ? (memberClub.clubId ?? undefined) : undefined;
  const today = useToday();
  const state = useEntry(challenge.sys.id, participationId, member);
  // The order the visitor browsed in (`?sort=likes`, else 'Neueste'): previous/next follow it.
  const [search] = useSearchParams();
  const sort = sortOf(search);
  const published = state.status === 'ready' && !state.pending;
  const neighbours = useNeighbours(challenge.sys.id, participationId, sort, published);
  const picture = challenge.sys.objectTypeId === 'bfv-erd-picture-vote';
  const { headline, teasertitle } = challenge.fields;
  useDocumentTitle(state.status === 'not-found' ? null : `${headline}: ${picture ? 'Bild' : 'Spruch'} – ${getRuntimeConfig().productName}`);

  if (state.status === 'not-found') return <ChallengesNotFound />;
  const ownEntry = state.status === 'ready' && !!ownClubId && ownClubId === clubId(state.entry.fields.club);

  return (
    <>
      <ChallengeHero titleId="entry-title" number={number} headline={headline} teasertitle={teasertitle} />
      <Section
        css={(theme: Theme) => css`
          padding-top: ${theme.space(8)};
        `}
      >
        <Container
          css={css`
            max-width: ${picture ? 'calc(64rem + 64px)' : 'calc(48rem + 64px)'};
          `}
        >
          {(state.status === 'loading' || (state.status === 'ready' && memberClub.status === 'loading')) && (
            <Spinner label="Teilnahme wird geladen …" />
          )}
          {state.status === 'empty' && <EmptyState title="Noch ist es still..." text="Pssst! Komm wieder wenn teilgenommen wurde!" />}
          {state.status === 'ready' && memberClub.status !== 'loading' && (
            <>
              {neighbours && neighbours.total > 1 && <EntryNav challengeId={challenge.sys.id} neighbours={neighbours} sort={sort} />}
              <EntryCard
                challenge={challenge}
                entry={state.entry}
                pending={state.pending}
                today={today}
                member={member}
                ownEntry={ownEntry}
              />
              {ownEntry && !state.pending && (
                <ShareKitSlot
                  challenge={challenge}
                  entry={state.entry}
                  url={entryUrl(getRuntimeConfig(), challenge.sys.id, state.entry._id)}
                  today={today}
                />
              )}
              {!state.pending && <AllEntriesLink challengeId={challenge.sys.id} sort={sort} />}
            </>
          )}
        </Container>
      </Section>
    </>
  );
}
