import { contentApi, loadSpaceData, type ChallengeDto, type StandingRowDto } from '@erd/shared-contracts';
import { finishedChallenges, sortedRows, type NumberedChallenge } from '../../../lib/challenges';
import { useAsync } from '../../../lib/use-async';

export type StandingsView =
  | { kind: 'not-found' }
  | {
      kind: 'table';
      /** The challenge of a per-challenge table; undefined for the overall table. */
      challenge?: NumberedChallenge;
      /** Rows in place order; empty when nothing is published yet. */
      rows: StandingRowDto[];
      /** Finished challenges of the year (links to their tables). */
      finished: NumberedChallenge[];
    };

/**
 * The overall table (GET /results/overall-{yearId}.json, year id from the space data) or one
 * challenge's table (GET /results/challenge-{challengeId}.json). A missing file is an empty
 * table; an id that is not a challenge of this year is not found.
 */
export async function getStandings(challengeId?: string): Promise<StandingsView> {
  const space = await loadSpaceData();
  const challenges: ChallengeDto[] = space.year.fields.challenges ?? [];
  const finished = finishedChallenges(challenges);
  if (challengeId === undefined) {
    const rows = await contentApi().getOverallStandings(space.year.sys.id);
    return { kind: 'table', rows: sortedRows(rows), finished };
  }
  const index = challenges.findIndex((c) => c.sys.id === challengeId);
  if (index < 0) return { kind: 'not-found' };
  const rows = await contentApi().getChallengeStandings(challengeId);
  return { kind: 'table', challenge: { challenge: challenges[index], number: index + 1 }, rows: sortedRows(rows), finished };
}

export function useStandings(challengeId?: string) {
  return useAsync(`standings:${challengeId ?? ''}`, () => getStandings(challengeId));
}
