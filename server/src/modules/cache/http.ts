import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Document } from './documents.js';

/** Sending a prepared document (modules/cache/documents.ts): validators, 304, the encoding the client accepts. */

/** Whether the request's validators match (If-None-Match wins over If-Modified-Since). */
export function notModified(request: FastifyRequest, doc: Pick<Document, 'etag' | 'lastModified'>): boolean {
  const inm = request.headers['if-none-match'];
  if (typeof inm === 'string') {
    return inm.trim() === '*' || inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === doc.etag);
  }
  const ims = request.headers['if-modified-since'];
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

/**
 * Answers `doc` with the cache headers of `policy`, its ETag (and Last-Modified), `Vary:
 * Accept-Encoding`: a 304 when the client's validators match, else the bytes in the best encoding it
 * accepts. The route needs `compress: false` (the bytes are compressed already).
 */
export function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: Document, policy: CachePolicy): FastifyReply {
  reply.headers(cacheHeaders(policy)).header('etag', doc.etag).header('vary', 'Accept-Encoding');
  if (doc.lastModified) reply.header('last-modified', doc.lastModified.toUTCString());
  if (notModified(request, doc)) return reply.code(304).send();
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  // A Buffer is sent as it is (no serializer): the prepared bytes.
  return reply.type('application/json; charset=utf-8').send(encoding === 'br' ? doc.br : encoding === 'gzip' ? doc.gzip : doc.body);
}
