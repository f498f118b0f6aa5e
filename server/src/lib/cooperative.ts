import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work (a club import of 200,000 rows) must not freeze the process: PGlite and every request
 * share this one thread, and a loop of awaits that resolve at once (microtasks) never lets timers
 * or I/O run. A loop calls the returned `pause()` once per step; after `sliceMs` of work since the
 * last turn it waits one event-loop turn (setImmediate), so other requests are served in between.
 */
export function cooperative(sliceMs = 10): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}

/** One event-loop turn (between the batches of a bulk write). */
export const yieldTurn = (): Promise<void> => nextTurn().then(() => undefined);
