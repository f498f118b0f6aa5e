import type { FastifyPluginAsync } from 'fastify';
import { overviewAdminPaths } from '@erd/shared-contracts/backoffice';
import { overviewQuerySchema, overviewSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorRead } from '../../http/operator-read.js';
import { zodRoutes } from '../../http/zod.js';
import { getOverview } from './service.js';

/**
 * The back office's overview (`overviewAdminPaths`): a scope of its own in the operator API
 * (modules/operators/scope.ts: access hook, `no-store`); both roles read it.
 */

export const overviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: overview');
  const r = zodRoutes(app);

  operatorRead(r, overviewAdminPaths.overview, {
    access: 'operator',
    summary: 'The back office’s start page figures over the last days',
    querystring: overviewQuerySchema,
    answer: overviewSchema,
    read: (input) => getOverview({ ctx, input }),
  });
};
