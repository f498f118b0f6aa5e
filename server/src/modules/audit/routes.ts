import { Readable } from 'node:stream';
import { auditPaths } from '@erd/shared-contracts/backoffice';
import { auditCsvQuerySchema, auditPageSchema, auditQuerySchema } from '@erd/shared-contracts/schemas';
import { operatorCsv, operatorRead, operatorScope } from '../../http/operator-routes.js';
import { auditCsv, listAuditEntries } from './service.js';

/**
 * The audit log for the back office (`auditPaths`): both roles read it. Registered inside the
 * operator API (modules/operators/scope.ts), whose access hook checks the session.
 */

export const auditRoutes = operatorScope('back office: audit', (r, ctx) => {
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
});
