import { css, type Theme } from '@emotion/react';
import {
  getRuntimeConfig,
  isVoteChallenge,
  Link,
  paths,
  selectIsLoggedIn,
  useDocumentTitle,
  useSession,
  useSpaceData,
  type VoteChallengeDto,
} from '@erd/shared-contracts';
import { Container, EmptyState, Headline, Icon, LoadError, Section, Spinner } from '@erd/shared-contracts/ui';
import { ChallengeBadge } from '../../../components/challenge-badge';
import { ChallengesNotFound } from '../../../components/challenges-not-found';
import { useToday } from '../../../hooks/use-today';
import { CHALLENGES_LOAD_ERROR } from '../../../lib/texts';
import { useEntry } from '../api/get-entry';
import { AllEntriesLink, EntryCard } from './entry-card';

/**
 * Spec §2 single participation view (/challenge/{challengeId}/{participationId}): one entry of a
 * vote challenge with its vote area, or the own entry not yet published; 'Noch ist es still...'
 * while the challenge has no entries; the 404 screen otherwise.
 */
export function EntryPage({ challengeId, participationId }: { challengeId: string; participationId: string }) {
  const space = useSpaceData();
  if (space.status === 'loading') return <Spinner label="Teilnahme wird geladen …" />;
  if (space.status === 'error') return <LoadError text={CHALLENGES_LOAD_ERROR} onRetry={space.retry} />;
  const { challenges } = space.data.year.fields;
  const index = challenges.findIndex((c) => c.sys.id === challengeId);
  const challenge = challenges[index];
  if (!challenge || !isVoteChallenge(challenge)) return <ChallengesNotFound />;
  return <EntryView challenge={challenge} number={index + 1} participationId={participationId} />;
}

function EntryView({ challenge, number, participationId }: { challenge: VoteChallengeDto; number: number; participationId: string }) {
  const member = useSession(selectIsLoggedIn);
  const ownClubId = useSession((s) => (s.status === 'LOGGED_IN' ? s.claims?.['custom:club'] : undefined));
  const today = useToday();
  const state = useEntry(challenge.sys.id, participationId, member);
  const picture = challenge.sys.objectTypeId === 'bfv-erd-picture-vote';
  const { headline, teasertitle } = challenge.fields;
  useDocumentTitle(state.status === 'not-found' ? null : `${headline}: ${picture ? 'Bild' : 'Spruch'} – ${getRuntimeConfig().productName}`);

  if (state.status === 'not-found') return <ChallengesNotFound />;

  return (
    <>
      <Section
        tone="dark"
        aria-labelledby="entry-title"
        css={(theme: Theme) => css`
          padding: ${theme.space(8)} 0 ${theme.space(10)};
        `}
      >
        <Container>
          <Link
            to={paths.challenges}
            css={(theme: Theme) => css`
              display: inline-flex;
              align-items: center;
              gap: ${theme.space(1.5)};
              min-height: 44px;
              margin-bottom: ${theme.space(4)};
              font-weight: 700;
              text-decoration: none;
              &:hover {
                text-decoration: underline;
              }
            `}
          >
            <Icon
              name="arrow-outline"
              size="xs"
              color="primary"
              css={css`
                transform: rotate(180deg);
              `}
            />
            Alle Challenges
          </Link>
          <div
            css={(theme: Theme) => css`
              display: flex;
              align-items: center;
              gap: ${theme.space(4)};
              margin-bottom: ${theme.space(3)};
            `}
          >
            <ChallengeBadge number={number} />
          </div>
          <Headline as="h1" level="lg" id="entry-title">
            {headline}
          </Headline>
          {teasertitle && (
            <p
              css={css`
                margin: 0;
                font-size: 1.125rem;
              `}
            >
              {teasertitle}
            </p>
          )}
        </Container>
      </Section>
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
          {state.status === 'loading' && <Spinner label="Teilnahme wird geladen …" />}
          {state.status === 'empty' && (
            <EmptyState title="Noch ist es still..." text="Pssst! Komm wieder wenn teilgenommen wurde!" />
          )}
          {state.status === 'ready' && (
            <>
              <EntryCard
                challenge={challenge}
                entry={state.entry}
                pending={state.pending}
                today={today}
                member={member}
                ownClubId={ownClubId}
              />
              {!state.pending && <AllEntriesLink challengeId={challenge.sys.id} />}
            </>
          )}
        </Container>
      </Section>
    </>
  );
}
