import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { auditPaths } from '@erd/shared-contracts/backoffice';
import { auditCsvQuerySchema, auditPageSchema, auditQuerySchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { berlinToday } from '../../lib/dates.js';
import { tagRoutes } from '../../http/openapi.js';
import { signedInErrors, zodRoutes } from '../../http/zod.js';
import { auditCsv, listAuditEntries } from './service.js';

/**
 * The audit log for the back office (`auditPaths`): both roles read it. Registered inside the
 * operator API (modules/operators/scope.ts), whose access hook checks the session.
 */

export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: audit');
  const r = zodRoutes(app);

  r.get(
    auditPaths.audit,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The audit log, filtered and paged',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...signedInErrors },
      },
    },
    async (request) => listAuditEntries({ ctx, input: request.query }),
  );

  r.get(
    auditPaths.auditCsv,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The filtered audit log as CSV (X-Total-Count, X-Truncated)',
        querystring: auditCsvQuerySchema,
        response: { 200: { content: { 'text/csv': { schema: { type: 'string' } } } }, ...signedInErrors },
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
