import type { FastifyPluginAsync } from 'fastify';
import { OVERVIEW_MAX_DAYS, overviewAdminPaths } from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema } from '../../http/schemas.js';
import { registerOperatorAccess } from '../operators/access.js';
import { getOverview } from './service.js';

/**
 * The back office's overview (`overviewAdminPaths`): a scope of its own with the operator access
 * hook (modules/operators/access.ts); both roles read it.
 */

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema } as const;

export const overviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  tagRoutes(app, 'back office: overview');

  app.get<{ Querystring: { days?: number } }>(
    overviewAdminPaths.overview,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The back office’s start page figures over the last days',
        querystring: {
          type: 'object',
          properties: { days: { type: 'integer', minimum: 1, maximum: OVERVIEW_MAX_DAYS } },
          additionalProperties: false,
        },
        response: { 200: dto('OverviewDto'), ...errors },
      },
    },
    async (request) => getOverview({ ctx, input: request.query }),
  );
};
