import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Db } from '../../db/client.js';
import type { PublishedResultKind } from '../../db/schema/index.js';
import { NotFoundError } from '../../errors.js';
import * as repo from './repository.js';
import { serializeRows } from './service.js';

/** Where the result files are served (spec §7 "static result files"). */
export const RESULTS_BASE = '/results';

/** Static result files (spec §7): `overall-{yearId}.json` and `challenge-{challengeId}.json`. */
const FILE = /^(overall|challenge)-([A-Za-z0-9][A-Za-z0-9_-]{0,199})\.json$/;

/** How long a file in memory is served before the database is asked whether it is still current. */
export const RESULT_FILE_RECHECK_MS = 1000;

/** A result file ready to send: its frozen bytes, compressed once, and its validators. */
export interface ResultFile {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  /** null: nothing published yet for an existing year or challenge (the file is `[]`). */
  lastModified: Date | null;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

async function prepare(body: string, etag: string, lastModified: Date | null): Promise<ResultFile> {
  const raw = Buffer.from(body, 'utf8');
  const [gz, br] = await Promise.all([
    gzipAsync(raw, { level: 9 }),
    brotliAsync(raw, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }),
  ]);
  return { body: raw, gzip: gz, br, etag, lastModified };
}

const EMPTY = serializeRows([]);

interface Cached {
  file: ResultFile;
  checkedAt: number;
}

/**
 * The published files, answered from memory: each file is read from the database once per version
 * and compressed once. Whether a file in memory is still the current version is checked against
 * the database at most every `RESULT_FILE_RECHECK_MS` (a query of its tag only), so a version
 * published by another instance or the CLI is served everywhere within that time; the instance
 * that publishes drops its copy at once (`invalidate`). Only existing files are kept: unknown names
 * cost a query each and no memory.
 */
export function createResultFiles(db: Db, options: { recheckMs?: number; clock?: () => number } = {}) {
  const recheckMs = options.recheckMs ?? RESULT_FILE_RECHECK_MS;
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, Cached>();
  const loading = new Map<string, Promise<ResultFile>>();

  async function load(kind: PublishedResultKind, key: string, cacheKey: string): Promise<ResultFile> {
    const cached = cache.get(cacheKey);
    const tag = await repo.findPublishedTag(db, kind, key);
    if (tag) {
      if (cached && cached.file.etag === tag.etag) {
        cached.checkedAt = clock();
        return cached.file;
      }
      const row = await repo.findPublishedResult(db, kind, key);
      if (row) {
        const file = await prepare(row.body, row.etag, row.publishedAt);
        cache.set(cacheKey, { file, checkedAt: clock() });
        return file;
      }
    }
    // An existing year or challenge without published results has an empty table (clubs without
    // points are not listed), not a missing file: the standings show their empty state either way,
    // and browsers do not log a failed request on every visit until the first results.
    if (await repo.resultSubjectExists(db, kind, key)) {
      const file = cached && cached.file.lastModified === null ? cached.file : await prepare(EMPTY.body, EMPTY.etag, null);
      cache.set(cacheKey, { file, checkedAt: clock() });
      return file;
    }
    cache.delete(cacheKey);
    throw new NotFoundError('Unbekannte Ergebnisdatei');
  }

  return {
    /** The file named `name` (`overall-….json`, `challenge-….json`); NotFoundError otherwise. */
    async get(name: string): Promise<ResultFile> {
      const match = FILE.exec(name);
      const kind = match?.[1];
      const key = match?.[2];
      if ((kind !== 'overall' && kind !== 'challenge') || !key) throw new NotFoundError('Unbekannte Ergebnisdatei');
      const cacheKey = `${kind}:${key}`;
      const cached = cache.get(cacheKey);
      if (cached && clock() - cached.checkedAt < recheckMs) return cached.file;
      // One check per file at a time, however many requests wait for it.
      let pending = loading.get(cacheKey);
      if (!pending) {
        pending = load(kind, key, cacheKey).finally(() => loading.delete(cacheKey));
        loading.set(cacheKey, pending);
      }
      return pending;
    },
    /** Drops a file after a publication of this instance. */
    invalidate(kind: PublishedResultKind, key: string): void {
      cache.delete(`${kind}:${key}`);
    },
  };
}

export type ResultFiles = ReturnType<typeof createResultFiles>;
