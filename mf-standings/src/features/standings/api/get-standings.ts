import { contentApi, loadSpaceData, type ChallengeDto, type StandingRowDto } from '@erd/shared-contracts';
import type { PublicSeasonDto, PublicSeasonsDto } from '@erd/shared-contracts/schemas';
import { finishedChallenges, sortedRows, tableChallenge, type TableChallenge } from '../../../lib/challenges';
import { archivedChallenge, endedSeasons, publicSeasonsOrNull } from '../../../lib/seasons';
import { useAsync } from '../../../lib/use-async';

/** A season of the switch ('Saison 2026'): the current one links to /tabelle, an ended one to /tabelle?saison=…. */
export interface SeasonLink {
  year: number;
  current: boolean;
}

export type StandingsView =
  | { kind: 'not-found' }
  | {
      kind: 'table';
      /** The challenge of a per-challenge table; undefined for the overall table. */
      challenge?: TableChallenge;
      /** Rows in place order; empty when nothing is published yet. */
      rows: StandingRowDto[];
      /** Finished challenges of the season shown (links to their tables). */
      finished: TableChallenge[];
      /** The ended season shown (issue 26); undefined for the current season. */
      archive?: { year: number };
      /** The public seasons, newest first (the switch shows when there are two or more). */
      seasons: SeasonLink[];
      /** The newest ended season with a published overall table (the current season's empty state links to it). */
      lastEnded?: number;
    };

const fromSeason = (season: PublicSeasonDto): TableChallenge[] =>
  season.challenges
    .filter((c) => c.resultsPublished)
    .map(({ id, number, objectTypeId, headline, startDate, endDate }) => ({ id, number, objectTypeId, headline, startDate, endDate }));

function seasonLinks(seasons: PublicSeasonsDto | null, currentYear: number): SeasonLink[] {
  const links = (seasons?.seasons ?? []).map((s) => ({ year: s.year, current: s.year === currentYear && s.state === 'live' }));
  // The space data's year is the current season even if the list (another instance, a moment earlier) differs.
  if (!links.some((l) => l.current)) links.push({ year: currentYear, current: true });
  return links.filter((l) => l.current || l.year !== currentYear).sort((a, b) => b.year - a.year);
}

/**
 * The overall table (GET /results/overall-{yearId}.json, year id from the space data) or one
 * challenge's table (GET /results/challenge-{challengeId}.json). A missing file is an empty
 * table. Issue 26: `season` (`?saison=2025`) shows an ended season's final table, and a challenge
 * of an ended season has its table too (its #n and headline from GET /api/public/seasons); a year
 * or id that is in no public season is not found. Without the seasons list the current season's
 * pages work as before.
 */
export async function getStandings(challengeId?: string, season?: number | null): Promise<StandingsView> {
  const [space, seasons] = await Promise.all([loadSpaceData(), publicSeasonsOrNull()]);
  const challenges: ChallengeDto[] = space.year.fields.challenges ?? [];
  const currentYear = space.year.fields.year;
  const common = {
    seasons: seasonLinks(seasons, currentYear),
    lastEnded: endedSeasons(seasons).find((s) => s.resultsPublished && s.year !== currentYear)?.year,
  };

  if (challengeId === undefined) {
    if (season === undefined || season === null || season === currentYear) {
      const rows = await contentApi().getOverallStandings(space.year.sys.id);
      return { kind: 'table', rows: sortedRows(rows), finished: finishedChallenges(challenges).map(tableChallenge), ...common };
    }
    const ended = endedSeasons(seasons).find((s) => s.year === season);
    if (!ended) return { kind: 'not-found' };
    const rows = await contentApi().getOverallStandings(ended.id);
    return { kind: 'table', rows: sortedRows(rows), finished: fromSeason(ended), archive: { year: ended.year }, ...common };
  }

  const index = challenges.findIndex((c) => c.sys.id === challengeId);
  if (index >= 0) {
    const rows = await contentApi().getChallengeStandings(challengeId);
    const finished = finishedChallenges(challenges).map(tableChallenge);
    return {
      kind: 'table',
      challenge: tableChallenge({ challenge: challenges[index], number: index + 1 }),
      rows: sortedRows(rows),
      finished,
      ...common,
    };
  }
  const archived = archivedChallenge(seasons, challengeId);
  if (!archived) return { kind: 'not-found' };
  const rows = await contentApi().getChallengeStandings(challengeId);
  const { id, number, objectTypeId, headline, startDate, endDate } = archived.challenge;
  return {
    kind: 'table',
    challenge: { id, number, objectTypeId, headline, startDate, endDate },
    rows: sortedRows(rows),
    finished: fromSeason(archived.season),
    archive: { year: archived.season.year },
    ...common,
  };
}

export function useStandings(challengeId?: string, season?: number | null) {
  return useAsync(`standings:${challengeId ?? ''}:${season ?? ''}`, () => getStandings(challengeId, season));
}
