import {
  challengeTimeState,
  entryPaths,
  getRuntimeConfig,
  isPublished,
  isVoteChallenge,
  loadSpaceData,
  type MyParticipationDto,
  type VoteChallengeDto,
} from '@erd/shared-contracts';
import { useAsync } from '../../../lib/use-async';

export interface EntryToShare {
  challenge: VoteChallengeDto;
  participationId: string;
  picture: boolean;
}

/**
 * The club's published entries worth sharing (issue 23): those of the vote challenges whose voting
 * is still to come or running, in the year's order. Each from GET /api/challenge/particpation/{id}
 * (member); one that cannot be had is left out.
 */
export async function getEntriesToShare(): Promise<EntryToShare[]> {
  const space = await loadSpaceData();
  const open = (space.year.fields.challenges ?? []).filter(
    (challenge): challenge is VoteChallengeDto => isVoteChallenge(challenge) && ['submit', 'vote'].includes(challengeTimeState(challenge)),
  );
  if (open.length === 0) return [];
  const { createHttpClient } = await import('@erd/shared-contracts/http');
  const http = createHttpClient({ authenticated: true });
  const { spaceId } = getRuntimeConfig().contentApi;
  const entries = await Promise.all(
    open.map(async (challenge): Promise<EntryToShare | null> => {
      try {
        const { data } = await http.get<MyParticipationDto>(entryPaths.participation(challenge.sys.id));
        if (!data || data.fields?.challenge?.id !== challenge.sys.id || !isPublished(data, spaceId)) return null;
        return { challenge, participationId: data._id, picture: data.sys?.objectTypeId === 'bfv-erd-picture-participation' };
      } catch {
        return null;
      }
    }),
  );
  return entries.filter((entry): entry is EntryToShare => entry !== null);
}

export function useEntriesToShare() {
  return useAsync('club-entries-to-share', getEntriesToShare);
}
