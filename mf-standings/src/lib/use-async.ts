import { useCallback, useEffect, useState } from 'react';

/** The state of one request; `key` identifies it, so a new key shows `loading` at once (no stale data). */
export type AsyncState<T> = { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

interface Keyed<T> {
  key: string;
  state: AsyncState<T>;
}

/**
 * Runs `load` whenever `key` changes (or `reload` is called) and ignores answers that arrive
 * after the component moved on. The fetchers themselves live in each feature's `api/` folder.
 */
export function useAsync<T>(key: string, load: () => Promise<T>): AsyncState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const [current, setCurrent] = useState<Keyed<T> | null>(null);

  useEffect(() => {
    let active = true;
    load().then(
      (data) => {
        if (active) setCurrent({ key: requestKey, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (active) setCurrent({ key: requestKey, state: { status: 'error', error } });
      },
    );
    return () => {
      active = false;
    };
    // The request is identified by its key; `load` is a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestKey]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: AsyncState<T> = current?.key === requestKey ? current.state : { status: 'loading' };
  return { ...state, reload };
}
