import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** The public archive of seasons (issue 26): the current season and the ended ones with their challenges. */
export const publicSeasonRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {
  // Routes follow in this module's next commits.
};
