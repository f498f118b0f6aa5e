import type { StandingRowDto } from '@erd/shared-contracts/wire';
import type { Db } from '../../db/client.js';
import type { PublishedResultKind } from '../../db/schema/index.js';
import { NotFoundError } from '../../errors.js';
import { topics, type ChangeFeed } from '../cache/changes.js';
import { createDocumentCache, type Document } from '../cache/documents.js';
import * as repo from './repository.js';
import { serializeRows } from './service.js';

/** Where the result files are served (spec §7 "static result files"). */
export const RESULTS_BASE = '/results';

/**
 * The rows of the published file `name` (`overall-….json`, `challenge-….json`) read through `file`
 * (`createResultFiles(…).get`): an empty table when there is no such file (the link previews and
 * share images of issue 23 read the standings this way).
 */
export async function standingRowsOf(file: (name: string) => Promise<ResultFile>, name: string): Promise<StandingRowDto[]> {
  try {
    return JSON.parse((await file(name)).body.toString('utf8')) as StandingRowDto[];
  } catch (error) {
    if (error instanceof NotFoundError) return [];
    throw error;
  }
}

/** Static result files (spec §7): `overall-{yearId}.json` and `challenge-{challengeId}.json`. */
const FILE = /^(overall|challenge)-([A-Za-z0-9][A-Za-z0-9_-]{0,199})\.json$/;

/** A result file ready to send: its frozen bytes, compressed once, and its validators. */
export type ResultFile = Document;

const EMPTY = serializeRows([]);

interface Named {
  kind: PublishedResultKind;
  key: string;
  cacheKey: string;
  topics: readonly string[];
}

/**
 * The published files, answered from memory (modules/cache): each file is read from the database
 * once per version and compressed once. A publication announces the file's topic
 * (`results:<kind>:<key>`) after its commit: this instance drops its copy before the publishing
 * request answers, the other instances (and the server when the CLI publishes) when the
 * notification arrives; a season import announces `content` (a year or challenge may be new or
 * gone). Without a live change feed every request asks the database (its tag first: unchanged
 * bytes are not read or compressed again). Only existing files are kept: unknown names cost a
 * query each and no memory.
 */
export function createResultFiles(db: Db, feed: ChangeFeed | null) {
  const cache = createDocumentCache({ feed, maxEntries: 200, maxBytes: 128 * 1024 * 1024 });

  async function load(kind: PublishedResultKind, key: string, previous?: Document): Promise<Document> {
    const tag = await repo.findPublishedTag(db, kind, key);
    if (tag) {
      if (previous?.etag === tag.etag) return previous;
      const row = await repo.findPublishedResult(db, kind, key);
      if (row) return cache.prepare({ body: row.body, etag: row.etag, lastModified: row.publishedAt }, previous);
    }
    // An existing year or challenge without published results has an empty table (clubs without
    // points are not listed), not a missing file: the standings show their empty state either way,
    // and browsers do not log a failed request on every visit until the first results.
    if (await repo.resultSubjectExists(db, kind, key))
      return cache.prepare({ body: EMPTY.body, etag: EMPTY.etag, lastModified: null }, previous);
    throw new NotFoundError('Unbekannte Ergebnisdatei');
  }

  // Names seen (bounded): the answers from memory look one up per request.
  const names = new Map<string, Named>();
  /** The cache key and topics of the file `name`, or null for a name that is none. */
  function named(name: string): Named | null {
    const known = names.get(name);
    if (known) return known;
    const match = FILE.exec(name);
    const kind = match?.[1];
    const key = match?.[2];
    if ((kind !== 'overall' && kind !== 'challenge') || !key) return null;
    const file: Named = { kind, key, cacheKey: `${kind}:${key}`, topics: [topics.result(kind, key), topics.content] };
    if (names.size >= 1000) names.clear();
    names.set(name, file);
    return file;
  }

  return {
    /** The file named `name` (`overall-….json`, `challenge-….json`); NotFoundError otherwise. */
    get(name: string): Promise<ResultFile> {
      const file = named(name);
      if (!file) return Promise.reject(new NotFoundError('Unbekannte Ergebnisdatei'));
      return cache.get(file.cacheKey, file.topics, (previous) => load(file.kind, file.key, previous));
    },
    /** The file named `name` if a current copy is in memory (what `get` would answer without the database), else undefined. */
    peek(name: string): ResultFile | undefined {
      const file = named(name);
      return file ? cache.peek(file.cacheKey, file.topics) : undefined;
    },
    /** The cache's lookups so far (the metrics). */
    lookups: cache.lookups,
  };
}

export type ResultFiles = ReturnType<typeof createResultFiles>;
