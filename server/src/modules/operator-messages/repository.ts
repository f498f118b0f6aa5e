import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { OperatorMessageFilter } from '@erd/shared-contracts/schemas';
import type { Db } from '../../db/client.js';
import { challenges, operatorMessages, type OperatorMessageRow, type OperatorMessageStatus } from '../../db/schema/index.js';
import { accountRecipientsSql } from '../notifications/recipients.js';

/** Queries of `operator_messages` and of who a message's filter reaches. */

/** The stored filter as the service reads it (written only through `operatorMessageFilterSchema`). */
export function filterOf(row: Pick<OperatorMessageRow, 'filter'>): OperatorMessageFilter {
  const raw = row.filter as Record<string, unknown>;
  return {
    ...(raw.team === 'm' || raw.team === 'w' ? { team: raw.team } : {}),
    ...(typeof raw.challengeId === 'string' && typeof raw.participated === 'boolean'
      ? { challengeId: raw.challengeId, participated: raw.participated }
      : {}),
  };
}

/**
 * The filter as a condition over `accountRecipientsSql`'s tables (`profiles p`, `clubs c`): the team,
 * and whether the account's club has an entry (pending or published) in the challenge.
 */
export function filterWhere(filter: OperatorMessageFilter): SQL {
  const parts: SQL[] = [];
  if (filter.team) parts.push(sql`c.team = ${filter.team}`);
  if (filter.challengeId !== undefined) {
    const entered = sql`EXISTS (SELECT 1 FROM participations pa WHERE pa.club_id = p.club_id AND pa.challenge_id = ${filter.challengeId} AND pa.state <> 'rejected')`;
    parts.push(filter.participated ? entered : sql`NOT ${entered}`);
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`;
}

/** The `SELECT recipient` of the accounts a message goes to now (confirmed, 'messages' not switched off). */
export function recipientsSql(filter: OperatorMessageFilter): SQL {
  return accountRecipientsSql('messages', filterWhere(filter));
}

export async function countRecipients(db: Db, filter: OperatorMessageFilter): Promise<number> {
  const result = (await db.execute(sql`SELECT count(*)::int AS n FROM (${recipientsSql(filter)}) AS q`)) as unknown as {
    rows: Array<{ n: number }>;
  };
  return Number(result.rows[0]?.n ?? 0);
}

export async function challengeExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: challenges.id }).from(challenges).where(eq(challenges.id, id)).limit(1);
  return !!row;
}

export async function insertMessage(
  db: Db,
  row: { id: string; subject: string; body: string; filter: OperatorMessageFilter; createdBy: string; at: Date },
): Promise<OperatorMessageRow> {
  const [inserted] = await db
    .insert(operatorMessages)
    .values({
      id: row.id,
      subject: row.subject,
      body: row.body,
      filter: row.filter,
      createdBy: row.createdBy,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .returning();
  return inserted!;
}

/** Changes a draft; undefined when there is none with this id (gone, or no longer a draft). */
export async function updateDraft(
  db: Db,
  id: string,
  change: { subject: string; body: string; filter: OperatorMessageFilter; at: Date },
): Promise<OperatorMessageRow | undefined> {
  const [row] = await db
    .update(operatorMessages)
    .set({ subject: change.subject, body: change.body, filter: change.filter, updatedAt: change.at })
    .where(and(eq(operatorMessages.id, id), eq(operatorMessages.status, 'draft')))
    .returning();
  return row;
}

export async function findMessage(db: Db, id: string): Promise<OperatorMessageRow | undefined> {
  const [row] = await db.select().from(operatorMessages).where(eq(operatorMessages.id, id)).limit(1);
  return row;
}

export async function listMessages(db: Db, limit: number): Promise<OperatorMessageRow[]> {
  return db.select().from(operatorMessages).orderBy(desc(operatorMessages.createdAt), desc(operatorMessages.id)).limit(limit);
}

/**
 * The one step that decides a send: a draft becomes `sending`. Of two requests at once (a double
 * click, two instances) only one finds it a draft; the other's statement waits for the first's
 * transaction and then matches nothing.
 */
export async function claimDraft(db: Db, id: string, at: Date): Promise<OperatorMessageRow | undefined> {
  const [row] = await db
    .update(operatorMessages)
    .set({ status: 'sending', sentAt: at, updatedAt: at })
    .where(and(eq(operatorMessages.id, id), eq(operatorMessages.status, 'draft')))
    .returning();
  return row;
}

export async function setRecipients(db: Db, id: string, recipients: number): Promise<void> {
  await db.update(operatorMessages).set({ recipients }).where(eq(operatorMessages.id, id));
}

/** `sending` → `sent` once nothing is waiting any more. */
export async function markSent(db: Db, id: string): Promise<void> {
  await db
    .update(operatorMessages)
    .set({ status: 'sent' satisfies OperatorMessageStatus })
    .where(and(eq(operatorMessages.id, id), eq(operatorMessages.status, 'sending')));
}
