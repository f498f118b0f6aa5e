import type { AppContext } from '../../context.js';
import { removeExpiredIdentityData, removeStaleUnconfirmedAccounts } from '../identity/service.js';
import { removeExpiredOperatorSessions } from '../moderation/service.js';
import { removeExpiredCounters } from '../rate-limit/service.js';
import { removeUsedProofs } from '../votes/service.js';

/**
 * The periodic clean-up (the `cleanup` queue, scheduled every 10 minutes; one instance runs it):
 * what requests used to delete on a random few of their calls. Every task is idempotent; a
 * failing one does not stop the others, and the job is retried when any failed.
 */

export type CleanupCtx = Pick<AppContext, 'db' | 'now' | 'identity' | 'log'>;

export const CLEANUP_TASKS: ReadonlyArray<readonly [string, (ctx: CleanupCtx) => Promise<unknown>]> = [
  // Answered SECRET_BLOCK ids, forgotten login failures, ended identity sessions, long-dead codes.
  ['identity', (ctx) => removeExpiredIdentityData({ ctx })],
  // Accounts never confirmed within 7 days (with their profiles).
  ['unconfirmed-accounts', (ctx) => removeStaleUnconfirmedAccounts({ ctx })],
  ['operator-sessions', (ctx) => removeExpiredOperatorSessions({ ctx })],
  ['vote-proofs', (ctx) => removeUsedProofs({ ctx })],
  ['rate-limit-counters', (ctx) => removeExpiredCounters({ ctx })],
];

export async function runCleanup({ ctx }: { ctx: CleanupCtx }): Promise<void> {
  const started = Date.now();
  const failed: string[] = [];
  for (const [name, task] of CLEANUP_TASKS) {
    try {
      await task(ctx);
    } catch (error) {
      failed.push(name);
      ctx.log.warn({ err: error, task: name }, 'clean-up task failed');
    }
  }
  if (failed.length) throw new Error(`clean-up failed: ${failed.join(', ')}`);
  ctx.log.info({ ms: Date.now() - started }, 'clean-up done');
}
