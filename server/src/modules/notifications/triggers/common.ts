import { sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/client.js';
import type { NotificationKind } from '../../../db/schema/index.js';
import { accountRecipientsSql } from '../recipients.js';
import { queueNotificationsFrom, type NotificationInput, type NotifyCtx } from '../service.js';
import type { TemplateName } from '../templates/index.js';

/**
 * What the services that trigger a mail pass: their context. The HTTP routes' context has the job
 * queue; the command line's has none (it starts no workers), so there the mails are not queued
 * and a log line says so.
 */
export type TriggerCtx = Pick<AppContext, 'log'> & Partial<Pick<AppContext, 'jobs'>>;

function queueOf(ctx: TriggerCtx, db: Db, occasion: string): NotifyCtx | null {
  if (ctx.jobs) return { db, jobs: ctx.jobs };
  ctx.log.warn({ occasion }, 'no job queue in this context: notification mails not queued');
  return null;
}

/** The club accounts' recipient query: confirmed accounts of the club (`where` over `profiles p`) with `kind` on. */
export const clubAccountsSql = (kind: NotificationKind, clubWhere: SQL) => accountRecipientsSql(kind, clubWhere);

/**
 * Queues one mail to the account of a club (its id, or a query giving it) (none: no account, not confirmed, the kind switched
 * off), in `db` (the trigger's transaction). Returns how many were new (0 or 1).
 */
export async function queueToClub<T extends TemplateName>(
  ctx: TriggerCtx,
  db: Db,
  input: NotificationInput<T> & { clubId: string | SQL },
): Promise<number> {
  const queue = queueOf(ctx, db, input.occasion);
  if (!queue) return 0;
  const { clubId, ...rest } = input;
  return queueNotificationsFrom(queue, db, { ...rest, recipients: clubAccountsSql(input.kind, sql`p.club_id = ${clubId}`) });
}

/**
 * Queues one mail per club, each with its own parameters (a place, points), to the clubs' accounts
 * in one statement: the 5,000 clubs of a table are not 5,000 round trips in the publication's
 * transaction. The recipient rule is `accountRecipientsSql`'s.
 */
export async function queueToClubsEach<T extends TemplateName>(
  ctx: TriggerCtx,
  db: Db,
  input: Omit<NotificationInput<T>, 'params'> & { perClub: ReadonlyArray<{ clubId: string; params: NotificationInput<T>['params'] }> },
): Promise<number> {
  if (!input.perClub.length) return 0;
  const queue = queueOf(ctx, db, input.occasion);
  if (!queue) return 0;
  const clubIds = input.perClub.map((c) => c.clubId);
  const params = input.perClub.map((c) => JSON.stringify(c.params));
  const result = (await db.execute(sql`
    INSERT INTO notifications (occasion, recipient, kind, template, params)
    SELECT ${input.occasion}, q.recipient, ${input.kind}, ${input.template}, x.params::jsonb
      FROM unnest(${sql.param(clubIds)}::text[], ${sql.param(params)}::text[]) AS x(club_id, params)
      CROSS JOIN LATERAL (${clubAccountsSql(input.kind, sql`p.club_id = x.club_id`)}) AS q(recipient)
    ON CONFLICT (occasion, recipient) DO NOTHING
    RETURNING id`)) as unknown as { rows: Array<{ id: string }> };
  await queue.jobs.enqueueMany(
    db,
    'notify',
    result.rows.map((row) => ({ id: row.id })),
  );
  return result.rows.length;
}
