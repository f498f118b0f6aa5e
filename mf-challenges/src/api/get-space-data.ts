import { useCallback, useEffect, useState } from 'react';
import { loadSpaceData, type ChallengeDto, type SpaceDataDto } from '@erd/shared-contracts';

/**
 * The space data (year, challenges, site texts), loaded once per page through the contracts'
 * memoised `loadSpaceData()` (GET {base}/public/spaces/{spaceId}/spacedata?include=4).
 */
export type SpaceDataState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; data: SpaceDataDto; challenges: ChallengeDto[] };

export function useSpaceData(): SpaceDataState & { retry: () => void } {
  const [state, setState] = useState<SpaceDataState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    loadSpaceData().then(
      (data) => {
        if (active) setState({ status: 'ready', data, challenges: data.year?.fields?.challenges ?? [] });
      },
      () => {
        if (active) setState({ status: 'error' });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
