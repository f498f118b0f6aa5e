import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Representation } from '../../http/fast-answers.js';
import type { Document } from './documents.js';

/** Sending a prepared document (modules/cache/documents.ts): validators, 304, the encoding the client accepts. */

/** Whether the request's validators match (If-None-Match wins over If-Modified-Since). */
export function notModified(request: Pick<FastifyRequest, 'headers'>, doc: Pick<Document, 'etag' | 'lastModified'>): boolean {
  return notModifiedBy(request.headers, doc);
}

export function notModifiedBy(headers: IncomingHttpHeaders, doc: Pick<Document, 'etag' | 'lastModified'>): boolean {
  const inm = headers['if-none-match'];
  if (typeof inm === 'string') {
    return inm.trim() === '*' || inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === doc.etag);
  }
  const ims = headers['if-modified-since'];
  if (typeof ims === 'string' && doc.lastModified) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && Math.floor(doc.lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

const encodings = new Map<string, 'br' | 'gzip' | null>();

/** The best encoding the client accepts (`br`, `gzip` or none); `q=0` refuses one. */
export function encodingFor(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  // Browsers send a handful of distinct values: each is parsed once.
  const known = encodings.get(value);
  if (known !== undefined) return known;
  const accepted = new Set(
    value
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part && !/;\s*q=0(\.0*)?\s*$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  if (encodings.size < 200) encodings.set(value, encoding);
  return encoding;
}

/**
 * How long a CDN may keep an answer, and serve it stale. Browsers get `max-age=0` without any
 * `stale-*` directive, so they revalidate on every view (a 304 from memory) and never show an answer
 * older than the server's: browsers honour `stale-while-revalidate` too, and would show a vote count
 * of up to that long ago. The stale directives go to CDNs only, in `CDN-Cache-Control` (RFC 9213);
 * a cache that reads only `Cache-Control` keeps the answer `s-maxage` seconds.
 */
export interface CachePolicy {
  sMaxAge: number;
  staleWhileRevalidate: number;
  staleIfError: number;
}

export function cacheHeaders(policy: CachePolicy): { 'cache-control': string; 'cdn-cache-control': string } {
  return {
    'cache-control': `public, max-age=0, s-maxage=${policy.sMaxAge}`,
    'cdn-cache-control': `public, max-age=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}, stale-if-error=${policy.staleIfError}`,
  };
}

/** A document's answers under one policy, made once per document: 304, and 200 per encoding. */
export interface DocumentAnswers {
  notModified: Representation;
  br: Representation;
  gzip: Representation;
  identity: Representation;
}

/**
 * Answers documents with the cache headers of `policy` (and `extra` headers, e.g. CORS exposure),
 * their ETag (and Last-Modified), `Vary: Accept-Encoding`: a 304 when the client's validators match,
 * else the bytes in the best encoding it accepts. The headers of each answer are made once per
 * document (the route and the answers from memory, http/fast-answers.ts, send the same ones). The
 * route needs `compress: false` (the bytes are compressed already).
 */
export function documentSender(policy: CachePolicy, extra: Readonly<Record<string, string>> = {}) {
  const made = new WeakMap<Document, DocumentAnswers>();
  const cache = cacheHeaders(policy);
  function answers(doc: Document): DocumentAnswers {
    let found = made.get(doc);
    if (found) return found;
    const validators: Record<string, string> = { ...extra, ...cache, etag: doc.etag, vary: 'Accept-Encoding' };
    if (doc.lastModified) validators['last-modified'] = doc.lastModified.toUTCString();
    const ok = (body: Buffer, encoding?: 'br' | 'gzip'): Representation => ({
      status: 200,
      headers: { ...validators, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    found = {
      notModified: { status: 304, headers: validators, body: null },
      br: ok(doc.br, 'br'),
      gzip: ok(doc.gzip, 'gzip'),
      identity: ok(doc.body),
    };
    made.set(doc, found);
    return found;
  }
  /** The answer to a request with `headers`. */
  function choose(doc: Document, headers: IncomingHttpHeaders): Representation {
    const all = answers(doc);
    if (notModifiedBy(headers, doc)) return all.notModified;
    return all[encodingFor(headers['accept-encoding']) ?? 'identity'];
  }
  return {
    choose,
    send(request: FastifyRequest, reply: FastifyReply, doc: Document): FastifyReply {
      const answer = choose(doc, request.headers);
      // A Buffer is sent as it is (no serializer): the prepared bytes.
      return reply
        .code(answer.status)
        .headers(answer.headers)
        .send(answer.body ?? undefined);
    },
  };
}

export type DocumentSender = ReturnType<typeof documentSender>;

const senders = new WeakMap<CachePolicy, DocumentSender>();

/** Answers `doc` under `policy` (see `documentSender`). */
export function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: Document, policy: CachePolicy): FastifyReply {
  let sender = senders.get(policy);
  if (!sender) {
    sender = documentSender(policy);
    senders.set(policy, sender);
  }
  return sender.send(request, reply, doc);
}
