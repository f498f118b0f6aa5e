import { useCallback, useEffect, useState } from 'react';
import type { SpaceDataDto } from '../entities.js';
import { loadSpaceData } from './content.js';

export type SpaceDataState =
  | { status: 'loading'; data?: undefined }
  | { status: 'error'; data?: undefined }
  | { status: 'success'; data: SpaceDataDto };

/** The parts every page relies on: the year with its challenge list and the site texts. */
export function isSpaceData(data: unknown): data is SpaceDataDto {
  const candidate = data as Partial<SpaceDataDto> | null;
  return !!candidate?.year?.fields && Array.isArray(candidate.year.fields.challenges) && !!candidate.site?.fields;
}

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
        if (!active) return;
        // A proxy answering with its HTML page instead of JSON must not break the page.
        if (isSpaceData(data)) setState({ status: 'success', data });
        else {
          console.warn('space data has an unexpected shape');
          setState({ status: 'error' });
        }
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
