import {
  contentApi,
  getJson,
  loadSpaceData,
  resolveServiceUrl,
  type ClubDto,
  type SpaceDataDto,
  type StandingRowDto,
} from '@erd/shared-contracts';
import type { PublicClubSeasonDto, PublicClubSeasonsDto } from '@erd/shared-contracts/schemas';
import { finishedChallenges, sortedRows, tableChallenge, type TableChallenge } from '../../../lib/challenges';
import { useAsync } from '../../../lib/use-async';
import { publicSeasonPaths } from '@erd/shared-contracts/api-paths';

/** One challenge's result of the club (current or ended season). */
export interface ClubResultCard extends TableChallenge {
  row: StandingRowDto;
}

/** An ended season on the club page (issue 26): its final place and points and the club's challenge results. */
export interface ClubSeasonBlock {
  year: number;
  overall: { place: number; points: number } | null;
  cards: ClubResultCard[];
}

export const clubSeasonsUrl = publicSeasonPaths.clubSeasons;

export type ClubResults =
  /** The space data could not be loaded: the club is shown, its results are not. */
  | { status: 'unavailable' }
  | {
      status: 'ready';
      /** Whether an overall table is published at all. */
      overallPublished: boolean;
      /** The club's overall place and points; null when the club is not in the overall table. */
      overall: StandingRowDto | null;
      /** One card per finished challenge whose published results list the club, in the year's order. */
      cards: ClubResultCard[];
      /** The current season's year. */
      year: number;
    };

export type ClubPageView =
  | { kind: 'not-found' }
  | {
      kind: 'club';
      club: ClubDto;
      results: ClubResults;
      /** The ended seasons where the club has results, newest first (empty when there are none or they cannot be loaded). */
      earlier: ClubSeasonBlock[];
    };

const findClubRow = (rows: unknown, clubId: string) => sortedRows(rows).find((row) => row.club._id === clubId) ?? null;

/**
 * The club (GET …/objects/{id}; null → not found, spec §7), its overall place and points
 * (/results/overall-{yearId}.json) and its rows in the results of every finished challenge
 * (/results/challenge-{id}.json). Only published numbers are shown (decisions §6).
 */
export async function getClubPage(clubId: string): Promise<ClubPageView> {
  const spaceLoad = loadSpaceData().catch((): SpaceDataDto | null => null);
  // The result files are asked for beside the club, not after it (one round trip less before the
  // page shows); their failure counts only for a club that exists, as before.
  const standingsLoad = spaceLoad.then((space) => (space ? loadStandings(space) : null));
  standingsLoad.catch(() => undefined);
  // Issue 26: the ended seasons in one small answer (not a result file per season and challenge).
  const earlierLoad = getJson<PublicClubSeasonsDto>(resolveServiceUrl(clubSeasonsUrl(clubId))).catch(
    (): PublicClubSeasonsDto | null => null,
  );
  const [club, space] = await Promise.all([contentApi().getClub(clubId), spaceLoad]);
  if (!club) return { kind: 'not-found' };
  const earlierAnswer = await earlierLoad;
  const earlier = (Array.isArray(earlierAnswer?.seasons) ? earlierAnswer.seasons : [])
    .filter((season) => !space || season.year !== space.year.fields.year)
    .map((season) => seasonBlock(club, season));
  if (!space) return { kind: 'club', club, results: { status: 'unavailable' }, earlier };

  const { finished, overallRows, challengeRows } = (await standingsLoad)!;
  const id = club.sys.id;
  const cards = finished.flatMap((entry, index) => {
    const row = findClubRow(challengeRows[index], id);
    return row ? [{ ...tableChallenge(entry), row }] : [];
  });
  return {
    kind: 'club',
    club,
    results: {
      status: 'ready',
      overallPublished: Array.isArray(overallRows) && overallRows.length > 0,
      overall: findClubRow(overallRows, id),
      cards,
      year: space.year.fields.year,
    },
    earlier,
  };
}

/** An ended season's results as the page's cards (the rows of its published files, with the club's own name). */
function seasonBlock(club: ClubDto, season: PublicClubSeasonDto): ClubSeasonBlock {
  const clubRef = { _id: club.sys.id, clubname: club.fields.clubname, clubnumber: club.fields.clubnumber, team: club.fields.team };
  return {
    year: season.year,
    overall: season.overall,
    cards: season.challenges.map(({ id, number, objectTypeId, headline, startDate, endDate, ...row }) => ({
      id,
      number,
      objectTypeId,
      headline,
      startDate,
      endDate,
      row: { ...row, club: clubRef },
    })),
  };
}

/** The overall table and the table of every finished challenge of the year. */
async function loadStandings(space: SpaceDataDto) {
  const finished = finishedChallenges(space.year.fields.challenges ?? []);
  const [overallRows, ...challengeRows] = await Promise.all([
    contentApi().getOverallStandings(space.year.sys.id),
    ...finished.map(({ challenge }) => contentApi().getChallengeStandings(challenge.sys.id)),
  ]);
  return { finished, overallRows, challengeRows };
}

export function useClubPage(clubId: string) {
  return useAsync(`club:${clubId}`, () => getClubPage(clubId));
}
