import type { FastifyPluginAsync } from 'fastify';
import { entryNeighboursParamsSchema, entryNeighboursQuerySchema, entryNeighboursSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodErrorResponses, zodRoutes } from '../../http/zod.js';
import { topics } from '../cache/changes.js';
import { createDocumentCache } from '../cache/documents.js';
import { type CachePolicy, sendDocument } from '../cache/http.js';
import { getEntryNeighbours } from './service.js';

/**
 * `GET /api/entry-neighbours/{challengeId}/{participationId}?sort=newest|likes` (public, issue 24):
 * the entry page's previous and next entry in the list's order. Cached like the browse list it
 * follows (modules/content): answered from memory with an ETag until the challenge's entries or
 * votes change, a CDN keeps it 5 s (+ 5 s stale while revalidating).
 */
export const NEIGHBOURS_CACHE: CachePolicy = { sMaxAge: 5, staleWhileRevalidate: 5, staleIfError: 3600 };

export const entryNeighbourRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'public content');
  const cache = createDocumentCache({
    feed: ctx.changes ?? null,
    maxEntries: 2000,
    maxBytes: 4 * 1024 * 1024,
    brotliQuality: 5,
    gzipLevel: 6,
  });
  ctx.metrics?.trackCache('entry-neighbours', cache.lookups);
  const r = zodRoutes(app);

  r.get(
    '/api/entry-neighbours/:challengeId/:participationId',
    {
      compress: false,
      schema: {
        summary:
          'The published entries before and after an entry in the list’s order (newest or likes), its place and the count (ETag, 304)',
        params: entryNeighboursParamsSchema,
        querystring: entryNeighboursQuerySchema,
        response: { 200: entryNeighboursSchema, ...zodErrorResponses },
      },
    },
    async (request, reply) => {
      const { challengeId, participationId } = request.params;
      const { sort } = request.query;
      const doc = await cache.get(
        JSON.stringify([sort, challengeId, participationId]),
        [topics.content, topics.entries(challengeId)],
        async () => ({
          body: JSON.stringify(
            entryNeighboursSchema.parse(await getEntryNeighbours({ ctx, input: { challengeId, participationId, sort } })),
          ),
        }),
      );
      return sendDocument(request, reply, doc, NEIGHBOURS_CACHE);
    },
  );
};
