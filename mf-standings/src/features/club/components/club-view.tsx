import { css, type Theme } from '@emotion/react';
import { getRuntimeConfig, paths, useDocumentTitle } from '@erd/shared-contracts';
import type { ClubSeasonBlock } from '../api/get-club-page';
import { ButtonLink, Container, Headline, LoadError, NotFoundScreen, Spinner } from '@erd/shared-contracts/ui';
import { TO_CHALLENGES } from '../../../lib/texts';
import { useClubPage } from '../api/get-club-page';
import { useIsOwnClub } from '../hooks/use-is-own-club';
import { ClubHeader } from './club-header';
import { FanCard } from './fan-card';
import { ClubShareKitSlot, ShareArrivalSlot } from './lazy-share';
import { OverallSummary, PlaceAndPoints } from './overall-summary';
import { ResultCard } from './result-card';

/**
 * /club/{clubId} (spec §2 Club page): an unknown id shows the 404 screen in place, the URL stays.
 * The club's own members get its share kit; a visit through a share link (`?via=`) is counted (issue 23).
 */
export function ClubView({ clubId }: { clubId: string }) {
  return (
    <>
      <ShareArrivalSlot clubId={clubId} />
      <ClubContent clubId={clubId} />
    </>
  );
}

function ClubContent({ clubId }: { clubId: string }) {
  const page = useClubPage(clubId);
  const own = useIsOwnClub(clubId);
  const club = page.status === 'success' && page.data.kind === 'club' ? page.data.club : null;
  useDocumentTitle(club ? club.fields.clubname : null);

  if (page.status === 'loading') return <Spinner label="Verein wird geladen …" />;
  if (page.status === 'error') {
    return <LoadError text="Der Verein konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal." onRetry={page.reload} />;
  }
  if (page.data.kind === 'not-found') return <NotFoundScreen productName={getRuntimeConfig().productName} />;

  const { results, earlier } = page.data;
  const cards = results.status === 'ready' ? results.cards : [];
  // With earlier seasons below, the current season's blocks name their year.
  const year = earlier.length > 0 && results.status === 'ready' ? ` ${results.year}` : '';
  return (
    <>
      <ClubHeader club={page.data.club} />
      <Container
        css={(theme: Theme) => css`
          display: grid;
          gap: ${theme.space(12)};
          margin-block: ${theme.space(10)} ${theme.space(14)};
        `}
      >
        <OverallSummary results={results} title={`Gesamtwertung${year}`} />
        {own && <ClubShareKitSlot club={page.data.club} />}
        <FanCard club={page.data.club} own={own} />
        {results.status === 'ready' && cards.length === 0 && <NoResultsYet own={own} />}
        {cards.length > 0 && (
          <section aria-labelledby="club-results-title">
            <Headline as="h2" level="md" id="club-results-title">
              Ergebnisse je Challenge{year}
            </Headline>
            <div
              css={(theme: Theme) => css`
                display: grid;
                gap: ${theme.space(4)};
                ${theme.mq.md} {
                  grid-template-columns: repeat(2, minmax(0, 1fr));
                  gap: ${theme.space(6)};
                }
              `}
            >
              {cards.map((card) => (
                <ResultCard key={card.id} card={card} own={own} />
              ))}
            </div>
          </section>
        )}
        {earlier.map((season) => (
          <EarlierSeason key={season.year} season={season} own={own} />
        ))}
      </Container>
    </>
  );
}

const cardGrid = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space(4)};
  ${theme.mq.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${theme.space(6)};
  }
`;

/** An ended season (issue 26), below the current one: the club's final place and points, its challenge results, the season's table. */
function EarlierSeason({ season, own }: { season: ClubSeasonBlock; own: boolean }) {
  const titleId = `club-season-${season.year}`;
  return (
    <section
      aria-labelledby={titleId}
      css={(theme: Theme) => css`
        padding-top: ${theme.space(10)};
        border-top: 2px solid ${theme.colors.border};
      `}
    >
      <Headline as="h2" level="md" id={titleId}>
        Saison {season.year}
      </Headline>
      {season.overall ? (
        <PlaceAndPoints place={season.overall.place} points={season.overall.points} />
      ) : (
        <p>In der Gesamtwertung {season.year} hatte dieser Verein keine Punkte.</p>
      )}
      <ButtonLink
        to={paths.seasonStandings(season.year)}
        variant="secondary"
        css={(theme: Theme) => css`
          margin-bottom: ${theme.space(6)};
        `}
      >
        Abschlusstabelle {season.year}
      </ButtonLink>
      {season.cards.length > 0 && (
        <div css={cardGrid}>
          {season.cards.map((card) => (
            <ResultCard key={card.id} card={card} own={own} archived />
          ))}
        </div>
      )}
    </section>
  );
}

/** No finished challenge with a result of this club yet: what comes here, and the next step (issue 24). */
function NoResultsYet({ own }: { own: boolean }) {
  return (
    <section
      aria-labelledby="club-results-title"
      css={(theme: Theme) => css`
        padding: ${theme.space(8)} ${theme.space(5)};
        border: 2px dashed ${theme.colors.border};
        border-radius: ${theme.radius};
        text-align: center;
      `}
    >
      <Headline as="h2" level="md" id="club-results-title">
        Ergebnisse je Challenge
      </Headline>
      <p
        css={(theme: Theme) => css`
          margin: 0 auto ${theme.space(5)};
          max-width: 36rem;
        `}
      >
        {own
          ? 'Noch keine Ergebnisse: Sobald eine Challenge ausgewertet ist, bei der ihr mitgemacht habt, steht euer Ergebnis hier.'
          : 'Noch keine Ergebnisse: Sobald eine Challenge ausgewertet ist, bei der dieser Verein mitgemacht hat, steht sein Ergebnis hier.'}
      </p>
      <ButtonLink to={paths.challenges}>{TO_CHALLENGES}</ButtonLink>
    </section>
  );
}
