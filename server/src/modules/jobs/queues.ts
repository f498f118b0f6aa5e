import type PgBoss from 'pg-boss';
import type { MailDeliveryConfig } from '../../config.js';
import type { MailMessage } from '../mail/mailer.js';

/**
 * The queues, what their jobs carry, and how they retry. Queue definitions are written to the
 * database on every start (pg-boss's `pgboss.queue`), so a changed setting applies to new jobs.
 */

export interface JobInputs {
  /** One outgoing e-mail (stored sealed: address and code are personal data and secrets). */
  mail: MailMessage;
  /** The periodic clean-up (scheduled; see cleanup.ts). */
  cleanup: Record<string, never>;
  /**
   * One notification mail (issue 25): the id of its `notifications` row, nothing personal (the
   * address is read when it goes), so not sealed.
   */
  notify: { id: string };
  /** The time-driven notifications' planner (scheduled; see notifications/schedule.ts). */
  'notify-schedule': Record<string, never>;
}

export type QueueName = keyof JobInputs;

export const QUEUE_NAMES: readonly QueueName[] = ['mail', 'cleanup', 'notify', 'notify-schedule'];

/** Queues whose data is sealed in the jobs table (sealing.ts). */
export const SEALED_QUEUES: ReadonlySet<QueueName> = new Set<QueueName>(['mail']);

/** Every 10 minutes (UTC): expired sessions, codes, proofs, counters and stale accounts go. */
export const CLEANUP_CRON = '*/10 * * * *';

/** Every 5 minutes (UTC): the planner queues the time-driven notifications that are due. */
export const NOTIFY_SCHEDULE_CRON = '*/5 * * * *';

/** How often a worker asks for new jobs (pg-boss's minimum is 0.5 s); a request that queued one also wakes it at once. */
export const POLLING_SECONDS: Record<QueueName, number> = { mail: 0.5, cleanup: 5, notify: 0.5, 'notify-schedule': 5 };

/**
 * How many jobs a worker takes at once and runs side by side: five mails (five SMTP conversations
 * at a time: a queue of mail built up during an outage goes out quickly, a relay is not flooded);
 * a hundred notifications (each reads its row, recipient and template data, then waits for one of
 * the mailer's five pooled SMTP connections: a voting morning's 55,000 at ≥ 200/s from one
 * instance; with 20, each batch's reads and its slowest mail left the connections waiting: 60
 * against 103 mails/s in scripts/bench-notifications.mjs on the same busy machine); one clean-up.
 */
export const BATCH_SIZE: Record<QueueName, number> = { mail: 5, cleanup: 1, notify: 100, 'notify-schedule': 1 };

/**
 * How many jobs of a batch run at once. Notification mails are fetched a hundred at a time (one
 * fetch, one completion), but run ten at a time: five SMTP connections take no more, and a hundred
 * mails' queries at once would stand in the database pool's queue ahead of the site's requests.
 */
export const CONCURRENCY: Record<QueueName, number> = { mail: 5, cleanup: 1, notify: 10, 'notify-schedule': 1 };

/**
 * The time a mail job may run: four SMTP timeouts (connect, greeting, and a slow answer or two).
 * After it the job counts as crashed (its worker died) and runs again.
 */
export function mailExpireSeconds(delivery: MailDeliveryConfig): number {
  return 4 * delivery.timeoutSeconds;
}

/** pg-boss doubles the wait up to this exponent (`2 ^ LEAST(16, retry_count + 1)`), then keeps it. */
const BACKOFF_EXPONENT_CAP = 16;

/**
 * pg-boss waits `retryDelay · 2^(min(n, 16) − 1) · (1 + random)` seconds before the n-th retry, so
 * the retries of one mail span at least the sum of `retryDelay · 2^(min(n, 16) − 1)` over
 * n = 1 … limit (`retryDelay · (2^limit − 1)` up to 16 retries) and at most twice that.
 */
export function mailRetrySpanSeconds(delivery: MailDeliveryConfig): { min: number; max: number } {
  let min = 0;
  for (let n = 1; n <= delivery.retryLimit; n++) min += delivery.retryDelaySeconds * 2 ** (Math.min(n, BACKOFF_EXPONENT_CAP) - 1);
  return { min, max: 2 * min };
}

/** pg-boss stores a queue's retention in minutes as a PostgreSQL integer. */
const MAX_RETENTION_MINUTES = 2 ** 31 - 1;

export type QueueOptions = Omit<PgBoss.Queue, 'name'>;

export function queueOptions(delivery: MailDeliveryConfig): Record<QueueName, QueueOptions> {
  const spanMinutes = Math.ceil(mailRetrySpanSeconds(delivery).max / 60);
  const mail: QueueOptions = {
    policy: 'standard',
    retryLimit: delivery.retryLimit,
    retryDelay: delivery.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: mailExpireSeconds(delivery),
    // A job not yet sent is kept through all its retries (and a day more); a sent one is deleted at once.
    retentionMinutes: Math.min(MAX_RETENTION_MINUTES, spanMinutes + 24 * 60),
  };
  return {
    mail,
    // Notification mails retry like mail (SMTP may be down for hours).
    notify: { ...mail },
    'notify-schedule': {
      // One planner at a time across all instances (its inserts are idempotent anyway).
      policy: 'singleton',
      retryLimit: 2,
      retryDelay: 60,
      retryBackoff: false,
      expireInSeconds: 10 * 60,
      retentionMinutes: 24 * 60,
    },
    cleanup: {
      // One clean-up at a time across all instances.
      policy: 'singleton',
      retryLimit: 2,
      retryDelay: 60,
      retryBackoff: false,
      expireInSeconds: 15 * 60,
      retentionMinutes: 24 * 60,
    },
  };
}
