import { useEffect, useState } from 'react';
import { reachPaths } from '@erd/shared-contracts';
import type { OwnReachDto } from '@erd/shared-contracts/schemas';
import { apiClient } from '../../../api/http';

/** GET /api/reach/own/{challengeId} (member): what the club's shared links of its entry brought, all days. */
export async function getOwnReach(challengeId: string): Promise<OwnReachDto> {
  const http = await apiClient({ member: true });
  const { data } = await http.get<OwnReachDto>(reachPaths.own(challengeId));
  return data;
}

/** The club's reach figures of a challenge; null while loading and when they cannot be had. */
export function useOwnReach(challengeId: string): OwnReachDto | null {
  const [reach, setReach] = useState<{ challengeId: string; figures: OwnReachDto } | null>(null);
  useEffect(() => {
    let active = true;
    getOwnReach(challengeId).then(
      (figures) => {
        if (active && Number.isSafeInteger(figures?.visits) && Number.isSafeInteger(figures?.votes)) setReach({ challengeId, figures });
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [challengeId]);
  return reach?.challengeId === challengeId ? reach.figures : null;
}
