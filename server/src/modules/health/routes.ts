import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { healthOkSchema, healthReadySchema, type HealthReadyDto } from '@erd/shared-contracts/schemas';
import type { Database } from '../../db/client.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodRoutes } from '../../http/zod.js';
import type { JobQueue } from '../jobs/queue.js';

/**
 * Liveness and readiness (all three exempt from basic auth, `no-store`):
 * - `GET /health`: the process runs (no database call): 200 `{ ok: true }`.
 * - `GET /ready`: this instance should get traffic: the database answers (within 2 s), the job
 *   queue runs and the server is not closing; else 503 with which of them failed.
 * - `GET /healthz` (older, kept for the start scripts and load balancers set up with it):
 *   `{ ok: true }` after a database ping, 503 otherwise.
 */

export interface HealthOptions {
  database: Pick<Database, 'ping'>;
  jobs: Pick<JobQueue, 'isRunning'>;
  /** True once `app.close()` has begun (SIGTERM, SIGINT). */
  isClosing: () => boolean;
}

const PING_TIMEOUT_MS = 2000;

/** True when the database answered within the time. */
async function pings(database: Pick<Database, 'ping'>, onError: (error: unknown) => void): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      database.ping().then(
        () => true,
        (error: unknown) => {
          onError(error);
          return false;
        },
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** What `GET /ready` checks (also sampled as the `erd_ready` metric, modules/metrics). */
export async function checkReadiness(
  { database, jobs, isClosing }: HealthOptions,
  onError: (error: unknown) => void,
): Promise<HealthReadyDto> {
  const closing = isClosing();
  const db = closing ? false : await pings(database, onError);
  const state = { database: db, jobs: jobs.isRunning(), closing };
  return { ok: state.database && state.jobs && !closing, ...state };
}

export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, options) => {
  const { database } = options;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  tagRoutes(app, 'health');
  const r = zodRoutes(app);

  r.get(
    '/health',
    { schema: { summary: 'Liveness: the process runs (no database call)', response: { 200: healthOkSchema } } },
    async (_request, reply) => {
      noStore(reply);
      return { ok: true };
    },
  );

  r.get(
    '/ready',
    {
      schema: {
        summary: 'Readiness: database, job workers, not closing (503 otherwise)',
        response: { 200: healthReadySchema, 503: healthReadySchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const state = await checkReadiness(options, (error) => request.log.error({ err: error }, 'readiness: database ping failed'));
      return reply.code(state.ok ? 200 : 503).send(state);
    },
  );

  r.get(
    '/healthz',
    { schema: { summary: 'Health with a database ping (503 when it fails)', response: { 200: healthOkSchema, 503: healthOkSchema } } },
    async (request, reply) => {
      noStore(reply);
      try {
        await database.ping();
        return { ok: true };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database ping failed');
        return reply.code(503).send({ ok: false });
      }
    },
  );
};
