import {
  contentApi,
  loadSpaceData,
  type ClubDto,
  type SpaceDataDto,
  type StandingRowDto,
} from '@erd/shared-contracts';
import { finishedChallenges, sortedRows, type NumberedChallenge } from '../../../lib/challenges';
import { useAsync } from '../../../lib/use-async';

export interface ClubResultCard extends NumberedChallenge {
  row: StandingRowDto;
}

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
    };

export type ClubPageView = { kind: 'not-found' } | { kind: 'club'; club: ClubDto; results: ClubResults };

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
  const [club, space] = await Promise.all([contentApi().getClub(clubId), spaceLoad]);
  if (!club) return { kind: 'not-found' };
  if (!space) return { kind: 'club', club, results: { status: 'unavailable' } };

  const { finished, overallRows, challengeRows } = (await standingsLoad)!;
  const id = club.sys.id;
  const cards = finished.flatMap((entry, index) => {
    const row = findClubRow(challengeRows[index], id);
    return row ? [{ ...entry, row }] : [];
  });
  return {
    kind: 'club',
    club,
    results: { status: 'ready', overallPublished: Array.isArray(overallRows) && overallRows.length > 0, overall: findClubRow(overallRows, id), cards },
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
