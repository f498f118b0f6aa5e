import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { ForbiddenError } from '../errors.js';
import { safeEqual } from '../lib/hash.js';

/**
 * Request guards of the whole app: optional basic auth (staging), the anti-forgery check for
 * unsafe `/api/` calls (double-submit cookie, spec §7 "anti-forgery header taken from a cookie"),
 * and CORS `*` for the public read-only paths.
 */

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Liveness and readiness probes (modules/health): open to load balancers and orchestrators without basic auth. */
const PROBE_PATHS = new Set(['/health', '/ready', '/healthz']);

export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Sets the `XSRF-TOKEN` cookie (readable by scripts, SameSite=Lax) unless the request has one. */
export function ensureXsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<ServerConfig, 'publicUrl'>,
): void {
  const current = request.cookies[XSRF_COOKIE];
  if (current && /^[A-Za-z0-9_-]{16,128}$/.test(current)) return;
  reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    httpOnly: false,
  });
}

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
export const CORS_HEADERS: Readonly<Record<string, string>> = { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' };

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

  // Decided on the matched route, not the raw URL: the router decodes escapes such as `/%61pi/`,
  // so a prefix test on `request.url` could be walked around.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url ?? pathOf(request.url);
    if (!UNSAFE_METHODS.has(request.method) || !route.startsWith('/api/')) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      throw new ForbiddenError('Ungültiges oder fehlendes Anti-Forgery-Token');
    }
  });

  const isCorsPath = corsPaths(config);
  app.addHook('onRequest', async (request, reply) => {
    if (!isCorsPath(pathOf(request.url))) return;
    reply.headers(CORS_HEADERS);
    if (request.method === 'OPTIONS') {
      const requested = request.headers['access-control-request-headers'];
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
        .header('access-control-max-age', '86400');
      if (typeof requested === 'string' && /^[A-Za-z0-9\-_, ]{0,500}$/.test(requested)) {
        reply.header('access-control-allow-headers', requested);
      }
      reply.send();
      return reply;
    }
  });
}
