import type { FastifyPluginAsync } from 'fastify';
import { CLUB_SORTS, clubsAdminPaths } from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { errorResponses, errorSchema, looseObject } from '../../http/schemas.js';
import { actorOf, registerOperatorAccess } from '../operators/access.js';
import { applyClubImport, CLUB_CSV_MAX_BYTES, CLUB_MAX_PAGE_SIZE, listClubsForOperator, previewClubImport } from './service.js';

/**
 * Clubs in the back office (`clubsAdminPaths`): a scope of its own with the operator access hook.
 * Both roles read the list; the CSV import (preview, apply) is admin. The CSV comes as the body
 * (`text/csv`, at most 2 MB).
 */

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: looseObject, 413: errorSchema } as const;
const BODY_LIMIT = CLUB_CSV_MAX_BYTES + 64 * 1024;

export const clubsAdminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  registerOperatorAccess(app, ctx);
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get<{ Querystring: { query?: string; from?: number; size?: number; sort?: (typeof CLUB_SORTS)[number] } }>(
    clubsAdminPaths.clubs,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        querystring: {
          type: 'object',
          properties: {
            query: { type: 'string', maxLength: 200 },
            from: { type: 'integer', minimum: 0, maximum: 10_000_000 },
            size: { type: 'integer', minimum: 1, maximum: CLUB_MAX_PAGE_SIZE },
            sort: { type: 'string', enum: [...CLUB_SORTS] },
          },
          additionalProperties: false,
        },
        response: { 200: looseObject, ...errors },
      },
    },
    async (request) => listClubsForOperator({ ctx, input: request.query }),
  );

  app.post<{ Body: unknown }>(
    clubsAdminPaths.importPreview,
    { config: { operatorAccess: 'admin' }, bodyLimit: BODY_LIMIT, schema: { response: { 200: looseObject, ...errors } } },
    async (request) => previewClubImport({ ctx, input: { text: request.body } }),
  );

  app.post<{ Body: unknown; Querystring: { previewHash?: string } }>(
    clubsAdminPaths.importApply,
    {
      config: { operatorAccess: 'admin' },
      bodyLimit: BODY_LIMIT,
      schema: {
        querystring: {
          type: 'object',
          required: ['previewHash'],
          properties: { previewHash: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
          additionalProperties: false,
        },
        response: { 200: looseObject, ...errors },
      },
    },
    async (request) => applyClubImport({ ctx, input: { text: request.body, previewHash: request.query.previewHash, actor: actorOf(request) } }),
  );
};
