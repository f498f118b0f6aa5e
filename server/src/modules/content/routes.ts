import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorResponses, ID_MAX_LENGTH, looseObject } from '../../http/schemas.js';
import { getObject, getSpaceData, searchObjects } from './service.js';

/**
 * The public content API under `{CONTENT_API_BASE}/public/spaces/:spaceId` (spec §7). No auth;
 * CORS `*` (set in app.ts) since the standings remote is embedded on another origin.
 */

const spaceParams = {
  type: 'object',
  required: ['spaceId'],
  properties: { spaceId: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const includeProperty = { type: 'integer', minimum: 0, maximum: 10, default: 0 } as const;

interface SpaceParams {
  spaceId: string;
}

interface SearchQuery {
  objectTypeId?: string;
  locale?: string;
  from: number;
  size?: number;
  include: number;
  sort: '-createdAt' | '-fields.votes';
  'fields.challenge.id'?: string;
}

export const contentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Params: SpaceParams; Querystring: { include: number } }>(
    '/spacedata',
    {
      schema: {
        params: spaceParams,
        querystring: { type: 'object', properties: { include: includeProperty } },
        response: {
          200: {
            type: 'object',
            required: ['spaceId', 'year', 'site'],
            properties: { spaceId: { type: 'string' }, year: looseObject, site: looseObject },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return getSpaceData({ ctx, input: { spaceId: request.params.spaceId } });
    },
  );

  app.get<{ Params: SpaceParams; Querystring: SearchQuery }>(
    '/objects/search',
    {
      schema: {
        params: spaceParams,
        querystring: {
          type: 'object',
          properties: {
            objectTypeId: { type: 'string', maxLength: 100 },
            locale: { type: 'string', maxLength: 20 },
            from: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
            size: { type: 'integer', minimum: 1, maximum: 1000 },
            include: includeProperty,
            sort: { type: 'string', enum: ['-createdAt', '-fields.votes'], default: '-createdAt' },
            'fields.challenge.id': { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['items', 'total'],
            properties: { items: { type: 'array', items: looseObject }, total: { type: 'integer' } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const q = request.query;
      return searchObjects({
        ctx,
        input: {
          spaceId: request.params.spaceId,
          objectTypeId: q.objectTypeId,
          challengeId: q['fields.challenge.id'],
          from: q.from,
          size: q.size,
          include: q.include,
          sort: q.sort,
        },
      });
    },
  );

  app.get<{ Params: SpaceParams & { id: string }; Querystring: { include: number } }>(
    '/objects/:id',
    {
      schema: {
        params: {
          type: 'object',
          required: ['spaceId', 'id'],
          properties: {
            spaceId: spaceParams.properties.spaceId,
            id: { type: 'string', minLength: 1, maxLength: ID_MAX_LENGTH },
          },
        },
        querystring: { type: 'object', properties: { include: includeProperty } },
        response: { 200: looseObject, ...errorResponses },
      },
    },
    async (request) =>
      getObject({ ctx, input: { spaceId: request.params.spaceId, id: request.params.id, include: request.query.include } }),
  );
};
