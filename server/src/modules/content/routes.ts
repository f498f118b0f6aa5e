import type { FastifyPluginAsync } from 'fastify';
import {
  contentIncludeQuerySchema,
  contentObjectParamsSchema,
  contentObjectSchema,
  contentSearchQuerySchema,
  contentSearchResultSchema,
  contentSpaceParamsSchema,
  spaceDataSchema,
} from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodErrorResponses, zodRoutes } from '../../http/zod.js';
import { topics } from '../cache/changes.js';
import { createDocumentCache } from '../cache/documents.js';
import { type CachePolicy, sendDocument } from '../cache/http.js';
import { PREVIEW_COOKIE, previewYearOf } from '../season-preview/token.js';
import { CLUB_PAGE_MAX, getObject, getSpaceData, PARTICIPATION_PAGE_MAX, searchObjects } from './service.js';

/**
 * The public content API under `{CONTENT_API_BASE}/public/spaces/:spaceId` (spec §7). No auth;
 * CORS `*` (set in app.ts) since the standings remote is embedded on another origin.
 *
 * The space data and the searches (the browse list of a challenge's published entries with their
 * vote counts, the club catalogue) are answered from memory, compressed once per version, with an
 * ETag (304 on a match); a write announces what it changed (modules/cache), so this instance never
 * answers older than its last change and another one never older than the change's notification.
 * With a valid preview cookie (an operator's 'Vorschau', modules/season-preview) the space data is
 * the previewed season's, made anew for that browser, `private, no-store`; without one nothing but
 * the cookie's absence is looked at.
 */

/**
 * Browsers revalidate every time (a 304 from memory); a CDN keeps the space data 30 s and serves it
 * stale for up to 30 s more while it revalidates: a back-office edit shows everywhere within a
 * minute. Stale on errors for a day: the page keeps working while we are down.
 */
export const SPACE_DATA_CACHE: CachePolicy = { sMaxAge: 30, staleWhileRevalidate: 30, staleIfError: 86400 };
/**
 * The browse list carries vote counts: a CDN keeps it 5 s (+ 5 s stale while revalidating), so a
 * vote shows behind a CDN within 10 s; without one, at once (the server's copy is exact).
 */
export const SEARCH_CACHE: CachePolicy = { sMaxAge: 5, staleWhileRevalidate: 5, staleIfError: 3600 };

/** An operator's preview is for one browser: never kept by a shared cache or the browser. */
export const PREVIEW_CACHE_CONTROL = 'private, no-store';

export const contentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'public content');
  const feed = ctx.changes ?? null;
  // Large and rarely changed: compressed hard. The searches change with every vote: compressed fast.
  const spaceCache = createDocumentCache({ feed, maxEntries: 4, brotliQuality: 9, gzipLevel: 9 });
  const searchCache = createDocumentCache({ feed, maxEntries: 2000, maxBytes: 32 * 1024 * 1024, brotliQuality: 5, gzipLevel: 6 });
  ctx.metrics?.trackCache('content-space', spaceCache.lookups);
  ctx.metrics?.trackCache('content-search', searchCache.lookups);
  /** The previewed season's space data; null when that season is gone (the current one is served then). */
  const previewSpaceData = async (spaceId: string, previewYearId: string) => {
    try {
      return await getSpaceData({ ctx, input: { spaceId, previewYearId } });
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  };

  const knownSpace = (spaceId: string) => {
    if (spaceId !== ctx.config.spaceId) throw new NotFoundError(`Unbekannter Space "${spaceId}"`);
  };
  // The cached space data and searches are sent as prepared bytes (no serializer): their bodies go
  // through the answer's schema once, when they are made.
  const r = zodRoutes(app);

  r.get(
    '/spacedata',
    {
      compress: false,
      schema: {
        summary: 'The season’s content: year, challenges, site texts (SpaceDataDto; ETag, 304)',
        params: contentSpaceParamsSchema,
        querystring: contentIncludeQuerySchema,
        response: { 200: spaceDataSchema, ...zodErrorResponses },
      },
    },
    async (request, reply) => {
      const { spaceId } = request.params;
      knownSpace(spaceId);
      // An operator's preview (issue 26): the previewed season, made for this browser alone.
      if (request.cookies[PREVIEW_COOKIE] !== undefined) {
        const previewYearId = previewYearOf(request, ctx.secret, ctx.now());
        const preview = previewYearId ? await previewSpaceData(spaceId, previewYearId) : null;
        if (preview) return reply.header('cache-control', PREVIEW_CACHE_CONTROL).send(preview);
      }
      const doc = await spaceCache.get(spaceId, [topics.content], async () => ({
        body: JSON.stringify(spaceDataSchema.parse(await getSpaceData({ ctx, input: { spaceId } }))),
      }));
      return sendDocument(request, reply, doc, SPACE_DATA_CACHE);
    },
  );

  r.get(
    '/objects/search',
    {
      compress: false,
      schema: {
        summary: 'The club catalogue or a challenge’s published entries (ETag, 304)',
        params: contentSpaceParamsSchema,
        querystring: contentSearchQuerySchema,
        response: { 200: contentSearchResultSchema, ...zodErrorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { spaceId } = request.params;
      knownSpace(spaceId);
      const input = {
        spaceId,
        objectTypeId: q.objectTypeId,
        challengeId: q['fields.challenge.id'],
        from: q.from,
        size: q.size,
        include: q.include,
        sort: q.sort,
      };
      // One copy per distinct answer: what searchObjects uses of the query, normalised.
      let key: string;
      let dependsOn: string[];
      if (input.objectTypeId === 'bfv-erd-club') {
        key = `clubs:${input.from}:${Math.min(input.size ?? CLUB_PAGE_MAX, CLUB_PAGE_MAX)}`;
        dependsOn = [topics.content];
      } else if (input.challengeId !== undefined) {
        const size = Math.min(input.size ?? 10, PARTICIPATION_PAGE_MAX);
        key = `entries:${input.objectTypeId ?? ''}:${input.from}:${size}:${input.include >= 1 ? 1 : 0}:${input.sort}:${input.challengeId}`;
        dependsOn = [topics.content, topics.entries(input.challengeId)];
      } else {
        // A validation error: searchObjects says which.
        return searchObjects({ ctx, input });
      }
      const doc = await searchCache.get(key, dependsOn, async () => ({
        body: JSON.stringify(contentSearchResultSchema.parse(await searchObjects({ ctx, input }))),
      }));
      return sendDocument(request, reply, doc, SEARCH_CACHE);
    },
  );

  r.get(
    '/objects/:id',
    {
      schema: {
        summary: 'One club, challenge, year or published entry',
        params: contentObjectParamsSchema,
        querystring: contentIncludeQuerySchema,
        response: { 200: contentObjectSchema, ...zodErrorResponses },
      },
    },
    async (request) =>
      getObject({ ctx, input: { spaceId: request.params.spaceId, id: request.params.id, include: request.query.include } }),
  );
};
