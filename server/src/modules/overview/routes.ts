import { overviewAdminPaths } from '@erd/shared-contracts/backoffice';
import { overviewQuerySchema, overviewSchema } from '@erd/shared-contracts/schemas';
import { operatorRead, operatorScope } from '../../http/operator-routes.js';
import { getOverview } from './service.js';

/**
 * The back office's overview (`overviewAdminPaths`): a scope of its own in the operator API
 * (modules/operators/scope.ts: access hook, `no-store`); both roles read it.
 */

export const overviewRoutes = operatorScope('back office: overview', (r, ctx) => {
  operatorRead(r, overviewAdminPaths.overview, {
    access: 'operator',
    summary: 'The back office’s start page figures over the last days',
    querystring: overviewQuerySchema,
    answer: overviewSchema,
    read: (input) => getOverview({ ctx, input }),
  });
});
