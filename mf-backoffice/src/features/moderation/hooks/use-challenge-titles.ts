import { useMemo } from 'react';
import { useSpaceData } from '@erd/shared-contracts';

/**
 * The headline of each challenge of the season (public space data), by id. Empty while it loads
 * or when it cannot be loaded: the queue then names the challenge by its id.
 */
export function useChallengeTitles(): ReadonlyMap<string, string> {
  const space = useSpaceData();
  return useMemo(
    () => new Map((space.data?.year.fields.challenges ?? []).map((challenge) => [challenge.sys.id, challenge.fields.headline] as const)),
    [space.data],
  );
}
