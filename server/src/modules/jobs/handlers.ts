import type { Mailer } from '../mail/mailer.js';
import type { AppMetrics } from '../metrics/metrics.js';
import { runCleanup, type CleanupCtx } from './cleanup.js';
import { deliverNotification, markNotificationFailed } from '../notifications/deliver.js';
import { planNotifications } from '../notifications/schedule.js';
import type { DeliverCtx } from '../notifications/templates/types.js';
import type { JobHandlers, JobQueue } from './queue.js';

/** What each queue's jobs do. */
export function createJobHandlers({
  ctx,
  mailer,
  metrics,
}: {
  ctx: CleanupCtx & DeliverCtx & { jobs: JobQueue };
  mailer: Mailer;
  metrics?: AppMetrics | null;
}): JobHandlers {
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
    // A notification mail: its row says what and to whom; sent once (see notifications/deliver.ts).
    notify: async ({ id }, job) => {
      try {
        const outcome = await deliverNotification({ ctx, mailer, input: { id } });
        if (outcome === 'sent') metrics?.mail('sent');
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        metrics?.mail('failed', typeof code === 'string' ? code : undefined);
        if (job.attempt >= job.attempts) await markNotificationFailed(ctx, id).catch(() => undefined);
        throw error;
      }
    },
    'notify-schedule': () => planNotifications({ ctx }),
  };
}
