import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import type { MyEntriesDto } from '@erd/shared-contracts/schemas';
import { apiClient } from '../../../lib/api-client';
import { MY_ENTRIES_PATH } from '@erd/shared-contracts/api-paths';

export { MY_ENTRIES_PATH };

/** GET /api/me/participations (issue 24): the club's entries of the current season. */
export async function getMyEntries(): Promise<MyEntriesDto> {
  return (await apiClient().get<MyEntriesDto>(MY_ENTRIES_PATH)).data;
}

export type MyEntriesLoad = { status: 'loading' } | { status: 'ready'; data: MyEntriesDto } | { status: 'error'; unauthorized: boolean };

/** The list, loaded once on mount; `reload` asks again (after an error). */
export function useMyEntries(): { load: MyEntriesLoad; reload: () => void } {
  const [load, setLoad] = useState<MyEntriesLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    setLoad({ status: 'loading' });
    getMyEntries().then(
      (data) => {
        if (active) setLoad(Array.isArray(data?.entries) ? { status: 'ready', data } : { status: 'error', unauthorized: false });
      },
      (error: unknown) => {
        if (active) setLoad({ status: 'error', unauthorized: isApiError(error) && error.status === 401 });
      },
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { load, reload };
}
