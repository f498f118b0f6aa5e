import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { isPasswordChangeRequired } from '../components/password-change-required';
import { useOperatorSession } from '../lib/operator-session';

/**
 * What a screen's request is at: `loading`, `ready` with the answer, or why not. `reloading` is true
 * while a newer request runs and the last answer is still shown (`keepPrevious`); `reloadFailed`
 * when that newer request failed and the last answer stays (`keepOnError`).
 */
export type OperatorDataState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; reloading: boolean; reloadFailed?: boolean }
  | { status: 'error'; error: unknown }
  | { status: 'password' }
  | { status: 'notFound'; error: unknown }
  | { status: 'forbidden'; error: unknown };

export type OperatorData<T> = OperatorDataState<T> & {
  /**
   * Asks again (the 'Erneut laden' button, or after a change the list must show); the promise
   * settles once that answer (or a newer one) is shown.
   */
  reload: () => Promise<void>;
  /** Changes the shown answer in place (a row the operator just edited), without asking the server. */
  update: (change: (data: T) => T) => void;
};

export interface OperatorDataOptions<T = unknown> {
  /**
   * Keep showing the last answer while a new key or a reload loads, instead of `loading`;
   * 'reload': only while the same key is asked again (a new key shows `loading`).
   */
  keepPrevious?: boolean | 'reload';
  /** A 404 answer is `notFound` (otherwise `error`). */
  notFound?: boolean;
  /** A 403 answer (other than 'password change required') is `forbidden` (otherwise `error`). */
  forbidden?: boolean;
  /** The 403 'password change required' is `password` (default); false: it is an `error` like any other. */
  passwordChange?: boolean;
  /** A failure after an answer keeps that answer on screen (`ready` with `reloadFailed`) instead of `error`. */
  keepOnError?: boolean;
  /** Called with each answer that is shown, as it arrives (to reset what belonged to the last one, a selection). */
  onAnswer?: (data: T) => void;
}

/** The key a request is known by: one value, or a list of values compared one by one (like a hook's deps). */
export type DataKey = unknown;

function sameKey(a: DataKey, b: DataKey): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
  return Object.is(a, b);
}

interface Answer<T> {
  request: number;
  /** Which key it answered (counted: a new key is a new `keyed`). */
  keyed: number;
  state: OperatorDataState<T>;
}

/**
 * The one way a back-office screen loads its data: runs `load` when `key` changes (compared by
 * identity, a list element by element; `null` asks nothing) or `reload` is called, ignores answers
 * that arrive after a newer request started, signs the operator out ('expired') on 401, and sorts
 * the other failures into `password`, `notFound`, `forbidden` or `error` (see the options).
 */
export function useOperatorData<T>(key: DataKey, load: () => Promise<T>, options: OperatorDataOptions<T> = {}): OperatorData<T> {
  const { keepPrevious = false, notFound = false, forbidden = false, passwordChange = true, keepOnError = false, onAnswer } = options;
  const { signedOut } = useOperatorSession();
  const [request, setRequest] = useState({ key, n: 0, keyed: 0 });
  const [answer, setAnswer] = useState<Answer<T> | null>(null);

  // A new key is a new request from this render on (so no render shows the old key's answer as this one's).
  let current = request;
  if (!sameKey(request.key, key)) {
    current = { key, n: request.n + 1, keyed: request.keyed + 1 };
    setRequest(current);
  }
  const n = current.n;
  const keyed = current.keyed;
  const idle = key === null;
  /** The request shown last and who waits for a newer one (`reload()`'s promises). */
  const shown = useRef(n);
  shown.current = n;
  const waiting = useRef<{ after: number; resolve: () => void }[]>([]);
  const settled = (request: number) => {
    const done = waiting.current.filter((w) => w.after < request);
    waiting.current = waiting.current.filter((w) => w.after >= request);
    for (const w of done) w.resolve();
  };

  useEffect(() => {
    if (idle) return undefined;
    let active = true;
    load().then(
      (data) => {
        if (!active) return;
        setAnswer({ request: n, keyed, state: { status: 'ready', data, reloading: false } });
        onAnswer?.(data);
        settled(n);
      },
      (error: unknown) => {
        if (!active) return;
        if (isApiError(error) && error.status === 401) {
          signedOut('expired');
          return settled(n);
        }
        let state: OperatorDataState<T>;
        if (passwordChange && isPasswordChangeRequired(error)) state = { status: 'password' };
        else if (notFound && isApiError(error) && error.status === 404) state = { status: 'notFound', error };
        else if (forbidden && isApiError(error) && error.status === 403) state = { status: 'forbidden', error };
        else state = { status: 'error', error };
        setAnswer((last) =>
          keepOnError && last?.state.status === 'ready'
            ? { request: n, keyed, state: { ...last.state, reloading: false, reloadFailed: true } }
            : { request: n, keyed, state },
        );
        settled(n);
      },
    );
    return () => {
      active = false;
    };
    // The request is identified by `n` (its key and reloads); `load` is a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [n, idle]);

  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push({ after: shown.current, resolve });
        setRequest((r) => ({ ...r, n: r.n + 1 }));
      }),
    [],
  );
  const update = useCallback(
    (change: (data: T) => T) =>
      setAnswer((a) => (a && a.state.status === 'ready' ? { ...a, state: { ...a.state, data: change(a.state.data) } } : a)),
    [],
  );

  let state: OperatorDataState<T> = { status: 'loading' };
  if (answer?.request === n) state = answer.state;
  else if (answer?.state.status === 'ready' && (keepPrevious === true || (keepPrevious === 'reload' && answer.keyed === keyed)))
    state = { ...answer.state, reloading: true };
  return { ...state, reload, update };
}

/** The answer when there is one (also while a newer request runs with `keepPrevious`), else null. */
export function dataOf<T>(state: OperatorDataState<T>): T | null {
  return state.status === 'ready' ? state.data : null;
}
