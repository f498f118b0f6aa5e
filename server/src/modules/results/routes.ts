import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../http/schemas.js';
import { getResultFile } from './service.js';

/** GET /results/overall-{yearId}.json and /results/challenge-{challengeId}.json (CORS `*`). */
export const resultsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get<{ Params: { file: string } }>(
    '/:file',
    {
      schema: {
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', maxLength: 250 } },
        },
        response: { 200: { type: 'array', items: { type: 'object', additionalProperties: true } }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await getResultFile({ ctx, input: { file: request.params.file } });
      reply.header('cache-control', 'public, max-age=60');
      if (result.publishedAt) reply.header('last-modified', result.publishedAt.toUTCString());
      return result.rows;
    },
  );
};
