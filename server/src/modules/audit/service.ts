import os from 'node:os';
import {
  isValidOperatorReason,
  OPERATOR_REASON_MAX_LENGTH,
  OPERATOR_REASON_MIN_LENGTH,
  type AuditEntryDto,
  type AuditPageDto,
  type OperatorRole,
} from '@erd/shared-contracts/backoffice';
import { AUDIT_MAX_PAGE_SIZE, isAuditDay, type auditCsvQuerySchema, type auditQuerySchema } from '@erd/shared-contracts/schemas';
import type { z } from 'zod';
import type { AppContext, ServiceCall } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { ModerationLogRow } from '../../db/schema/index.js';
import { ValidationError } from '../../errors.js';
import { csvHead, csvLine } from '../../lib/csv.js';
import * as repo from './repository.js';

/**
 * The audit log (decisions §7): every operator write is a row of `moderation_log`, written in the
 * same transaction as the write. Operators of both roles read it, filtered on the server, newest
 * first, as pages or as a CSV file for Excel.
 */

/** Who acts: an operator of the API (with the role of its session), or the command line. */
export interface Actor {
  operatorId: string | null;
  /** The operator's e-mail, or `cli:<user>`. */
  name: string;
  /** The operator's role; the command line acts with every right (`admin`). */
  role?: OperatorRole;
}

/** Who acts as a row records it (the audit log's, a result version's): the operator's id (null for the command line) and name. */
export function actorFields(actor: Actor): { operatorId: string | null; actor: string } {
  return { operatorId: actor.operatorId, actor: actor.name };
}

/** The command line as actor: `cli:<user>`, with every right (whoever runs it can read the database). */
export function cliActor(): Actor {
  let user = 'unknown';
  try {
    user = os.userInfo().username || user;
  } catch {
    // No passwd entry (some containers): the actor is still the command line.
  }
  return { operatorId: null, name: `cli:${user}`, role: 'admin' };
}

const REASON_MESSAGE = `Gib einen Grund an (${OPERATOR_REASON_MIN_LENGTH} bis ${OPERATOR_REASON_MAX_LENGTH} Zeichen).`;

/**
 * An operator's reason by the contracts' one rule (`isValidOperatorReason`: 3 to 500 characters of
 * plain text once trimmed, counted as the schemas and the back office count them), or null where
 * none is required.
 */
export function reasonOf(value: unknown, required: boolean, message: string = REASON_MESSAGE): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ValidationError(message, { field: 'reason' });
    return null;
  }
  if (typeof value !== 'string') throw new ValidationError(message, { field: 'reason' });
  if (!isValidOperatorReason(value)) throw new ValidationError(message, { field: 'reason' });
  return value.trim();
}

/**
 * Appends one row (call it inside the write's transaction): the one writer of the audit log, for
 * every module (operators, content, seasons, moderation, results, the season import).
 */
export async function appendAudit(db: Db, row: repo.NewAuditRow): Promise<void> {
  await repo.insertEntry(db, row);
}

type SubjectlessRow = Omit<repo.NewAuditRow, 'subjectType' | 'subjectId'>;

/** A row about an entry (subject `participation`, with the challenge it belongs to). */
export async function appendEntryAudit(db: Db, row: SubjectlessRow & { participationId: string }): Promise<void> {
  await appendAudit(db, { ...row, subjectType: 'participation', subjectId: row.participationId });
}

/** A row about a challenge (results, the season import's right answers). */
export async function appendChallengeAudit(db: Db, row: SubjectlessRow & { challengeId: string }): Promise<void> {
  await appendAudit(db, { ...row, subjectType: 'challenge', subjectId: row.challengeId });
}

// ---------------------------------------------------------------------------------------------
// Reading

export const AUDIT_PAGE_SIZE = 50;
export { AUDIT_MAX_PAGE_SIZE };
/** The CSV holds at most this many rows (the newest); `X-Truncated: true` says when there were more. */
export const AUDIT_CSV_MAX_ROWS = 100_000;
const CSV_BATCH = 1000;
/** Excel's limit for one cell is 32,767 characters. */
const CSV_DETAILS_MAX = 32_000;

/** The filters (checked by the route's schema: action names, lengths, days or instants). */
export type AuditFilterInput = z.output<typeof auditCsvQuerySchema>;
export type AuditQueryInput = z.output<typeof auditQuerySchema>;

const TIME_ZONE = 'Europe/Berlin';
const berlinParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function berlinFields(at: Date): Record<string, string> {
  return Object.fromEntries(berlinParts.formatToParts(at).map((p) => [p.type, p.value]));
}

/** How far Europe/Berlin's wall clock is ahead of UTC at `at`. */
function berlinOffsetMs(at: Date): number {
  const p = berlinFields(at);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a Europe/Berlin day begins (midnight exists on every day there: the clocks change at 2 and 3 a.m.). */
export function berlinDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  let at = wall - berlinOffsetMs(new Date(wall));
  const offset = berlinOffsetMs(new Date(at));
  if (wall - offset !== at) at = wall - offset;
  return new Date(at);
}

/** `YYYY-MM-DD HH:MM:SS` on Europe/Berlin's wall clock (Excel reads it as a date and time in every locale). */
export function formatBerlin(at: Date): string {
  const p = berlinFields(at);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * A day (its start, or the next day's start for `to`) or an instant (for `to`: up to and including
 * it); the schema let only these through (`isAuditBound`).
 */
function boundOf(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined || value === '') return undefined;
  if (isAuditDay(value)) {
    const start = berlinDayStart(value);
    if (field === 'from') return start;
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return berlinDayStart(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10));
  }
  const at = new Date(value);
  return field === 'from' ? at : new Date(at.getTime() + 1);
}

function filterOf(input: AuditFilterInput): repo.AuditFilter {
  const text = (value: string | undefined) => (value === undefined ? undefined : value.trim() || undefined);
  const from = boundOf(input.from, 'from');
  const before = boundOf(input.to, 'to');
  if (from && before && from.getTime() >= before.getTime()) throw new ValidationError('from liegt nach to.', { field: 'from' });
  return {
    action: input.action,
    actor: text(input.actor),
    subject: text(input.subject),
    subjectType: text(input.subjectType),
    from,
    before,
  };
}

function toDto(row: ModerationLogRow): AuditEntryDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    actor: row.actor,
    operatorId: row.operatorId,
    subjectType: row.subjectType ?? 'unknown',
    subjectId: row.subjectId ?? '',
    challengeId: row.challengeId,
    reason: row.reason,
    details: row.details,
  };
}

/** GET /api/operator/audit */
export async function listAuditEntries({ ctx, input }: { ctx: Pick<AppContext, 'db'>; input: AuditQueryInput }): Promise<AuditPageDto> {
  const filter = filterOf(input);
  const page = input.page ?? 1;
  const size = Math.min(input.size ?? AUDIT_PAGE_SIZE, AUDIT_MAX_PAGE_SIZE);
  const { rows, total } = await repo.listEntries(ctx.db, filter, { offset: (page - 1) * size, limit: size });
  return { items: rows.map(toDto), total, page, size };
}

const CSV_HEADER = [
  'ID',
  'Zeitpunkt (Europe/Berlin)',
  'Aktion',
  'Akteur',
  'Operator-ID',
  'Gegenstand',
  'Gegenstand-ID',
  'Challenge',
  'Grund',
  'Details',
];

function csvRow(row: ModerationLogRow): string {
  let details = JSON.stringify(row.details);
  if (details.length > CSV_DETAILS_MAX) details = `${details.slice(0, CSV_DETAILS_MAX)}…`;
  return csvLine([
    row.id,
    formatBerlin(row.at),
    row.action,
    row.actor,
    row.operatorId,
    row.subjectType,
    row.subjectId,
    row.challengeId,
    row.reason,
    details,
  ]);
}

export interface AuditCsv {
  /** Rows matching the filter. */
  total: number;
  /** More rows matched than the file holds (the newest AUDIT_CSV_MAX_ROWS are in it). */
  truncated: boolean;
  /** The file's text in pieces: BOM and header first, then batches of rows. */
  chunks: AsyncIterable<string>;
}

/**
 * GET /api/operator/audit.csv: the filter is checked before anything is sent (a bad filter is a
 * 400, not a broken file); the rows are then read and written in batches, never all in memory.
 */
export async function auditCsv({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db'>, AuditFilterInput & { maxRows?: number }>): Promise<AuditCsv> {
  const filter = filterOf(input);
  const maxRows = input.maxRows ?? AUDIT_CSV_MAX_ROWS;
  const total = await repo.countEntries(ctx.db, filter);
  async function* chunks(): AsyncGenerator<string> {
    yield csvHead(CSV_HEADER);
    let cursor: repo.AuditCursor | null = null;
    let written = 0;
    while (written < maxRows) {
      const batch = await repo.readBatch(ctx.db, filter, cursor, Math.min(CSV_BATCH, maxRows - written));
      if (!batch.rows.length) return;
      yield batch.rows.map(csvRow).join('');
      written += batch.rows.length;
      cursor = batch.cursor;
    }
  }
  return { total, truncated: total > maxRows, chunks: chunks() };
}
