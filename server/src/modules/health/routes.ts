import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';

/** GET /healthz: `{ ok: true }` after a database ping (exempt from basic auth). */
export const healthRoutes: FastifyPluginAsync<{ database: Pick<Database, 'ping'> }> = async (app, { database }) => {
  app.get(
    '/healthz',
    {
      schema: {
        response: {
          200: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } },
          503: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
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
