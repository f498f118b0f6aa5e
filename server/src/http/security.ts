import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_TOKEN_PATH } from '@erd/shared-contracts/wire';
import type { ServerConfig } from '../config.js';
import { ForbiddenError } from '../errors.js';
import { safeEqual } from '../lib/hash.js';

/**
 * Request guards of the whole app: optional basic auth (staging), the refusal of unsafe requests
 * from other sites, the anti-forgery check for unsafe `/api/` calls (double-submit cookie, spec §7
 * "anti-forgery header taken from a cookie") with the endpoint that sets the cookie, no shared
 * caching of an answer that sets a cookie, and CORS `*` for the public read-only paths.
 */

export { XSRF_COOKIE, XSRF_TOKEN_PATH };
export const XSRF_HEADER = 'x-xsrf-token';
export const CROSS_SITE_MESSAGE = 'Diese Anfrage kommt von einer anderen Website und wurde abgelehnt.';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false`: an unsafe `/api/` route that needs no anti-forgery pair because a token in its URL is
     * the whole authority and nothing of the visitor's session is used: the one-click unsubscribe of
     * a mail (RFC 8058: the mail program POSTs without cookies) and its undo form. The check against
     * other sites' pages still applies.
     */
    xsrf?: false;
  }
}
/** Liveness and readiness probes (modules/health): open to load balancers and orchestrators without basic auth. */
const PROBE_PATHS = new Set(['/health', '/ready', '/healthz']);

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Sets the `XSRF-TOKEN` cookie (readable by scripts, SameSite=Lax) unless the request has one. Only
 * on private answers (`XSRF_TOKEN_PATH`): never on a page or file a shared cache may keep.
 */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, config: Pick<ServerConfig, 'publicUrl'>): void {
  const current = request.cookies[XSRF_COOKIE];
  if (current && /^[A-Za-z0-9_-]{16,128}$/.test(current)) return;
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    httpOnly: false,
  });
}

/**
 * Whether an unsafe request says it was sent by a page of another site: its `Origin` is neither
 * PUBLIC_URL's nor that of the host it was sent to (the check of Go's CrossOriginProtection; the
 * `Host` header a browser cannot change, not `X-Forwarded-Host`, which a page may add), or
 * `Sec-Fetch-Site` says `cross-site`. `same-site` (a page on a sibling sub-domain, not necessarily
 * ours) passes only with our own `Origin`, which browsers send with every unsafe request; an
 * opaque `Origin: null` (sandboxed frames, `data:` pages) is another site. A request with neither
 * header is no browser's (the CLI, scripts, tests) and passes: it cannot carry a visitor's cookies
 * against their will.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return site === 'same-site';
  if (origin === publicOrigin) return false;
  try {
    return new URL(origin).host !== (request.headers.host ?? request.headers[':authority']);
  } catch {
    return true;
  }
}

/**
 * Whether this Cache-Control lets a shared cache (a CDN, a proxy) keep the answer: it says neither
 * `no-store` nor a plain `private` (`private="…"` only keeps some fields out of the cache).
 */
export function sharedCacheMayStore(cacheControl: string): boolean {
  return !/(^|[\s,])(private|no-store)\s*(,|$)/i.test(cacheControl);
}

/**
 * Answers the safety net below made private, for a check of its own in tests
 * (test-support/app.ts makes them fail there: the code that set both is wrong).
 */
export const cookieAnswersMadePrivate = new WeakSet<FastifyRequest>();

function basicAuthOk(header: string | undefined, expected: { user: string; password: string }): boolean {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const user = colon === -1 ? '' : decoded.slice(0, colon);
  const password = colon === -1 ? '' : decoded.slice(colon + 1);
  // Both comparisons always run (no short-circuit on the user name).
  const userOk = safeEqual(user, expected.user);
  const passwordOk = safeEqual(password, expected.password);
  return colon !== -1 && userOk && passwordOk;
}

export interface SecurityOptions {
  /**
   * With basic auth on (staging), an `/api/` call whose `Authorization` header holds a valid access
   * token instead passes too (a browser cannot send both in one header; the token was only
   * obtainable through the protected site).
   */
  bearerValid?: (request: FastifyRequest) => Promise<boolean>;
}

/** The headers of every answer on a path `corsPaths` names. Other sites load these (the embed script, its logos and data): not only same-origin. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

/** The public read-only paths other sites may read (CORS `*`): the content API, result files, remotes, media, `/config.json`. */
export function corsPaths(config: Pick<ServerConfig, 'contentApiBase'>): (path: string) => boolean {
  const prefixes = [`${config.contentApiBase}/`, '/results/', '/remotes/', '/media/'];
  return (p) => p === '/config.json' || prefixes.some((prefix) => p.startsWith(prefix));
}

export function registerSecurity(app: FastifyInstance, config: ServerConfig, options: SecurityOptions = {}): void {
  const basicAuth = config.basicAuth;
  // The metrics ask for their own bearer token (modules/metrics), in the same Authorization header.
  const openPaths = config.metrics.token ? new Set([...PROBE_PATHS, '/metrics']) : PROBE_PATHS;
  if (basicAuth) {
    app.addHook('onRequest', async (request, reply) => {
      if ((request.method === 'GET' || request.method === 'HEAD') && openPaths.has(pathOf(request.url))) return;
      if (basicAuthOk(request.headers.authorization, basicAuth)) return;
      if (options.bearerValid && pathOf(request.url).startsWith('/api/') && (await options.bearerValid(request))) return;
      reply
        .code(401)
        .header('www-authenticate', `Basic realm="${config.productName.replace(/"/g, '')}", charset="UTF-8"`)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Anmeldung erforderlich.');
      return reply;
    });
  }

  // Every unsafe request, also outside /api/: the content API's sign-up and password calls and the
  // built-in identity service take browser POSTs too, and only our own pages send them. Answered
  // here, not thrown: the identity service's error handler would turn a 403 into its own 400.
  const publicOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE_METHODS.has(request.method) || !isCrossSite(request, publicOrigin)) return;
    const origin = request.headers.origin;
    request.log.warn(
      { origin: origin?.slice(0, 200), site: request.headers['sec-fetch-site'] },
      'unsafe request from another site refused',
    );
    reply.code(403).header('cache-control', 'no-store').send({ code: 'Forbidden', message: CROSS_SITE_MESSAGE, requestId: request.id });
    return reply;
  });

  // Decided on the matched route, not the raw URL: the router decodes escapes such as `/%61pi/`,
  // so a prefix test on `request.url` could be walked around.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? pathOf(request.url);
    if (!UNSAFE_METHODS.has(request.method) || !route.startsWith('/api/') || request.routeOptions.config?.xsrf === false) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new ForbiddenError('Ungültiges oder fehlendes Anti-Forgery-Token');
    }
  });

  // The anti-forgery cookie, set by a private answer of its own: the browser's API client asks for
  // it before its first unsafe call when it has none (shared-contracts/src/http/client.ts).
  app.get(
    XSRF_TOKEN_PATH,
    {
      schema: {
        summary: `Sets the ${XSRF_COOKIE} cookie (readable by scripts) unless the request has one; never cached`,
        tags: ['security'],
        response: { 204: { type: 'null', description: 'The cookie is set (or was there)' } },
      },
    },
    async (request, reply) => {
      ensureXsrfCookie(request, reply, config);
      return reply.code(204).header('cache-control', 'private, no-store').send();
    },
  );

  // An answer that sets a cookie is never kept by a shared cache: it would hand one visitor's cookie
  // to everyone. A safety net for code that gets it wrong (the cookie's own onSend hook, registered
  // before this one, has written Set-Cookie by now).
  app.addHook('onSend', async (request, reply) => {
    if (reply.getHeader('set-cookie') === undefined) return;
    const cacheControl = reply.getHeader('cache-control');
    if (typeof cacheControl === 'string' && !sharedCacheMayStore(cacheControl)) return;
    if (cacheControl !== undefined) {
      cookieAnswersMadePrivate.add(request);
      request.log.error(
        { route: request.routeOptions.url, cacheControl },
        'an answer that sets a cookie was marked cacheable: sent as private, no-store',
      );
    }
    reply.header('cache-control', 'private, no-store');
  });

  const isCorsPath = corsPaths(config);
  app.addHook('onRequest', async (request, reply) => {
    if (!isCorsPath(pathOf(request.url))) return;
    reply.headers(CORS_HEADERS);
    if (request.method === 'OPTIONS') {
      const requested = request.headers['access-control-request-headers'];
      reply.code(204).header('access-control-allow-methods', 'GET, HEAD, OPTIONS').header('access-control-max-age', '86400');
      if (typeof requested === 'string' && /^[A-Za-z0-9\-_, ]{0,500}$/.test(requested)) {
        reply.header('access-control-allow-headers', requested);
      }
      reply.send();
      return reply;
    }
  });
}
