import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import type { NotificationKind } from '../../db/schema/index.js';
import * as repo from './repository.js';
import type { TemplateName, TemplateParams } from './templates/index.js';

/**
 * Queueing notifications (issue 25). A trigger names the occasion (unique per recipient: the same
 * trigger run twice queues nothing more), the kind (which switch of the account it belongs to), the
 * template and its parameters; rows and their jobs are written in `db`, so in the trigger's own
 * transaction they commit or roll back with what caused them.
 */
export type NotifyCtx = Pick<AppContext, 'db' | 'jobs'>;

export interface NotificationInput<T extends TemplateName> {
  occasion: string;
  kind: NotificationKind;
  template: T;
  params: TemplateParams<T>;
}

/** One `notify` job per new mail (`ids`), written in `db` with the mails; returns how many there are. */
async function enqueueSends(ctx: NotifyCtx, db: Db, ids: string[]): Promise<number> {
  await ctx.jobs.enqueueMany(
    db,
    'notify',
    ids.map((id) => ({ id })),
  );
  return ids.length;
}

/** Queues the mails to the given recipients ('account:<sub>', 'fan:<id>'); returns how many were new. */
export async function queueNotifications<T extends TemplateName>(
  ctx: NotifyCtx,
  db: Db,
  input: NotificationInput<T> & { recipients: readonly string[] },
): Promise<number> {
  return enqueueSends(ctx, db, await repo.insertNotifications(db, { ...input, params: input.params as Record<string, unknown> }));
}

/** The same, the recipients chosen by a query (recipients.ts: `accountRecipientsSql`, `fanRecipientsSql`). */
export async function queueNotificationsFrom<T extends TemplateName>(
  ctx: NotifyCtx,
  db: Db,
  input: NotificationInput<T> & { recipients: SQL },
): Promise<number> {
  return enqueueSends(ctx, db, await repo.insertNotificationsFrom(db, { ...input, params: input.params as Record<string, unknown> }));
}

/** How far an occasion's mails have gone, for the operator messages' progress. */
export { occasionProgress, type OccasionProgress } from './repository.js';
