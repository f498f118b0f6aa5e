import type { ChangeFeed } from './changes.js';

/**
 * Values made from the database kept in memory while none of the topics they were made of changed
 * (modules/cache/changes.ts; so also across instances): the app's pages with their heads and the
 * share images (issue 23). Like the document cache (./documents.ts) but for values that are sent
 * as they are (a PNG is not compressed again) and that name their topics only once made (a page's
 * topics depend on what it shows). One load per key at a time: requests that arrive meanwhile
 * share it. While the feed is not live every request loads. Bounded: the least recently used go
 * first.
 */

export interface Made<T> {
  value: T;
  topics: readonly string[];
}

interface Entry<T> {
  value: T;
  since: number;
  topics: readonly string[];
  bytes: number;
}

export function createKeptValues<T>({
  feed,
  maxEntries,
  maxBytes,
  sizeOf,
}: {
  feed: Pick<ChangeFeed, 'live' | 'now' | 'changedAt'> | null;
  maxEntries: number;
  maxBytes: number;
  sizeOf: (value: T) => number;
}) {
  const kept = new Map<string, Entry<T>>();
  const loading = new Map<string, { since: number; made: Promise<Made<T>> }>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  function drop(key: string) {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    bytes -= entry.bytes;
  }

  function current(entry: Entry<T> | undefined): entry is Entry<T> {
    return !!entry && !!feed?.live && feed.changedAt(entry.topics) <= entry.since;
  }

  return {
    async get(key: string, make: () => Promise<Made<T>>): Promise<T> {
      const entry = kept.get(key);
      if (current(entry)) {
        hits++;
        // Most recently used last.
        kept.delete(key);
        kept.set(key, entry);
        return entry.value;
      }
      misses++;
      let pending = loading.get(key);
      // A load that started before any change since is not shared (it may have read what changed).
      if (!pending || (feed && feed.now() > pending.since)) {
        const since = feed?.now() ?? 0;
        const made = make();
        pending = { since, made };
        loading.set(key, pending);
        const mine = pending;
        made
          .then(({ value, topics }) => {
            if (loading.get(key) === mine) loading.delete(key);
            drop(key);
            if (!feed?.live || feed.changedAt(topics) > since) return;
            const size = sizeOf(value) + key.length;
            kept.set(key, { value, since, topics, bytes: size });
            bytes += size;
            for (const oldest of kept.keys()) {
              if (kept.size <= maxEntries && bytes <= maxBytes) break;
              drop(oldest);
            }
          })
          .catch(() => {
            if (loading.get(key) === mine) loading.delete(key);
          });
      }
      return (await pending.made).value;
    },
    /** Hits and misses so far (for a benchmark or metrics). */
    get stats() {
      return { hits, misses, entries: kept.size, bytes };
    },
  };
}
