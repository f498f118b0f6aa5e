import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { publicClubSeasonsSchema, publicSeasonPaths, publicSeasonsSchema, wireId } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { berlinToday } from '../../lib/dates.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodErrorResponses, zodRoutes } from '../../http/zod.js';
import { topics } from '../cache/changes.js';
import { createDocumentCache } from '../cache/documents.js';
import { type CachePolicy, documentSender } from '../cache/http.js';
import { getClubSeasons, getPublicSeasons } from './service.js';

/**
 * The public archive of seasons (issue 26), answered from memory like the space data
 * (modules/cache): each answer is checked against its zod schema, serialised and compressed once
 * per version, and dropped when `content` changes (the season switch, challenge changes and every
 * results publication announce it) or the Berlin day turns (a season's state depends on the day).
 * CORS `*`: the standings widget pinned to a season (`data-season`) reads the list from another origin.
 *
 * - `GET /api/public/seasons`: the current season and the ended ones with their public challenges.
 * - `GET /api/public/clubs/{clubId}/seasons`: the club's results of the ended seasons (the club page).
 */

/** As the space data: a CDN keeps it 30 s (+ 30 s stale while revalidating), a day when we are down. */
export const SEASONS_CACHE: CachePolicy = { sMaxAge: 30, staleWhileRevalidate: 30, staleIfError: 86400 };

export const publicSeasonRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'public content');
  const feed = ctx.changes ?? null;
  const cache = createDocumentCache({ feed, maxEntries: 2000, maxBytes: 16 * 1024 * 1024, brotliQuality: 9, gzipLevel: 9 });
  ctx.metrics?.trackCache('public-seasons', cache.lookups);
  const sender = documentSender(SEASONS_CACHE, { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag' });
  const r = zodRoutes(app);

  r.get(
    publicSeasonPaths.seasons,
    {
      compress: false,
      schema: {
        summary: 'The current season and the ended ones (newest first) with their public challenges; the next season’s start (ETag, 304)',
        response: { 200: publicSeasonsSchema, ...zodErrorResponses },
      },
    },
    async (request, reply) => {
      const doc = await cache.get(`seasons|${berlinToday(ctx.now())}`, [topics.content], async () => ({
        body: JSON.stringify(publicSeasonsSchema.parse(await getPublicSeasons({ ctx }))),
      }));
      return sender.send(request, reply, doc);
    },
  );

  r.get(
    '/api/public/clubs/:clubId/seasons',
    {
      compress: false,
      schema: {
        summary:
          'A club’s results in the ended seasons (newest first): overall place and points, its row of each challenge table (ETag, 304)',
        params: z.strictObject({ clubId: wireId }),
        response: { 200: publicClubSeasonsSchema, ...zodErrorResponses },
      },
    },
    async (request, reply) => {
      const { clubId } = request.params;
      const doc = await cache.get(`club|${berlinToday(ctx.now())}|${clubId}`, [topics.content], async () => ({
        body: JSON.stringify(publicClubSeasonsSchema.parse(await getClubSeasons({ ctx, input: { clubId } }))),
      }));
      return sender.send(request, reply, doc);
    },
  );
};
