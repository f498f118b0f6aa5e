import type { Mailer } from '../mail/mailer.js';
import { runCleanup, type CleanupCtx } from './cleanup.js';
import type { JobHandlers } from './queue.js';

/** What each queue's jobs do. */
export function createJobHandlers({ ctx, mailer }: { ctx: CleanupCtx; mailer: Mailer }): JobHandlers {
  return {
    // The job id is the mail's id: a repeated job keeps its Message-ID (and its outbox file).
    mail: async (message, job) => {
      await mailer.send(message, { id: job.id });
    },
    cleanup: () => runCleanup({ ctx }),
  };
}
