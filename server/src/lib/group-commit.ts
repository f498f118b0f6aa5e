/**
 * Group commit: work items that arrive while a batch is under way wait for the next batch and go
 * to the database together, as one statement and one commit, instead of one each. The first item
 * goes at once (no added wait when the server is quiet); under load a batch holds what arrived
 * during the previous one's round trip.
 *
 * `run` answers one outcome per item, in order: a value, or an Error that fails that item alone.
 * When `run` itself throws, every item of the batch fails with that error (`run` decides whether a
 * failed batch may be retried item by item: modules/votes/repository.ts).
 *
 * `conflicts` names keys of an item (say, its voter and entry); an item that shares a key with one
 * already in the forming batch waits for the next batch, so that the items of one batch are
 * independent and the batch gives each the outcome it would have had alone, in arrival order.
 */

export interface GroupCommitOptions<I, O> {
  run: (items: I[]) => Promise<(O | Error)[]>;
  /** Items per batch at most. */
  maxBatch: number;
  /** Batches under way at once. */
  concurrency: number;
  conflicts?: (item: I) => readonly string[];
}

export interface GroupCommit<I, O> {
  add(item: I): Promise<O>;
  /** Batches sent and items in them so far (the bench prints the average batch). */
  readonly stats: { batches: number; items: number };
}

interface Pending<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<I, O>({ run, maxBatch, concurrency, conflicts }: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  let queue: Pending<I, O>[] = [];
  let running = 0;
  let scheduled = false;
  const stats = { batches: 0, items: 0 };

  /** The next batch from the queue: up to maxBatch items in arrival order, none sharing a conflict key. */
  function take(): Pending<I, O>[] {
    if (!conflicts) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      return batch;
    }
    const batch: Pending<I, O>[] = [];
    const rest: Pending<I, O>[] = [];
    const keys = new Set<string>();
    for (const pending of queue) {
      const own = conflicts(pending.item);
      if (batch.length >= maxBatch || own.some((key) => keys.has(key))) {
        rest.push(pending);
        // A later item must not overtake this one on a key they share.
        for (const key of own) keys.add(key);
        continue;
      }
      for (const key of own) keys.add(key);
      batch.push(pending);
    }
    queue = rest;
    return batch;
  }

  function dispatch(): void {
    scheduled = false;
    while (running < concurrency && queue.length) {
      const batch = take();
      if (!batch.length) break;
      running += 1;
      stats.batches += 1;
      stats.items += batch.length;
      void settle(batch);
    }
  }

  async function settle(batch: Pending<I, O>[]): Promise<void> {
    try {
      const outcomes = await run(batch.map((p) => p.item));
      batch.forEach((pending, i) => {
        const outcome = outcomes[i];
        if (outcome instanceof Error) pending.reject(outcome);
        else if (i >= outcomes.length) pending.reject(new Error('group commit: no outcome for an item'));
        else pending.resolve(outcome as O);
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
    } finally {
      running -= 1;
      dispatch();
    }
  }

  return {
    stats,
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        // Items of the same turn of the event loop go together; later ones wait for a free slot.
        if (running < concurrency && !scheduled) {
          scheduled = true;
          setImmediate(dispatch);
        }
      });
    },
  };
}
