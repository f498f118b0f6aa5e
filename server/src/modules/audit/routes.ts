import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { auditPaths } from '@erd/shared-contracts/backoffice';
import { auditCsvQuerySchema, auditPageSchema, auditQuerySchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { csvAnswer, csvDownload } from '../../http/csv-download.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorRead } from '../../http/operator-read.js';
import { signedInErrors, zodRoutes } from '../../http/zod.js';
import { auditCsv, listAuditEntries } from './service.js';

/**
 * The audit log for the back office (`auditPaths`): both roles read it. Registered inside the
 * operator API (modules/operators/scope.ts), whose access hook checks the session.
 */

export const auditRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  tagRoutes(app, 'back office: audit');
  const r = zodRoutes(app);

  operatorRead(r, auditPaths.audit, {
    access: 'operator',
    summary: 'The audit log, filtered and paged',
    querystring: auditQuerySchema,
    answer: auditPageSchema,
    read: (input) => listAuditEntries({ ctx, input }),
  });

  r.get(
    auditPaths.auditCsv,
    {
      config: { operatorAccess: 'operator' },
      schema: {
        summary: 'The filtered audit log as CSV (X-Total-Count, X-Truncated)',
        querystring: auditCsvQuerySchema,
        response: { 200: csvAnswer, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const csv = await auditCsv({ ctx, input: request.query });
      const download = csvDownload(reply, { name: 'audit', now: ctx.now(), total: csv.total, truncated: csv.truncated });
      return download.send(Readable.from(csv.chunks, { objectMode: false }));
    },
  );
};
