import http from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { MetricsConfig } from '../../config.js';
import { UnauthorizedError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { safeEqual } from '../../lib/hash.js';
import type { Logger } from '../../logger.js';
import type { AppMetrics } from './metrics.js';

/**
 * `GET /metrics` (Prometheus text format), never open to everyone:
 * - on the site's port only with METRICS_TOKEN, for `Authorization: Bearer <token>` (compared in
 *   constant time; else 401). Exempt from the site's basic auth (http/security.ts), which would
 *   take the same header. Without the token the path is unknown here (the site's own 404).
 * - on METRICS_HOST:METRICS_PORT (default 127.0.0.1), a small listener of its own outside the app
 *   (no basic auth, no request log); it asks for the token too when one is set.
 */

export const METRICS_PATH = '/metrics';
const CHALLENGE = 'Bearer realm="metrics"';

/** True when `header` is `Bearer <token>` (constant time in the token). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return safeEqual(match?.[1] ?? '', token) && !!match;
}

export const metricsRoutes: FastifyPluginAsync<{ metrics: AppMetrics; token: string }> = async (app, { metrics, token }) => {
  tagRoutes(app, 'health');
  const schema = {
    summary: 'Prometheus metrics (only with METRICS_TOKEN, for its bearer token)',
    security: [{ metricsToken: [] }],
    response: { 200: { content: { 'text/plain': { schema: { type: 'string' } } } }, 401: zodErrorSchema },
  };
  zodRoutes(app).get(METRICS_PATH, { schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', CHALLENGE);
      throw new UnauthorizedError('Metrics need the bearer token (METRICS_TOKEN)');
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
};

/**
 * Starts the metrics listener on `config.host:config.port` (server.ts, when METRICS_PORT is set;
 * `port` 0 picks a free one). Answers the server, which `close()`s it.
 */
export async function listenMetrics(
  metrics: AppMetrics,
  config: Pick<MetricsConfig, 'host' | 'token'> & { port: number },
  log: Logger,
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const send = (status: number, text: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers });
      response.end(request.method === 'HEAD' ? undefined : text);
    };
    if (path !== METRICS_PATH) return send(404, 'Not found\n');
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'Method not allowed\n', { allow: 'GET, HEAD' });
    if (config.token && !bearerMatches(request.headers.authorization, config.token)) {
      return send(401, 'Metrics need the bearer token (METRICS_TOKEN)\n', { 'www-authenticate': CHALLENGE });
    }
    metrics.render().then(
      ({ contentType, body }) => send(200, body, { 'content-type': contentType }),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: could not collect');
        send(500, 'Could not collect the metrics\n');
      },
    );
  });
  // Scrapers keep their connection open; a close does not wait for idle ones.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops the metrics listener, idle scrape connections included. */
export async function closeMetricsListener(server: http.Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
