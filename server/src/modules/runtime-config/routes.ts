import type { FastifyPluginAsync } from 'fastify';
import { runtimeConfigSchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { zodRoutes } from '../../http/zod.js';
import type { ReleaseReader } from '../releases/reader.js';
import { getRuntimeConfig } from './service.js';

/** GET /config.json: the runtime configuration of the browser app (never cached, CORS `*`). */
export const runtimeConfigRoutes: FastifyPluginAsync<{ ctx: AppContext; releases: ReleaseReader }> = async (app, { ctx, releases }) => {
  tagRoutes(app, 'public content');
  const r = zodRoutes(app);
  r.get(
    '/config.json',
    {
      schema: {
        summary: 'The browser app’s runtime configuration (RuntimeConfigDto; sets no cookie: publicly cacheable)',
        response: { 200: runtimeConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getRuntimeConfig({ ctx, releases });
    },
  );
};
