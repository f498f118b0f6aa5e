import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Representation } from '../../http/fast-answers.js';
import { isCompressible } from '../../lib/content-type.js';
import { encodingFor } from '../cache/http.js';

/**
 * A static file kept in memory, ready to send: its bytes, gzip and brotli (the build's precompressed
 * siblings, or made once when it is loaded) and its validators. Host build files (web/routes.ts),
 * released remote files and media from the database (modules/releases/reader.ts, media) are sent
 * from such copies.
 */
export interface MemoryFile {
  raw: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  type: string;
  etag: string;
  lastModified: string;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Below this, compression gains nothing worth a CPU cycle. */
const COMPRESS_MIN = 1024;

export function memoryFileBytes(file: MemoryFile): number {
  return file.raw.length + (file.gzip?.length ?? 0) + (file.br?.length ?? 0);
}

/** A memory file of `raw`; text is compressed once here unless precompressed siblings are given. */
export async function prepareMemoryFile(
  raw: Buffer,
  type: string,
  lastModified: Date,
  siblings: { gzip?: Buffer | null; br?: Buffer | null; compress?: boolean } = {},
): Promise<MemoryFile> {
  let gz = siblings.gzip ?? null;
  let br = siblings.br ?? null;
  if (siblings.compress !== false && raw.length >= COMPRESS_MIN && isCompressible(type)) {
    [gz, br] = await Promise.all([
      gz ?? gzipAsync(raw, { level: 9 }),
      br ??
        brotliAsync(raw, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          },
        }),
    ]);
  }
  return {
    raw,
    gzip: gz,
    br,
    type,
    etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`,
    lastModified: lastModified.toUTCString(),
  };
}

function memoryFileNotModified(headers: IncomingHttpHeaders, file: MemoryFile): boolean {
  const inm = headers['if-none-match'];
  if (typeof inm === 'string') return inm.split(',').some((tag) => tag.trim() === file.etag || tag.trim() === '*');
  const ims = headers['if-modified-since'];
  return typeof ims === 'string' && Date.parse(ims) >= Date.parse(file.lastModified);
}

/** A memory file's answers under one Cache-Control: 304, and 200 per encoding it has. */
interface MemoryFileAnswers {
  notModified: Representation;
  br: Representation;
  gzip: Representation;
  identity: Representation;
}

const answersMade = new WeakMap<MemoryFile, Map<string, MemoryFileAnswers>>();

function memoryFileAnswers(file: MemoryFile, cacheControl: string): MemoryFileAnswers {
  let byCacheControl = answersMade.get(file);
  if (!byCacheControl) {
    byCacheControl = new Map();
    answersMade.set(file, byCacheControl);
  }
  let found = byCacheControl.get(cacheControl);
  if (found) return found;
  const validators = { 'cache-control': cacheControl, etag: file.etag, 'last-modified': file.lastModified, vary: 'accept-encoding' };
  const ok = (body: Buffer): Representation => ({
    status: 200,
    headers: {
      ...validators,
      ...(body === file.br ? { 'content-encoding': 'br' } : body === file.gzip ? { 'content-encoding': 'gzip' } : {}),
      'content-type': file.type,
    },
    body,
  });
  const identity = ok(file.raw);
  const gzip = file.gzip ? ok(file.gzip) : identity;
  found = { notModified: { status: 304, headers: validators, body: null }, br: file.br ? ok(file.br) : gzip, gzip, identity };
  byCacheControl.set(cacheControl, found);
  return found;
}

/**
 * The answer to a request with `headers`: 304 when its validators match, else the best encoding the
 * client accepts that the file has (br, then gzip, then the bytes as they are).
 */
export function chooseMemoryFileAnswer(file: MemoryFile, cacheControl: string, headers: IncomingHttpHeaders): Representation {
  const answers = memoryFileAnswers(file, cacheControl);
  if (memoryFileNotModified(headers, file)) return answers.notModified;
  const encoding = encodingFor(headers['accept-encoding']);
  return encoding === 'br' ? answers.br : encoding ? answers.gzip : answers.identity;
}

/** Sends `file` with `cacheControl`, its validators (304 when they match) and the best encoding the client accepts. */
export function sendMemoryFile(request: FastifyRequest, reply: FastifyReply, file: MemoryFile, cacheControl: string): FastifyReply {
  const answer = chooseMemoryFileAnswer(file, cacheControl, request.headers);
  return reply
    .code(answer.status)
    .headers(answer.headers)
    .send(answer.body ?? undefined);
}

/**
 * Memory files by key, the least recently used dropped first beyond `maxBytes`; one load per key at
 * a time. A loader's null (no such file) is not kept: a file may appear later (another instance).
 */
export function createMemoryFiles(options: { maxBytes: number; maxEntries?: number }) {
  const files = new Map<string, MemoryFile>();
  const loading = new Map<string, Promise<MemoryFile | null>>();
  let bytes = 0;
  const maxEntries = options.maxEntries ?? 10_000;
  function remove(key: string): void {
    const file = files.get(key);
    if (!file) return;
    files.delete(key);
    bytes -= memoryFileBytes(file);
  }
  return {
    async get(key: string, load: () => Promise<MemoryFile | null>): Promise<MemoryFile | null> {
      const hit = files.get(key);
      if (hit) {
        files.delete(key);
        files.set(key, hit);
        return hit;
      }
      const pending = loading.get(key);
      if (pending) return pending;
      const promise = load()
        .then((file) => {
          const size = file ? memoryFileBytes(file) : 0;
          if (file && size <= options.maxBytes / 4) {
            files.set(key, file);
            bytes += size;
            for (const oldest of files.keys()) {
              if (bytes <= options.maxBytes && files.size <= maxEntries) break;
              remove(oldest);
            }
          }
          return file;
        })
        .finally(() => loading.delete(key));
      loading.set(key, promise);
      return promise;
    },
    stats: () => ({ entries: files.size, bytes }),
  };
}
