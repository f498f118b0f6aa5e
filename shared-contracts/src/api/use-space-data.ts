import { useCallback, useEffect, useState } from 'react';
import type { SpaceDataDto } from '../entities.js';
import { loadSpaceData } from './content.js';

export type SpaceDataState =
  { status: 'loading'; data?: undefined } | { status: 'error'; data?: undefined } | { status: 'success'; data: SpaceDataDto };

/**
 * The space data (year, challenges, teasers, legal texts) for a page of the host or a remote:
 * fetched once per page load through `loadSpaceData()` and shared by all of them. An answer of an
 * unexpected shape counts as a failure; a failed load can be retried.
 */
export function useSpaceData(): SpaceDataState & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<SpaceDataState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    loadSpaceData().then(
      (data) => {
        if (active) setState({ status: 'success', data });
      },
      (error: unknown) => {
        console.warn('space data could not be loaded', error);
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
