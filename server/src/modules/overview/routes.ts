import type { FastifyPluginAsync } from 'fastify';
import { overviewAdminPaths } from '@erd/shared-contracts/backoffice';
import { overviewQuerySchema, overviewSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodErrorResponses, zodErrorSchema, zodRoutes } from '../../http/zod.js';
import { registerOperatorAccess } from '../operators/access.js';
import { getOverview } from './service.js';

/**
 * The back office's overview (`overviewAdminPaths`): a scope of its own with the operator access
 * hook (modules/operators/access.ts); both roles read it.
 */

export const overviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: overview');
  const r = zodRoutes(app);

  r.get(
    overviewAdminPaths.overview,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The back office’s start page figures over the last days',
        querystring: overviewQuerySchema,
        response: { 200: overviewSchema, ...zodErrorResponses, 401: zodErrorSchema, 403: zodErrorSchema },
      },
    },
    async (request) => getOverview({ ctx, input: request.query }),
  );
};
