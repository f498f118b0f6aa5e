import type { ServedRemoteName } from '../../config.js';
import { topics, type ChangeFeed } from '../cache/changes.js';
import { createMemoryFiles, prepareMemoryFile, type MemoryFile } from '../web/memory-file.js';
import type { DatabaseReleaseStore, ReleaseIndex } from './database-store.js';
import { readCurrentRelease, type ReleasePointer } from './service.js';

/**
 * What the server reads of the releases (/config.json, /remotes/…):
 * - folder store (embedded default): `current.json` per request, files from the folders;
 * - database store (PostgreSQL): the live pointers and release ids are one small read, kept while
 *   the change feed is live and dropped when a `releases` change arrives (from this instance, the
 *   others or the CLI), so /config.json names a new release at the next page load on every
 *   instance; while the feed is not live, every request reads the database. A release's files never
 *   change under their id: they are loaded once and kept in memory (bounded, compressed once).
 */
export interface FolderReleaseReader {
  readonly kind: 'folder';
  live(name: ServedRemoteName): Promise<ReleasePointer | null>;
}

export interface DatabaseReleaseReader {
  readonly kind: 'database';
  live(name: ServedRemoteName): Promise<ReleasePointer | null>;
  isRelease(name: ServedRemoteName, id: string): Promise<boolean>;
  /** A release's file from memory; null when the release has no such file. */
  file(name: ServedRemoteName, id: string, path: string): Promise<MemoryFile | null>;
}

export type ReleaseReader = FolderReleaseReader | DatabaseReleaseReader;

export function createFolderReleaseReader(remotesDir: string): FolderReleaseReader {
  return { kind: 'folder', live: (name) => readCurrentRelease(remotesDir, name) };
}

/** Files up to this size are kept in memory; bigger ones (rare in a build) are read per request. */
const FILE_MAX = 4 * 1024 * 1024;
const TOTAL_MAX = 64 * 1024 * 1024;
/** Releases whose file list is kept (a page needs a handful). */
const PATH_LISTS_MAX = 64;

export function createDatabaseReleaseReader(store: DatabaseReleaseStore, feed: ChangeFeed | null): DatabaseReleaseReader {
  const changed = [topics.releases];
  let kept: { since: number; index: ReleaseIndex } | null = null;
  let loading: { since: number; promise: Promise<ReleaseIndex> } | null = null;
  /** Release ids seen once exist for good (releases are never deleted). */
  const known = new Set<string>();
  const pathLists = new Map<string, Promise<{ paths: Map<string, number>; createdAt: Date } | null>>();
  const memory = createMemoryFiles({ maxBytes: TOTAL_MAX });

  function index(): Promise<ReleaseIndex> {
    if (!feed?.live) {
      kept = null;
      return store.index();
    }
    const changedAt = feed.changedAt(changed);
    if (kept && kept.since >= changedAt) return Promise.resolve(kept.index);
    if (loading && loading.since >= changedAt) return loading.promise;
    const since = feed.now();
    const promise = store.index().then((loaded) => {
      if (feed.live && feed.changedAt(changed) <= since) kept = { since, index: loaded };
      return loaded;
    });
    const current = { since, promise };
    loading = current;
    void promise
      .finally(() => {
        if (loading === current) loading = null;
      })
      .catch(() => undefined);
    return promise;
  }

  function pathList(name: ServedRemoteName, id: string) {
    const key = `${name}/${id}`;
    let list = pathLists.get(key);
    if (list) {
      pathLists.delete(key);
      pathLists.set(key, list);
      return list;
    }
    list = Promise.all([store.paths(name, id), store.createdAt(name, id)]).then(([paths, createdAt]) =>
      paths && createdAt ? { paths, createdAt } : null,
    );
    pathLists.set(key, list);
    // Not kept: a failed read, or a release that is not there (yet).
    void list.then(
      (found) => !found && pathLists.get(key) === list && pathLists.delete(key),
      () => pathLists.get(key) === list && pathLists.delete(key),
    );
    for (const oldest of pathLists.keys()) {
      if (pathLists.size <= PATH_LISTS_MAX) break;
      pathLists.delete(oldest);
    }
    return list;
  }

  async function load(name: ServedRemoteName, id: string, path: string, found: { paths: Map<string, number>; createdAt: Date }) {
    const siblings = [`${path}.br`, `${path}.gz`].filter((p) => found.paths.has(p));
    const rows = await store.files(name, id, [path, ...siblings]);
    const byPath = new Map(rows.map((r) => [r.path, r]));
    const file = byPath.get(path);
    if (!file) return null;
    return prepareMemoryFile(file.data, file.contentType, found.createdAt, {
      br: byPath.get(`${path}.br`)?.data,
      gzip: byPath.get(`${path}.gz`)?.data,
    });
  }

  return {
    kind: 'database',
    async live(name) {
      return (await index()).live.get(name) ?? null;
    },
    async isRelease(name, id) {
      const key = `${name}/${id}`;
      if (known.has(key)) return true;
      if (!(await index()).releases.has(key)) return false;
      known.add(key);
      return true;
    },
    async file(name, id, path) {
      const found = await pathList(name, id);
      const size = found?.paths.get(path);
      if (!found || size === undefined) return null;
      if (size > FILE_MAX) return load(name, id, path, found);
      return memory.get(`${name}/${id}/${path}`, () => load(name, id, path, found));
    },
  };
}
