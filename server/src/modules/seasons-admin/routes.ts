import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** The back office's seasons (issue 26): list, create or copy, switch, and the challenges of a season (create, duplicate, remove, withdraw, restore, reorder). */
export const seasonAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {
  // Routes follow in this module's next commits.
};
