import type { AppContext } from '../../context.js';

/**
 * The time-driven notifications (issue 25): run every 5 minutes by the `notify-schedule` job (one
 * instance at a time), it queues the mails whose time has come.
 */
export type PlanCtx = Pick<AppContext, 'db' | 'jobs' | 'now' | 'log' | 'config'>;

export async function planNotifications({ ctx }: { ctx: PlanCtx }): Promise<void> {
  void ctx;
}
