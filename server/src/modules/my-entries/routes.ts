import type { FastifyPluginAsync } from 'fastify';
import { MY_ENTRIES_PATH, myEntriesSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { scopeCacheControl } from '../../http/headers.js';
import { tagRoutes } from '../../http/openapi.js';
import { signedInErrors, zodRoutes } from '../../http/zod.js';
import { listMyEntries } from './service.js';

/**
 * 'Meine Teilnahmen' over HTTP (issue 24; zod schema of `@erd/shared-contracts/schemas`):
 * `GET /api/me/participations` (member, access token like `/api/me`), the club's entries of the
 * current season. One club's own data: `private, no-store`.
 */
export const myEntriesRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'accounts');
  scopeCacheControl(app, 'private, no-store');
  const r = zodRoutes(app);

  r.get(
    MY_ENTRIES_PATH,
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The own club’s entries of the current season: what was sent, its state, votes, place and points',
        response: { 200: myEntriesSchema, ...signedInErrors },
      },
    },
    async (request) => listMyEntries({ ctx, input: { sub: request.user!.sub } }),
  );
};
