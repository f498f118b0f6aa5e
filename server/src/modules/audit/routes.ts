import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { auditPaths } from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { berlinToday } from '../../lib/dates.js';
import { tagRoutes } from '../../http/openapi.js';
import { dto, errorResponses, errorSchema, ID_MAX_LENGTH } from '../../http/schemas.js';
import { AUDIT_ACTION_PATTERN, AUDIT_MAX_PAGE_SIZE, auditCsv, listAuditEntries, type AuditQueryInput } from './service.js';

/**
 * The audit log for the back office (`auditPaths`): both roles read it. Registered inside the
 * operator API (modules/moderation/routes.ts), whose access hook checks the session.
 */

const errors = { ...errorResponses, 401: errorSchema, 403: errorSchema } as const;

const filterProperties = {
  // Any action name, not only the ones this module knows: other modules write their own (clubs, content, …).
  action: { type: 'string', pattern: AUDIT_ACTION_PATTERN },
  actor: { type: 'string', maxLength: 254 },
  subject: { type: 'string', maxLength: ID_MAX_LENGTH },
  subjectType: { type: 'string', maxLength: 40 },
  from: { type: 'string', maxLength: 40 },
  to: { type: 'string', maxLength: 40 },
} as const;

export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: audit');
  app.get<{ Querystring: AuditQueryInput }>(
    auditPaths.audit,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The audit log, filtered and paged',
        querystring: {
          type: 'object',
          properties: {
            ...filterProperties,
            page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
            size: { type: 'integer', minimum: 1, maximum: AUDIT_MAX_PAGE_SIZE },
          },
          additionalProperties: false,
        },
        response: { 200: dto('AuditPageDto'), ...errors },
      },
    },
    async (request) => listAuditEntries({ ctx, input: request.query }),
  );

  app.get<{ Querystring: AuditQueryInput }>(
    auditPaths.auditCsv,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The filtered audit log as CSV (X-Total-Count, X-Truncated)',
        querystring: { type: 'object', properties: filterProperties, additionalProperties: false },
        response: { 200: { content: { 'text/csv': { schema: { type: 'string' } } } }, ...errors },
      },
    },
    async (request, reply) => {
      const csv = await auditCsv({ ctx, input: request.query });
      const day = berlinToday(ctx.now());
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('x-total-count', String(csv.total))
        .header('x-truncated', String(csv.truncated));
      return reply.send(Readable.from(csv.chunks, { objectMode: false }));
    },
  );
};
