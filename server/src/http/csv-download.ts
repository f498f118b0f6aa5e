import type { FastifyReply } from 'fastify';
import { berlinToday } from '../lib/dates.js';

/** A CSV download's 200 answer in the OpenAPI document: text/csv (written by lib/csv.ts). */
export const csvAnswer = { content: { 'text/csv': { schema: { type: 'string' } } } };

/**
 * The headers of a CSV download (the back office's exports): UTF-8 CSV saved as
 * `<name>-<Berlin day>.csv`, its rows in `X-Total-Count` and, for an export that may stop short,
 * whether it did in `X-Truncated`. Returns the reply, to send the file with.
 */
export function csvDownload(reply: FastifyReply, file: { name: string; now: Date; total: number; truncated?: boolean }): FastifyReply {
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}-${berlinToday(file.now)}.csv"`)
    .header('x-total-count', String(file.total));
  if (file.truncated !== undefined) reply.header('x-truncated', String(file.truncated));
  return reply;
}
