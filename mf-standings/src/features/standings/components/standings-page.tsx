import { css, type Theme } from '@emotion/react';
import { useMemo, useRef } from 'react';
import {
  challengeTimeState,
  filterRowsByTeam,
  getRuntimeConfig,
  paths,
  resultsPendingText,
  TEAM_LABELS,
  useDocumentTitle,
  useParams,
  useSearchParams,
} from '@erd/shared-contracts';
import { Badge, Button, ButtonLink, Container, EmptyState, Headline, LoadError, NotFoundScreen, Spinner } from '@erd/shared-contracts/ui';
import { useCanonicalPath } from '../../../lib/canonical';
import { formatNumber } from '../../../lib/format';
import { sharedPlaces } from '../../../lib/places';
import { parseSeasonParam, SEASON_PARAM } from '../../../lib/seasons';
import { EMPTY_STANDINGS_TEXT, EMPTY_STANDINGS_TITLE, OVERALL_TITLE, TO_CHALLENGES, TO_OVERALL } from '../../../lib/texts';
import { useStandings } from '../api/get-standings';
import { useTeamFilter, withTeam } from '../hooks/use-team-filter';
import { ChallengeLinks } from './challenge-links';
import { Podium } from './podium';
import { ScrollTopButton } from './scroll-top-button';
import { SeasonSwitch } from './season-switch';
import { StandingsList } from './standings-list';
import { TeamSwitch } from './team-switch';

/**
 * /tabelle (overall) and /tabelle/{challengeId} (one challenge), spec §2 Standings, with the team
 * filter `?team=m|w` (places within a team follow the same tie rule). Issue 26: `/tabelle?saison=2025`
 * is an ended season's final table (its own canonical address), `/tabelle/{challengeId}` also a
 * challenge of an ended season, and a season switch when there is more than one public season.
 */
export function StandingsPage() {
  const { challengeId } = useParams();
  const [params] = useSearchParams();
  const seasonParam = params.get(SEASON_PARAM);
  // A `saison` that is no year is no season (not found), not the current one.
  const season = seasonParam === null ? null : (parseSeasonParam(seasonParam) ?? -1);
  const standings = useStandings(challengeId, challengeId === undefined ? season : null);
  const [team, setTeam] = useTeamFilter();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const view = standings.status === 'success' ? standings.data : null;
  const table = view?.kind === 'table' ? view : null;
  const challenge = table?.challenge;
  const rows = useMemo(() => (table ? filterRowsByTeam(table.rows, team) : []), [table, team]);
  const shared = useMemo(() => sharedPlaces(rows), [rows]);
  const archive = table?.archive;
  const overallTitle = archive ? `${OVERALL_TITLE} ${archive.year}` : OVERALL_TITLE;
  useDocumentTitle(
    table ? (challenge ? `#${challenge.number} ${challenge.headline}${archive ? ` – Saison ${archive.year}` : ''}` : overallTitle) : null,
  );
  // The server's head names /tabelle for every query: an ended season's table names itself.
  useCanonicalPath(
    table && !challenge ? (archive ? paths.seasonStandings(archive.year) : seasonParam !== null ? paths.standings : null) : null,
  );

  if (standings.status === 'loading') return <Spinner label="Tabelle wird geladen …" />;
  if (standings.status === 'error') {
    return (
      <LoadError text="Die Tabelle konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal." onRetry={standings.reload} />
    );
  }
  if (!table) return <NotFoundScreen productName={getRuntimeConfig().productName} />;

  const published = table.rows.length > 0;
  const type = challenge?.objectTypeId;
  const shownYear = archive?.year ?? table.seasons.find((s) => s.current)?.year;
  const overallPath = archive ? paths.seasonStandings(archive.year) : paths.standings;
  const rightAnswer =
    type === 'bfv-erd-estimate' || type === 'bfv-erd-goals'
      ? table.rows.find((row) => typeof row.rightEstimate === 'number')?.rightEstimate
      : undefined;
  const podium = rows.slice(0, 3);
  const rest = rows.slice(3);

  return (
    <>
      <section
        aria-labelledby="standings-title"
        css={(theme: Theme) => css`
          background: ${theme.colors.primaryDark};
          color: ${theme.colors.white};
          padding: ${theme.space(10)} 0;
          ${theme.mq.sm} {
            padding-bottom: ${theme.space(podium.length > 0 ? 0 : 10)};
          }
          ${theme.mq.md} {
            padding-top: ${theme.space(14)};
          }
        `}
      >
        <Container>
          {table.seasons.length > 1 && shownYear !== undefined && <SeasonSwitch seasons={table.seasons} shown={shownYear} team={team} />}
          <Headline
            as="h1"
            level="xl"
            id="standings-title"
            ref={headingRef}
            tabIndex={-1}
            css={css`
              display: flex;
              flex-wrap: wrap;
              align-items: center;
              gap: 0.5rem 1rem;
              &:focus {
                outline: none;
              }
            `}
          >
            {challenge ? (
              <>
                <Badge>#{challenge.number}</Badge> {challenge.headline}
              </>
            ) : (
              overallTitle
            )}
          </Headline>
          {archive && (
            <p
              css={(theme: Theme) => css`
                margin: 0 0 ${theme.space(5)};
                font-size: 1.125rem;
              `}
            >
              {challenge ? `Saison ${archive.year} – beendet` : `Endstand der Saison ${archive.year}`}
            </p>
          )}
          {rightAnswer !== undefined && (
            <p
              css={(theme: Theme) => css`
                margin: 0 0 ${theme.space(5)};
                font-size: 1.125rem;
              `}
            >
              Richtige Antwort: <strong>{formatNumber(rightAnswer)}</strong>
            </p>
          )}
          {challenge && (
            <ButtonLink to={withTeam(overallPath, team)} variant="outline">
              {archive ? `${TO_OVERALL} ${archive.year}` : TO_OVERALL}
            </ButtonLink>
          )}
          {published && <TeamSwitch value={team} onChange={setTeam} />}
          {podium.length > 0 && <Podium rows={podium} shared={shared} type={type} />}
        </Container>
      </section>
      {!published ? (
        <Container>
          {/* The spec's texts, then when the results come (a finished challenge) and the next step: the challenges. */}
          {archive ? (
            <EmptyState
              title="Keine Tabelle"
              text={
                challenge
                  ? 'Für diese Challenge wurden keine Ergebnisse veröffentlicht.'
                  : `Für die Saison ${archive.year} wurde keine Gesamttabelle veröffentlicht.`
              }
            >
              <ButtonLink
                to={paths.standings}
                css={(theme: Theme) => css`
                  margin-top: ${theme.space(4)};
                `}
              >
                Zur aktuellen Tabelle
              </ButtonLink>
            </EmptyState>
          ) : (
            <EmptyState title={EMPTY_STANDINGS_TITLE} text={EMPTY_STANDINGS_TEXT}>
              {challenge?.dto && challengeTimeState(challenge.dto) === 'finished' && !challenge.dto.fields.resultsPublished && (
                <p
                  css={(theme: Theme) => css`
                  margin: 0 0 ${theme.space(2)};
                  font-family: ${theme.fonts.display};
                  font-weight: 800;
                  text-transform: uppercase;
                  color: ${theme.colors.primaryDark};
                `}
                >
                  {resultsPendingText(challenge.dto)}
                </p>
              )}
              <ButtonLink
                to={paths.challenges}
                css={(theme: Theme) => css`
                margin-top: ${theme.space(4)};
              `}
              >
                {TO_CHALLENGES}
              </ButtonLink>
              {!challenge && table.lastEnded !== undefined && (
                <ButtonLink
                  to={paths.seasonStandings(table.lastEnded)}
                  variant="secondary"
                  css={(theme: Theme) => css`
                  margin-top: ${theme.space(4)};
                  margin-left: ${theme.space(3)};
                `}
                >
                  Abschlusstabelle {table.lastEnded}
                </ButtonLink>
              )}
            </EmptyState>
          )}
        </Container>
      ) : rows.length === 0 ? (
        <Container
          css={(theme: Theme) => css`
            padding-block: ${theme.space(10)};
            text-align: center;
          `}
        >
          <p css={(theme: Theme) => css`margin: 0 0 ${theme.space(4)};`}>
            In dieser Tabelle stehen noch keine {team === 'all' ? '' : `${TEAM_LABELS[team]}-`}Mannschaften.
          </p>
          <Button variant="secondary" onClick={() => setTeam('all')}>
            Alle Teams anzeigen
          </Button>
        </Container>
      ) : (
        <div
          css={(theme: Theme) => css`
            padding: ${theme.space(8)} 0 ${theme.space(10)};
          `}
        >
          <Container>
            {rest.length > 0 && (
              <StandingsList key={`${challengeId ?? ''}:${team}`} rows={rest} total={rows.length} shared={shared} type={type} />
            )}
            <div
              css={(theme: Theme) => css`
                display: flex;
                justify-content: center;
                margin-top: ${theme.space(8)};
              `}
            >
              <ScrollTopButton focusTarget={headingRef} />
            </div>
          </Container>
        </div>
      )}
      {table.finished.length > 0 && <ChallengeLinks challenges={table.finished} currentId={challenge?.id} team={team} />}
    </>
  );
}
