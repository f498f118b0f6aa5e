import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AppMetrics } from '../modules/metrics/metrics.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';

/**
 * Answers ready before the request arrives, sent without Fastify's routing, hooks and reply
 * (issue 10: result files and hashed build files at nginx-like cost). Only what is already in
 * memory and current is answered here: a result file the document cache holds and whose topics
 * have not changed since (modules/results/files.ts `peek`), a hashed host build file kept in memory
 * (modules/web/routes.ts). Everything else, and anything unusual about a request (another method,
 * a query, an escape, a body, a Range, a closing server), goes to Fastify as before.
 *
 * Each answer is the one the route itself sends: the route and this path use the same prepared
 * representations (status, headers, body; modules/cache/http.ts `documentAnswers`,
 * modules/web/memory-file.ts `memoryFileAnswers`), and the app-wide headers are the ones the app's
 * hooks set (security headers, CORS of the public read paths, `X-Request-Id`), computed once. What
 * the route's answer has on top — Fastify's `Content-Length`, on HEAD too, and `Content-Length: 0`
 * on a HEAD that is answered 304 — is added the same way here. The request is counted in the
 * metrics under its route's pattern; nothing is logged (request lines are logged only at debug,
 * where this path is off). fast-answers.test.ts compares both paths header by header.
 */

/** One prepared answer of a route: status, the route's own headers (lower-case, no Content-Length), body. */
export interface Representation {
  readonly status: 200 | 304;
  readonly headers: Readonly<Record<string, string>>;
  /** null: no body (304). */
  readonly body: Buffer | null;
}

/** What a route answers for a path from memory: its pattern (the metrics' label) and the representation; undefined: ask the route. */
export type FastLookup = (
  path: string,
  headers: IncomingHttpHeaders,
) => { route: string; representation: Representation; extra?: readonly string[] } | undefined;

export interface FastAnswersOptions {
  /** Off: every request goes to Fastify (basic auth on, or request logging at debug/trace). */
  enabled: boolean;
  /** The headers the app's hooks set on every answer of `path` (security headers, CORS), as name/value pairs. */
  appHeaders: (path: string) => readonly (readonly [string, string])[];
  metrics: AppMetrics | null;
}

export interface FastAnswers {
  /** Answers paths below `prefix` (which ends in `/`) with `lookup`, when it knows them. */
  add(prefix: string, lookup: FastLookup): void;
  /** Fastify's request listener, with the answers from memory in front of it. */
  wrap(fastify: RequestListener): RequestListener;
  /** Stop answering (the app is closing: Fastify answers 503 from now on). */
  close(): void;
  /** Requests answered here so far (tests, diagnostics). */
  readonly answered: number;
}

interface Prepared {
  get: string[];
  head: string[];
}

export function createFastAnswers(options: FastAnswersOptions): FastAnswers {
  const lookups: Array<{ prefix: string; lookup: FastLookup }> = [];
  const { metrics } = options;
  let open = options.enabled;
  let answered = 0;
  // Per representation and path: the whole header list but the request id, for GET and for HEAD.
  const prepared = new WeakMap<Representation, Map<string, Prepared>>();

  function headerList(path: string, representation: Representation, extra: readonly string[] | undefined, head: boolean): string[] {
    const list = new Map<string, [string, string]>();
    for (const [name, value] of options.appHeaders(path)) list.set(name.toLowerCase(), [name, value]);
    for (let i = 0; extra && i < extra.length; i += 2) list.set(extra[i]!.toLowerCase(), [extra[i]!, extra[i + 1]!]);
    for (const [name, value] of Object.entries(representation.headers)) list.set(name.toLowerCase(), [name, value]);
    // As Fastify: the body's length (also on HEAD); a HEAD without a body says 0, a GET 304 nothing.
    if (representation.body) list.set('content-length', ['content-length', String(representation.body.length)]);
    else if (head) list.set('content-length', ['content-length', '0']);
    return [...list.values()].flat();
  }

  function preparedFor(path: string, representation: Representation, extra: readonly string[] | undefined): Prepared {
    let byPath = prepared.get(representation);
    if (!byPath) {
      byPath = new Map();
      prepared.set(representation, byPath);
    }
    let lists = byPath.get(path);
    if (!lists) {
      lists = { get: headerList(path, representation, extra, false), head: headerList(path, representation, extra, true) };
      byPath.set(path, lists);
    }
    return lists;
  }

  /** The lookup of the longest prefix of `url` (`/results/` before `/`). */
  function lookupOf(url: string): FastLookup | undefined {
    for (const { prefix, lookup } of lookups) if (url.startsWith(prefix)) return lookup;
    return undefined;
  }

  function answer(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (!open || (method !== 'GET' && method !== 'HEAD')) return false;
    const url = req.url;
    if (!url || url.includes('?') || url.includes('%')) return false;
    const headers = req.headers;
    // A body or a range: the route and Fastify decide.
    if (
      headers.range !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      (headers['content-length'] !== undefined && headers['content-length'] !== '0')
    )
      return false;
    const start = metrics ? performance.now() : 0;
    let found: ReturnType<FastLookup>;
    let list: string[];
    try {
      found = lookupOf(url)?.(url, headers);
      if (!found) return false;
      const lists = preparedFor(url, found.representation, found.extra);
      list = (method === 'HEAD' ? lists.head : lists.get).slice();
      list.push(REQUEST_ID_HEADER, requestIdOf(req));
    } catch {
      // Whatever went wrong, the route answers (and reports it).
      return false;
    }
    const { representation, route } = found;
    // Head and body leave in one write (Node corks them into one writev).
    res.writeHead(representation.status, list);
    if (method === 'HEAD' || !representation.body) res.end();
    else res.end(representation.body);
    answered++;
    if (metrics) res.once('finish', () => metrics.observeRequest(method, route, representation.status, performance.now() - start));
    return true;
  }

  return {
    add(prefix, lookup) {
      if (!prefix.startsWith('/') || !prefix.endsWith('/')) throw new Error(`fast answers: prefix ${prefix} must start and end with /`);
      lookups.push({ prefix, lookup });
      lookups.sort((a, b) => b.prefix.length - a.prefix.length);
    },
    wrap(fastify) {
      return (req, res) => {
        if (!answer(req, res)) fastify(req, res);
      };
    },
    close() {
      open = false;
    },
    get answered() {
      return answered;
    },
  };
}
