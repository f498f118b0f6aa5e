import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { ChangeFeed } from './changes.js';

/**
 * Public answers kept in memory, ready to send: the bytes, gzip and brotli made once per version,
 * and the validators. A copy is current while none of its topics changed since its load started
 * (modules/cache/changes.ts): a change announced on this instance drops it before the writing
 * request answers; one of another instance when its notification arrives. While the feed is not
 * live, every request loads (nothing older than the database is ever served). One load per key at
 * a time: requests that arrive meanwhile share it, unless a change came after it started.
 * Bounded: at most `maxEntries` copies and `maxBytes` (raw + compressed), the least recently used
 * go first.
 */

export interface Document {
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** A strong validator, quoted. */
  etag: string;
  lastModified: Date | null;
}

/** What a loader answers: the JSON text; `etag` when it has its own (else a hash of the bytes). */
export interface Loaded {
  body: string | Buffer;
  etag?: string;
  lastModified?: Date | null;
}

export interface DocumentCacheOptions {
  feed: ChangeFeed | null;
  maxEntries?: number;
  maxBytes?: number;
  /** Brotli quality (0–11) and gzip level (1–9): higher for large answers that rarely change. */
  brotliQuality?: number;
  gzipLevel?: number;
}

interface Entry {
  doc: Document;
  /** The feed's tick when its load started. */
  since: number;
  topics: readonly string[];
  bytes: number;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export async function prepareDocument(
  loaded: Loaded,
  options: { brotliQuality?: number; gzipLevel?: number } = {},
  previous?: Document,
): Promise<Document> {
  const body = typeof loaded.body === 'string' ? Buffer.from(loaded.body, 'utf8') : loaded.body;
  const etag = loaded.etag ?? etagOf(body);
  const lastModified = loaded.lastModified ?? null;
  // Unchanged bytes (a reload after a change elsewhere): the compressed ones are reused.
  if (previous && previous.etag === etag && previous.body.equals(body)) {
    return previous.lastModified?.getTime() === lastModified?.getTime() ? previous : { ...previous, lastModified };
  }
  const [gz, br] = await Promise.all([
    gzipAsync(body, { level: options.gzipLevel ?? 9 }),
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  return { body, gzip: gz, br, etag, lastModified };
}

export function createDocumentCache(options: DocumentCacheOptions) {
  const { feed } = options;
  const maxEntries = options.maxEntries ?? 1000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, { since: number; promise: Promise<Document> }>();
  let bytes = 0;
  // How lookups went (the metrics read them): plain numbers, nothing more per request.
  const lookups = { hit: 0, miss: 0, shared: 0, uncached: 0 };

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(key: string, doc: Document, since: number, topics: readonly string[]): void {
    remove(key);
    const size = doc.body.length + doc.gzip.length + doc.br.length;
    if (size > maxBytes) return;
    entries.set(key, { doc, since, topics, bytes: size });
    bytes += size;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  async function load(key: string, loader: (previous?: Document) => Promise<Loaded | Document>): Promise<Document> {
    const previous = entries.get(key)?.doc;
    const loaded = await loader(previous);
    if ('gzip' in loaded) return loaded;
    return prepareDocument(loaded, options, previous);
  }

  return {
    /**
     * The current answer for `key`, which depends on `topics`; `loader` reads it from the database
     * (it may answer `previous` itself when it can tell that nothing changed). A loader's error
     * (e.g. NotFoundError) is not kept.
     */
    async get(key: string, topics: readonly string[], loader: (previous?: Document) => Promise<Loaded | Document>): Promise<Document> {
      if (!feed?.live) {
        lookups.uncached++;
        // Read every time; kept only as the previous version (its compressed bytes are reused when unchanged).
        const doc = await load(key, loader);
        store(key, doc, -1, topics);
        return doc;
      }
      const changedAt = feed.changedAt(topics);
      const entry = entries.get(key);
      if (entry && entry.since >= changedAt) {
        // Most recently used last.
        entries.delete(key);
        entries.set(key, entry);
        lookups.hit++;
        return entry.doc;
      }
      const pending = loading.get(key);
      if (pending && pending.since >= changedAt) {
        lookups.shared++;
        return pending.promise;
      }
      lookups.miss++;
      const since = feed.now();
      const promise = load(key, loader)
        .then((doc) => {
          if (feed.live && feed.changedAt(topics) <= since) store(key, doc, since, topics);
          return doc;
        })
        .catch((error: unknown) => {
          // Gone (e.g. a result file of a deleted year): its old copy is never served again.
          if (feed.changedAt(topics) > (entries.get(key)?.since ?? Infinity)) remove(key);
          throw error;
        })
        .finally(() => {
          if (loading.get(key)?.promise === promise) loading.delete(key);
        });
      loading.set(key, { since, promise });
      return promise;
    },
    /**
     * The answer for `key` if this cache holds a current copy (as `get` would answer it from memory),
     * else undefined: then `get` loads it. Synchronous, for the answers from memory
     * (http/fast-answers.ts).
     */
    peek(key: string, topics: readonly string[]): Document | undefined {
      if (!feed?.live) return undefined;
      const entry = entries.get(key);
      if (!entry || entry.since < feed.changedAt(topics)) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      lookups.hit++;
      return entry.doc;
    },
    /** A document with this cache's compression (for a loader that answers one itself). */
    prepare: (loaded: Loaded, previous?: Document) => prepareDocument(loaded, options, previous),
    /** How many copies and bytes are kept (tests, diagnostics). */
    stats: () => ({ entries: entries.size, bytes }),
    /** Lookups so far: from memory, loaded, joined a load under way, read while the feed was not live. */
    lookups: () => ({ ...lookups }),
  };
}

export type DocumentCache = ReturnType<typeof createDocumentCache>;
