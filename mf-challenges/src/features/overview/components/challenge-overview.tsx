import { css, type Theme } from '@emotion/react';
import {
  allUpcoming,
  getRuntimeConfig,
  isSeasonDecided,
  selectIsLoggedIn,
  useDocumentTitle,
  useSession,
  useSpaceData,
} from '@erd/shared-contracts';
import { Container, Headline, LoadError, Section, Spinner } from '@erd/shared-contracts/ui';
import { useToday } from '../../../hooks/use-today';
import { CHALLENGES_LOAD_ERROR } from '../../../lib/texts';
import { ChallengeList } from './challenge-list';
import { OverviewHero } from './overview-hero';
import { PointsSection } from './points-section';
import { PrizesSection } from './prizes-section';
import { SeasonDecided } from './season-decided';
import { StartingSoon } from './starting-soon';

/**
 * Spec §2 challenge home (/challenge): hero, challenge list, prizes, points distribution. Issue 26:
 * between two seasons (every result published) the final standings and the next season's start above the list.
 */
export function ChallengeOverview() {
  useDocumentTitle(`Die Challenges – ${getRuntimeConfig().productName}`);
  const space = useSpaceData();
  const today = useToday();
  const loggedIn = useSession(selectIsLoggedIn);
  const challenges = space.status === 'success' ? space.data.year.fields.challenges : [];

  return (
    <>
      <OverviewHero />
      {space.status === 'loading' && <Spinner label="Challenges werden geladen …" />}
      {space.status === 'error' && <LoadError text={CHALLENGES_LOAD_ERROR} onRetry={space.retry} />}
      {space.status === 'success' && (
        <>
          <Section
            aria-labelledby="challenge-list-title"
            css={(theme: Theme) => css`
              padding-top: ${theme.space(8)};
            `}
          >
            <Container>
              {space.status === 'success' && isSeasonDecided(challenges, today) && (
                <SeasonDecided year={space.data.year.fields.year} nextSeason={space.data.nextSeason} />
              )}
              {allUpcoming(challenges, today) && (
                <StartingSoon firstStart={challenges.map((c) => c.fields.startDate).sort()[0]!} loggedIn={loggedIn} />
              )}
              <Headline id="challenge-list-title">Alle Challenges</Headline>
              {challenges.length > 0 ? (
                <ChallengeList challenges={challenges} today={today} loggedIn={loggedIn} />
              ) : (
                <p>Die Challenges dieser Saison werden bald vorgestellt.</p>
              )}
            </Container>
          </Section>
          <PrizesSection challenges={challenges} />
          <PointsSection challenges={challenges} />
        </>
      )}
    </>
  );
}
