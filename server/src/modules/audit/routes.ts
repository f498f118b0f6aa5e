import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { auditPaths } from '@erd/shared-contracts/backoffice';
import { auditCsvQuerySchema, auditPageSchema, auditQuerySchema } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { tagRoutes } from '../../http/openapi.js';
import { operatorCsv, operatorRead } from '../../http/operator-read.js';
import { zodRoutes } from '../../http/zod.js';
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

  operatorCsv(r, auditPaths.auditCsv, {
    access: 'operator',
    summary: 'The filtered audit log as CSV (X-Total-Count, X-Truncated)',
    querystring: auditCsvQuerySchema,
    csv: async (input) => {
      const csv = await auditCsv({ ctx, input });
      const body = Readable.from(csv.chunks, { objectMode: false });
      return { name: 'audit', now: ctx.now(), total: csv.total, truncated: csv.truncated, body };
    },
  });
};
