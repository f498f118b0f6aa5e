import { css, type Theme } from '@emotion/react';
import { allUpcoming, getRuntimeConfig, selectIsLoggedIn, useDocumentTitle, useSession } from '@erd/shared-contracts';
import { Container, Headline, LoadError, Section, Spinner } from '@erd/shared-contracts/ui';
import { useSpaceData } from '../../../api/get-space-data';
import { useToday } from '../../../hooks/use-today';
import { CHALLENGES_LOAD_ERROR } from '../../../lib/texts';
import { ChallengeList } from './challenge-list';
import { OverviewHero } from './overview-hero';
import { PointsSection } from './points-section';
import { PrizesSection } from './prizes-section';
import { StartingSoon } from './starting-soon';

/** Spec §2 challenge home (/challenge): hero, challenge list, prizes, points distribution. */
export function ChallengeOverview() {
  useDocumentTitle(`Die Challenges – ${getRuntimeConfig().productName}`);
  const space = useSpaceData();
  const today = useToday();
  const loggedIn = useSession(selectIsLoggedIn);

  return (
    <>
      <OverviewHero />
      {space.status === 'loading' && <Spinner label="Challenges werden geladen …" />}
      {space.status === 'error' && <LoadError text={CHALLENGES_LOAD_ERROR} onRetry={space.retry} />}
      {space.status === 'ready' && (
        <>
          <Section
            aria-labelledby="challenge-list-title"
            css={(theme: Theme) => css`
              padding-top: ${theme.space(8)};
            `}
          >
            <Container>
              {allUpcoming(space.challenges, today) && (
                <StartingSoon
                  firstStart={space.challenges.map((c) => c.fields.startDate).sort()[0]!}
                  loggedIn={loggedIn}
                />
              )}
              <Headline id="challenge-list-title">Alle Challenges</Headline>
              {space.challenges.length > 0 ? (
                <ChallengeList challenges={space.challenges} today={today} loggedIn={loggedIn} />
              ) : (
                <p>Die Challenges dieser Saison werden bald vorgestellt.</p>
              )}
            </Container>
          </Section>
          <PrizesSection challenges={space.challenges} />
          <PointsSection challenges={space.challenges} />
        </>
      )}
    </>
  );
}
