import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import type { ReleaseReader } from '../releases/reader.js';
import { getRuntimeConfig } from './service.js';

const remoteSchema = {
  type: 'object',
  required: ['name', 'entry'],
  properties: { name: { type: 'string' }, entry: { type: 'string' }, release: { type: 'string' } },
} as const;

const stringMap = (keys: readonly string[]) =>
  ({
    type: 'object',
    required: keys,
    properties: Object.fromEntries(keys.map((k) => [k, { type: 'string' }])),
  }) as const;

/** GET /config.json: the runtime configuration of the browser app (never cached, CORS `*`). */
export const runtimeConfigRoutes: FastifyPluginAsync<{ ctx: AppContext; releases: ReleaseReader }> = async (app, { ctx, releases }) => {
  tagRoutes(app, 'public content');
  app.get(
    '/config.json',
    {
      schema: {
        summary: 'The browser app’s runtime configuration (RuntimeConfigDto; sets no cookie: publicly cacheable)',
        response: {
          200: {
            type: 'object',
            required: ['productName', 'publicUrl', 'contentApi', 'identity', 'remotes', 'newsletterUrl', 'resultsBase', 'serviceEmail', 'social', 'clockOffsetDays'],
            properties: {
              productName: { type: 'string' },
              publicUrl: { type: 'string' },
              contentApi: stringMap(['base', 'spaceId']),
              identity: {
                type: 'object',
                required: ['region', 'userPoolId', 'clientId'],
                properties: {
                  region: { type: 'string' },
                  userPoolId: { type: 'string' },
                  clientId: { type: 'string' },
                  endpoint: { type: 'string' },
                },
              },
              remotes: { type: 'array', items: remoteSchema },
              newsletterUrl: { type: 'string' },
              resultsBase: { type: 'string' },
              serviceEmail: { type: 'string' },
              social: stringMap(['facebook', 'youtube', 'tiktok', 'instagram']),
              clockOffsetDays: {
                type: 'integer',
                description: 'CLOCK_OFFSET_DAYS (0 but in a staging rehearsal): the pages add it to their clock for every phase decision',
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getRuntimeConfig({ ctx, releases });
    },
  );
};
