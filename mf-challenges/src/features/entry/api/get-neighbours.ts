import { useEffect, useState } from 'react';
import { getJson, resolveServiceUrl, type ParticipationSort } from '@erd/shared-contracts';
import type { EntryNeighboursDto } from '@erd/shared-contracts/schemas';
import { entryNeighboursPath } from '@erd/shared-contracts/api-paths';

export const neighboursPath = entryNeighboursPath;

/**
 * GET /api/entry-neighbours/{challengeId}/{participationId}?sort=newest|likes (public, cacheable): the
 * published entries before and after this one in the list's order, with `fetch` (no axios on the
 * page for it). Null while loading, and when it fails or the entry is not public: then no links show.
 */
export async function getNeighbours(challengeId: string, participationId: string, sort: ParticipationSort): Promise<EntryNeighboursDto> {
  return getJson<EntryNeighboursDto>(resolveServiceUrl(neighboursPath(challengeId, participationId)), sort === 'newest' ? {} : { sort });
}

export function useNeighbours(
  challengeId: string,
  participationId: string,
  sort: ParticipationSort,
  enabled: boolean,
): EntryNeighboursDto | null {
  const [state, setState] = useState<{ key: string; neighbours: EntryNeighboursDto } | null>(null);
  const key = `${sort} ${challengeId} ${participationId}`;
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    getNeighbours(challengeId, participationId, sort).then(
      (neighbours) => {
        if (active) setState({ key, neighbours });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [challengeId, participationId, sort, enabled, key]);
  return enabled && state?.key === key ? state.neighbours : null;
}
