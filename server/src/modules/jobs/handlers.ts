import type { Mailer } from '../mail/mailer.js';
import type { AppMetrics } from '../metrics/metrics.js';
import { runCleanup, type CleanupCtx } from './cleanup.js';
import type { JobHandlers } from './queue.js';

/** What each queue's jobs do. */
export function createJobHandlers({ ctx, mailer, metrics }: { ctx: CleanupCtx; mailer: Mailer; metrics?: AppMetrics | null }): JobHandlers {
  return {
    // The job id is the mail's id: a repeated job keeps its Message-ID (and its outbox file).
    mail: async (message, job) => {
      try {
        await mailer.send(message, { id: job.id });
      } catch (error) {
        // Only the error's code (MailDeliveryError: nodemailer's), never its text.
        const code = (error as { code?: unknown } | null)?.code;
        metrics?.mail('failed', typeof code === 'string' ? code : undefined);
        throw error;
      }
      metrics?.mail('sent');
    },
    cleanup: () => runCleanup({ ctx }),
  };
}
