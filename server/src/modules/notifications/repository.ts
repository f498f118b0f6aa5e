import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { challenges, notifications, type NotificationKind, type NotificationRow, type NotificationSkip } from '../../db/schema/index.js';

/** Inserts the rows that are new (occasion and recipient unique together) and returns their ids. */
export async function insertNotifications(
  db: Db,
  input: { occasion: string; kind: NotificationKind; template: string; params: Record<string, unknown>; recipients: readonly string[] },
): Promise<string[]> {
  if (!input.recipients.length) return [];
  const result = (await db.execute(sql`
    INSERT INTO notifications (occasion, recipient, kind, template, params)
    SELECT ${input.occasion}, r, ${input.kind}, ${input.template}, ${JSON.stringify(input.params)}::jsonb
      FROM unnest(${sql.param([...input.recipients])}::text[]) AS r
    ON CONFLICT (occasion, recipient) DO NOTHING
    RETURNING id`)) as unknown as { rows: unknown[] };
  return (result.rows as Array<{ id: string }>).map((row) => row.id);
}

/**
 * The same, with the recipients chosen by a query (`SELECT recipient FROM …`): the 50,000 fans of
 * a voting day never travel through this process.
 */
export async function insertNotificationsFrom(
  db: Db,
  input: {
    occasion: string;
    kind: NotificationKind;
    template: string;
    params: Record<string, unknown>;
    recipients: ReturnType<typeof sql>;
  },
): Promise<string[]> {
  const result = (await db.execute(sql`
    INSERT INTO notifications (occasion, recipient, kind, template, params)
    SELECT ${input.occasion}, q.recipient, ${input.kind}, ${input.template}, ${JSON.stringify(input.params)}::jsonb
      FROM (${input.recipients}) AS q(recipient)
    ON CONFLICT (occasion, recipient) DO NOTHING
    RETURNING id`)) as unknown as { rows: unknown[] };
  return (result.rows as Array<{ id: string }>).map((row) => row.id);
}

/** The challenge exists and is not withdrawn from its season (issue 26). */
export async function isChallengeInSeason(db: Db, challengeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(eq(challenges.id, challengeId), isNull(challenges.withdrawnAt)))
    .limit(1);
  return row !== undefined;
}

export async function findNotification(db: Db, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id)).limit(1);
  return row;
}

/** Marks it sent (only once: a second run finds it sent and does nothing). */
export async function markSent(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ sentAt: at, failedAt: null })
    .where(and(eq(notifications.id, id), isNull(notifications.sentAt)));
}

export async function markSkipped(db: Db, id: string, reason: NotificationSkip): Promise<void> {
  await db
    .update(notifications)
    .set({ skipped: reason })
    .where(and(eq(notifications.id, id), isNull(notifications.sentAt)));
}

export async function markFailed(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ failedAt: at })
    .where(and(eq(notifications.id, id), isNull(notifications.sentAt)));
}

export interface OccasionProgress {
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
}

/** How the mails of an occasion (or of occasions starting with a prefix) stand. */
export async function occasionProgress(db: Db, occasion: string): Promise<OccasionProgress> {
  const result = (await db.execute(sql`
    SELECT count(*) FILTER (WHERE sent_at IS NULL AND skipped IS NULL AND failed_at IS NULL)::int AS queued,
           count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent,
           count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NOT NULL)::int AS failed,
           count(*) FILTER (WHERE skipped IS NOT NULL)::int AS skipped
      FROM notifications WHERE occasion = ${occasion}`)) as unknown as { rows: unknown[] };
  const row = (result.rows[0] ?? {}) as Partial<OccasionProgress>;
  return {
    queued: Number(row.queued ?? 0),
    sent: Number(row.sent ?? 0),
    failed: Number(row.failed ?? 0),
    skipped: Number(row.skipped ?? 0),
  };
}
