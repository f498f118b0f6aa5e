import { z } from 'zod';
import { AUDIT_ACTIONS } from '../operators.js';
import { count, WIRE_ID_MAX_LENGTH } from './common.js';

/**
 * The audit log for the back office (`auditPaths`): both roles read it, filtered on the server,
 * newest first, as pages or as a CSV file. Unknown query parameters are dropped.
 */

export const AUDIT_MAX_PAGE_SIZE = 200;

/** An action's name: lower-case words with dashes (`publish`, `operator-role`, `clubs-import`); other modules write their own. */
export const AUDIT_ACTION_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

/** True for a calendar day `YYYY-MM-DD` that exists (no 30 February). */
export function isAuditDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A bound of the filter: empty, a day (Europe/Berlin) or an ISO 8601 instant with its zone. */
export function isAuditBound(value: string): boolean {
  if (value === '' || isAuditDay(value)) return true;
  return INSTANT.test(value) && isAuditDay(value.slice(0, 10)) && !Number.isNaN(new Date(value).getTime());
}

const bound = z
  .string()
  .max(40)
  .refine(isAuditBound, { message: 'ein Tag (JJJJ-MM-TT) oder ein Zeitpunkt nach ISO 8601 mit Zeitzone.' })
  .optional();

const queryInt = (min: number, max: number) => z.coerce.number<string | number>().int().min(min).max(max);

/**
 * GET /api/operator/audit.csv: filters combine (and). `actor`: part of the operator's e-mail or
 * `cli:<user>` (case-insensitive), or an operator id. `subject`: the subject's id (entry, challenge,
 * operator), optionally with `subjectType`. `from`/`to`: Europe/Berlin days `YYYY-MM-DD` (both
 * inclusive) or ISO 8601 instants (from before to).
 */
export const auditCsvQuerySchema = z.object({
  action: z
    .string()
    .regex(AUDIT_ACTION_PATTERN, `der Name einer Aktion, z. B. ${AUDIT_ACTIONS.slice(0, 3).join(', ')}.`)
    .optional(),
  actor: z.string().max(254).optional(),
  subject: z.string().max(WIRE_ID_MAX_LENGTH).optional(),
  subjectType: z.string().max(40).optional(),
  from: bound,
  to: bound,
});

/** GET /api/operator/audit: the filters, `page` from 1, `size` 1–200 (default 50). */
export const auditQuerySchema = auditCsvQuerySchema.extend({
  page: queryInt(1, 1_000_000).optional(),
  size: queryInt(1, AUDIT_MAX_PAGE_SIZE).optional(),
});

/**
 * A value of a row's details: text, number, true/false, null, or a list or object of them (JSON).
 * Spelled out to a depth of four (the OpenAPI document has no self-reference to resolve); deeper
 * values are any JSON.
 */
const detailValue = (depth: number): z.ZodType<unknown> =>
  depth === 0
    ? z.unknown().meta({ description: 'Any JSON value' })
    : z.union([
        z.string(),
        z.number(),
        z.boolean(),
        z.null(),
        z.array(detailValue(depth - 1)),
        z.record(z.string(), detailValue(depth - 1)),
      ]);

export const auditDetailsSchema = z.record(z.string(), detailValue(4));

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** One of `AUDIT_ACTIONS`, or one a later module writes (lower-case words with dashes). */
  action: z.string(),
  /** The operator's e-mail, `cli:<user>` for the command line, `import` for a season import. */
  actor: z.string(),
  /** The operator's id; null for the command line and imports. */
  operatorId: z.string().nullable(),
  /** What the row is about: `participation`, `challenge`, `operator`, `account`, … */
  subjectType: z.string(),
  subjectId: z.string(),
  /** The challenge, where the action belongs to one. */
  challengeId: z.string().nullable(),
  reason: z.string().nullable(),
  /** Before/after, or what a deleted thing was. */
  details: auditDetailsSchema,
});

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: count, page: count, size: count });
