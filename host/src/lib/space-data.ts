import { useCallback, useEffect, useState } from 'react';
import { loadSpaceData, type SpaceDataDto } from '@erd/shared-contracts';

export type SpaceDataState =
  | { status: 'loading'; data?: undefined }
  | { status: 'error'; data?: undefined }
  | { status: 'success'; data: SpaceDataDto };

function isSpaceData(data: unknown): data is SpaceDataDto {
  const candidate = data as Partial<SpaceDataDto> | null;
  return !!candidate?.year?.fields && Array.isArray(candidate.year.fields.challenges) && !!candidate.site?.fields;
}

/**
 * The space data (year, challenges, teasers, legal texts) for host pages: fetched once per page
 * load and shared with the remotes through `loadSpaceData`; a failed load can be retried.
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
