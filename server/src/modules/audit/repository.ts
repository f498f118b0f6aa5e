import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditSubjectType } from '@erd/shared-contracts/backoffice';
import type { Db } from '../../db/client.js';
import { countRows, pageOf, escapeLike } from '../../db/queries.js';
import { moderationLog, type ModerationLogRow } from '../../db/schema/index.js';

/** Queries of the audit log (`moderation_log`): append and read, never change. */

export interface NewAuditRow {
  action: AuditAction;
  operatorId: string | null;
  actor: string;
  subjectType: AuditSubjectType;
  subjectId: string;
  participationId?: string | null;
  challengeId?: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  at: Date;
}

export async function insertEntry(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(moderationLog).values({ participationId: null, challengeId: null, ...row });
}

export interface AuditFilter {
  /** Any action name (other modules write their own). */
  action?: string;
  /** Part of the actor (case-insensitive) or an operator id. */
  actor?: string;
  /** Subject id, or the challenge a row belongs to. */
  subject?: string;
  subjectType?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  before?: Date;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.action ? eq(moderationLog.action, filter.action as AuditAction) : undefined,
    filter.actor ? or(ilike(moderationLog.actor, `%${escapeLike(filter.actor)}%`), eq(moderationLog.operatorId, filter.actor)) : undefined,
    filter.subject ? or(eq(moderationLog.subjectId, filter.subject), eq(moderationLog.challengeId, filter.subject)) : undefined,
    filter.subjectType ? eq(moderationLog.subjectType, filter.subjectType) : undefined,
    filter.from ? gte(moderationLog.at, filter.from) : undefined,
    filter.before ? lt(moderationLog.at, filter.before) : undefined,
  );
}

/** One page, newest first. */
export async function listEntries(
  db: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ModerationLogRow[]; total: number }> {
  return pageOf(db, moderationLog, whereOf(filter), [desc(moderationLog.at), desc(moderationLog.id)], page);
}

export async function countEntries(db: Db, filter: AuditFilter): Promise<number> {
  return countRows(db, moderationLog, whereOf(filter));
}

/** Where a batch read stopped: the last row's time (as the database's text, microseconds kept) and id. */
export interface AuditCursor {
  at: string;
  id: number;
}

/**
 * The next `limit` rows newest first after `cursor` (keyset: rows written meanwhile neither
 * repeat nor shift the batches).
 */
export async function readBatch(
  db: Db,
  filter: AuditFilter,
  cursor: AuditCursor | null,
  limit: number,
): Promise<{ rows: ModerationLogRow[]; cursor: AuditCursor | null }> {
  const rows = await db
    .select({ row: moderationLog, atText: sql<string>`${moderationLog.at}::text` })
    .from(moderationLog)
    .where(
      and(
        whereOf(filter),
        cursor ? sql`(${moderationLog.at}, ${moderationLog.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(desc(moderationLog.at), desc(moderationLog.id))
    .limit(limit);
  const last = rows[rows.length - 1];
  return { rows: rows.map((r) => r.row), cursor: last ? { at: last.atText, id: last.row.id } : null };
}
