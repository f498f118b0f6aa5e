import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** An operator's preview of a season's public pages (issue 26), marked 'Vorschau'. */
export const seasonPreviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async () => {
  // Routes follow in this module's next commits.
};
