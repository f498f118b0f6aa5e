import { setTimeout as delay } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { MailDeliveryConfig } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import { serializeError, type Logger } from '../../logger.js';
import type { AppMetrics } from '../metrics/metrics.js';
import { databaseExecutor, drizzleExecutor, executeScript, trackedExecutor, type Executor } from './executors.js';
import {
  BATCH_SIZE,
  CONCURRENCY,
  CLEANUP_CRON,
  NOTIFY_SCHEDULE_CRON,
  POLLING_SECONDS,
  QUEUE_NAMES,
  SEALED_QUEUES,
  queueOptions,
  type JobInputs,
  type QueueName,
} from './queues.js';
import { jobDataKey, openJobData, sealJobData } from './sealing.js';

/**
 * Durable jobs in our own database (pg-boss 10, schema `pgboss`, created and migrated by pg-boss
 * on start, or before it by `cli.js migrate` for an app role without CREATE; PGlite or
 * PostgreSQL, any number of instances). A job is written with `enqueue` in the caller's
 * transaction, so it exists exactly when the data it belongs to was committed (the transactional
 * outbox); workers in every instance take jobs, retry failures with back-off, and a job whose
 * worker died runs again.
 */

export interface JobInfo {
  id: string;
  queue: QueueName;
  /** 1 for the first run. */
  attempt: number;
  /** Runs allowed in all (retries + 1). */
  attempts: number;
}

export type JobHandlers = { [N in QueueName]: (data: JobInputs[N], job: JobInfo) => Promise<void> };

export interface JobQueue {
  /**
   * Queues a job in `db`: a transaction (`Tx`) writes it in that transaction, so that it commits or
   * rolls back with the data; the root database writes it at once. Returns the job id.
   */
  enqueue<N extends QueueName>(db: Db, name: N, data: JobInputs[N]): Promise<string>;
  /** Queues many jobs of one queue in one statement (like `enqueue`: in `db`'s transaction). */
  enqueueMany<N extends QueueName>(db: Db, name: N, data: ReadonlyArray<JobInputs[N]>): Promise<void>;
  /** Creates or migrates the `pgboss` schema, the queues and the schedule, and starts the workers. */
  start(handlers: JobHandlers): Promise<void>;
  /** Stops taking jobs and waits up to `timeoutMs` for running ones (then they count as failed and run again later). */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Started and not stopping. */
  isRunning(): boolean;
  /** Wakes this process's workers for jobs queued in transactions since (called after each response, when those have committed). */
  wakePending(): void;
  /** Jobs of the queue that wait (also for a retry) or run. */
  pendingCount(name: QueueName): Promise<number>;
  /** Jobs in the database by queue and state (all instances; the metrics sample it at each scrape). */
  stateCounts(): Promise<Array<{ queue: string; state: string; count: number }>>;
  /** Waits until the queue has no job waiting or running (tests, scripts). */
  drain(name: QueueName, timeoutMs?: number): Promise<void>;
  /** pg-boss itself (tests and maintenance). */
  readonly boss: PgBoss;
}

export interface JobQueueOptions {
  database: Pick<Database, 'db' | 'kind'>;
  /** The app secret: the key that seals job data derives from it. */
  secret: string;
  mailDelivery: MailDeliveryConfig;
  log: Logger;
  /**
   * This process alone uses the database (the embedded PGlite, held under DATA_DIR/server.lock):
   * a job found active at start was cut off by a crash and runs again at once. With PostgreSQL
   * another instance may be running it; there it runs again once it has expired.
   */
  exclusive?: boolean;
  /** Counts queued jobs and runs (null: metrics off). */
  metrics?: AppMetrics | null;
  /** The queues whose workers run here (JOB_WORKERS; all by default). Jobs of every queue can be queued. */
  workers?: readonly QueueName[];
}

/** pg-boss keeps a completed job (not mail: that is deleted at once) an hour, then in its archive a day. */
const ARCHIVE_COMPLETED_SECONDS = 3600;
/** A job that failed for good stays visible a day (sealed, for mail), then a day in the archive. */
const ARCHIVE_FAILED_SECONDS = 86_400;

/**
 * A mail (`mail` or `notify`) that fails with one of these codes found no SMTP server to talk to (refused, timed out,
 * cut off). When any mail goes through again, those waiting for a retry are sent at once instead
 * of at the end of their back-off; a mail refused for its own reasons (its recipient) keeps its
 * back-off.
 */
const UNREACHABLE_CODES = ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNRESET', 'ECONNREFUSED', 'EPROTOCOL'];
const RELEASE_EVERY_MS = 5000;

/**
 * pg-boss 10 does not await the statement that completes or fails a job after its handler
 * (timgit/pg-boss#577): if the database fails just then, that would be an unhandled rejection
 * and end the process. Such a failure is logged instead; the job stays active, expires and runs again.
 */
const DETACHED_STATEMENT =
  /^\s*WITH (results AS \(\s*UPDATE \w+\.job\s+SET completed_on = now\(\),\s+state = 'completed'|deleted_jobs AS \()/;

export function guardDetachedStatements(inner: Executor, onError: (error: unknown) => void): Executor {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!DETACHED_STATEMENT.test(text)) return inner.executeSql(text, values as unknown[]);
      try {
        return await inner.executeSql(text, values as unknown[]);
      } catch (error) {
        onError(error);
        return { rows: [{ count: 0 }] };
      }
    },
  };
}

/** `work` over `items`, at most `limit` at a time, results in the items' order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

/** An error as it may be stored with a job and logged: the safe serializer's message and code only. */
function safeError(error: unknown): Error {
  const safe = serializeError(error);
  const out = new Error(safe.message || safe.type);
  out.name = safe.type;
  if (safe.code !== undefined) Object.assign(out, { code: safe.code });
  if (typeof (error as { responseCode?: unknown })?.responseCode === 'number')
    Object.assign(out, { responseCode: (error as { responseCode: number }).responseCode });
  return out;
}

class StoppingError extends Error {
  constructor() {
    super('the server is stopping; the job runs again later');
    this.name = 'StoppingError';
  }
}

/**
 * SQLSTATEs of instances starting at once on a new database, in pg-boss's set-up: its schema is
 * created under an advisory lock, but the instance that waited for the lock does not see the schema
 * the other one committed and fails on a duplicate key (23505) or "already exists" (42P06, 42P07,
 * 42710); a queue (a row, then a partition table attached to `pgboss.job`) is created without a
 * lock, and two instances deadlock there (40P01). scripts/test-topology.mjs saw instances fail to
 * start on both. The failed statement changed nothing; run again, it finds the other's work done.
 */
const START_RACE_CODES = new Set(['40P01', '23505', '42P06', '42P07', '42710']);

export async function retryStartRace<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!START_RACE_CODES.has(String((error as { code?: unknown }).code)) || attempt >= attempts) throw error;
      await delay(50 + Math.random() * 200 * attempt);
    }
  }
}

/**
 * The `pgboss` schema, as boss.start() would create it, but run again when another instance won
 * the race (boss.start() cannot be called again after a failure).
 */
async function installJobSchema(database: Pick<Database, 'db' | 'kind'>, direct: Executor): Promise<void> {
  await retryStartRace(async () => {
    const { rows } = await direct.executeSql(`SELECT to_regclass('pgboss.version') IS NOT NULL AS installed`, []);
    if (!(rows[0] as { installed?: boolean } | undefined)?.installed) await executeScript(database, PgBoss.getConstructionPlans('pgboss'));
  });
}

/** Creates the queues that are missing and gives each today's settings (retries, expiry) for the jobs queued from now on. */
async function createQueues(boss: PgBoss, mailDelivery: MailDeliveryConfig): Promise<void> {
  const all = queueOptions(mailDelivery);
  for (const name of QUEUE_NAMES) {
    await retryStartRace(() => boss.createQueue(name, { name, ...all[name] }));
    await retryStartRace(() => boss.updateQueue(name, { name, ...all[name] }));
  }
}

/**
 * What `start` sets up, without workers: the `pgboss` schema (created, or migrated by pg-boss) and
 * our queues (tables of their own). `cli.js migrate` runs it as the owner, so that an app role
 * (db/roles.ts), which may not create tables, finds them all; its start then only writes rows.
 */
export async function prepareJobQueues(database: Pick<Database, 'db' | 'kind'>, mailDelivery: MailDeliveryConfig): Promise<void> {
  const direct = databaseExecutor(database);
  await installJobSchema(database, direct);
  const boss = new PgBoss({ db: direct, supervise: false, schedule: false });
  boss.on('error', () => undefined); // the calls below report their own errors
  await boss.start();
  try {
    await createQueues(boss, mailDelivery);
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log, mailDelivery } = options;
  const metrics = options.metrics ?? null;
  const key = jobDataKey(options.secret);
  // Our own outcome statements (awaited, their errors handled) go straight to the database; the
  // guard is only for the ones pg-boss runs without awaiting them.
  const direct = databaseExecutor(database);
  const root = trackedExecutor(
    guardDetachedStatements(direct, (error) =>
      log.warn({ err: error }, 'job queue: a job could not be marked done; it runs again after it expires'),
    ),
  );
  const boss = new PgBoss({
    db: root,
    // Jobs stuck in `active` (their worker died) are found by the maintenance run; it also archives.
    maintenanceIntervalSeconds: Math.min(60, mailDelivery.timeoutSeconds),
    archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_SECONDS,
    archiveFailedAfterSeconds: ARCHIVE_FAILED_SECONDS,
    deleteAfterDays: 1,
  });
  boss.on('error', (error: unknown) => {
    // Worker errors arrive as plain objects with the original's fields (a database error keeps its SQLSTATE).
    const e = (error ?? {}) as { message?: unknown; code?: unknown; queue?: unknown };
    const err =
      error instanceof Error
        ? error
        : Object.assign(new Error(typeof e.message === 'string' ? e.message : 'job queue error'), { code: e.code });
    log.error({ err, queue: typeof e.queue === 'string' ? e.queue : undefined }, 'job queue error');
  });

  const workerIds = new Map<QueueName, string[]>();
  const wakeAfterResponse = new Set<QueueName>();
  let bossStarted = false;
  let started = false;
  let stopping = false;
  let active = 0;
  const lastRelease = new Map<QueueName, number>();

  const wake = (name: QueueName) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };

  /** Mail waiting for a retry because no SMTP server answered goes now (see UNREACHABLE_CODES). */
  async function releaseRetries(name: QueueName): Promise<void> {
    if (Date.now() - (lastRelease.get(name) ?? 0) < RELEASE_EVERY_MS) return;
    lastRelease.set(name, Date.now());
    try {
      await root.executeSql(
        `UPDATE pgboss.job SET start_after = now()
          WHERE name = $1 AND state = 'retry' AND start_after > now() AND output->>'code' = ANY($2::text[])`,
        [name, UNREACHABLE_CODES],
      );
    } catch (error) {
      log.warn({ err: error, queue: name }, 'job queue: could not bring retries forward');
    }
  }

  /**
   * Runs one job and records its outcome itself (pg-boss would fail a whole batch for one error):
   * done, or failed with the safe form of its error (retried after the back-off, or failed for
   * good after the last attempt). Never throws; false when the outcome could not be written.
   */
  async function run<N extends QueueName>(name: N, handler: JobHandlers[N], job: PgBoss.JobWithMetadata<unknown>): Promise<boolean> {
    const info: JobInfo = { id: job.id, queue: name, attempt: job.retryCount + 1, attempts: job.retryLimit + 1 };
    active++;
    try {
      // A job fetched while stopping is handed back (it runs again later) instead of being half-run.
      if (stopping) throw new StoppingError();
      const data = SEALED_QUEUES.has(name) ? openJobData<JobInputs[N]>(key, name, job.data) : (job.data as JobInputs[N]);
      if (data === null) {
        // Sealed under another APP_SECRET (or altered): no retry can open it.
        log.error({ queue: name, jobId: job.id }, 'job data cannot be opened (was APP_SECRET changed?); job dropped');
        metrics?.jobRun(name, 'failed');
        await boss.deleteJob(name, job.id);
        return true;
      }
      try {
        await handler(data, info);
      } catch (error) {
        const last = info.attempt >= info.attempts;
        const fields = { queue: name, jobId: job.id, attempt: info.attempt, attempts: info.attempts, err: error };
        if (last) log.error(fields, 'job failed for good');
        else log.warn(fields, 'job failed; it runs again after a back-off');
        metrics?.jobRun(name, last ? 'failed' : 'retry');
        throw safeError(error);
      }
      if (info.attempt > 1) log.info({ queue: name, jobId: job.id, attempt: info.attempt }, 'job done after a retry');
      metrics?.jobRun(name, 'completed');
      if (name === 'mail') {
        // Nothing of a sent mail is kept (its data is personal even sealed).
        await boss
          .deleteJob(name, job.id)
          .catch((error: unknown) =>
            log.warn({ err: error, queue: name, jobId: job.id }, 'job queue: a sent mail job could not be deleted'),
          );
        await releaseRetries(name);
      } else if (name === 'notify') {
        // Completed with its batch, in one statement (pg-boss's, after the batch) instead of one each:
        // the row's `sent_at` already says the mail went, so a job run again after a crash in between
        // sends nothing (notifications/deliver.ts).
        await releaseRetries(name);
      } else {
        await boss.complete(name, job.id, {}, { db: direct });
      }
      return true;
    } catch (error) {
      try {
        if (error instanceof StoppingError) await handBack(name, job.id);
        else await boss.fail(name, job.id, safeError(error), { db: direct });
        return true;
      } catch (failure) {
        log.warn({ err: failure, queue: name, jobId: job.id }, 'job queue: a failed job could not be marked');
        return false;
      }
    } finally {
      active--;
    }
  }

  /**
   * A job taken while stopping goes back untried: due at once, its attempt not counted (the fetch
   * counted one when the job had run before, and set `started_on`, which marks that it had).
   */
  async function handBack(name: QueueName, id: string): Promise<void> {
    await direct.executeSql(
      `UPDATE pgboss.job
          SET state = CASE WHEN retry_count = 0 THEN 'created'::pgboss.job_state ELSE 'retry'::pgboss.job_state END,
              started_on = CASE WHEN retry_count = 0 THEN NULL ELSE started_on END,
              retry_count = GREATEST(retry_count - 1, 0),
              start_after = now()
        WHERE name = $1 AND id = $2 AND state = 'active'`,
      [name, id],
    );
  }

  async function pendingCount(name: QueueName): Promise<number> {
    return boss.getQueueSize(name, { before: 'completed' });
  }

  /** Embedded database, one process: what is active now was cut off by a crash (see `exclusive`). */
  async function reclaimOrphans(): Promise<void> {
    const { rows } = await root.executeSql(`SELECT name, id FROM pgboss.job WHERE state = 'active'`, []);
    const byQueue = new Map<string, string[]>();
    for (const row of rows as Array<{ name: string; id: string }>) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
    for (const [name, ids] of byQueue) {
      for (const id of ids) await boss.fail(name, id, { message: 'the server stopped while the job ran' });
      log.warn({ queue: name, jobs: ids.length }, 'jobs cut off by the last stop run again');
    }
  }

  return {
    boss,

    async enqueue(db, name, data) {
      const stored = SEALED_QUEUES.has(name) ? sealJobData(key, name, data) : data;
      const id = await boss.send(name, stored as object, { db: drizzleExecutor(db) });
      if (!id) throw new Error(`job queue: the ${name} job was not queued (is the queue created?)`);
      metrics?.jobEnqueued(name);
      // Outside a transaction it is visible now; inside one, once it has committed (after the response).
      if (db === database.db) wake(name);
      else wakeAfterResponse.add(name);
      return id;
    },

    async enqueueMany(db, name, data) {
      if (!data.length) return;
      // pg-boss writes them with one INSERT … SELECT over a JSON array; thousands at a time are fine.
      const CHUNK = 5000;
      for (let i = 0; i < data.length; i += CHUNK) {
        const jobs = data
          .slice(i, i + CHUNK)
          .map((item) => ({ name, data: (SEALED_QUEUES.has(name) ? sealJobData(key, name, item) : item) as object }));
        await boss.insert(jobs, { db: drizzleExecutor(db) });
      }
      for (let i = 0; i < data.length; i++) metrics?.jobEnqueued(name);
      if (db === database.db) wake(name);
      else wakeAfterResponse.add(name);
    },

    async start(handlers) {
      if (bossStarted) return;
      bossStarted = true;
      try {
        await installJobSchema(database, direct);
        await boss.start();
        await createQueues(boss, mailDelivery);
        if (options.exclusive) await reclaimOrphans();
        await boss.schedule('cleanup', CLEANUP_CRON, {}, { tz: 'UTC' });
        await boss.schedule('notify-schedule', NOTIFY_SCHEDULE_CRON, {}, { tz: 'UTC' });
        // A (re)start catches up at once on what the planner would have queued while no instance ran.
        await boss.send('notify-schedule', {});
        const work = <N extends QueueName>(name: N) =>
          boss.work<unknown>(
            name,
            { pollingIntervalSeconds: POLLING_SECONDS[name], batchSize: BATCH_SIZE[name], includeMetadata: true },
            async (batch) => {
              const recorded = await mapLimited(batch, CONCURRENCY[name], (job) => run(name, handlers[name], job));
              // pg-boss then completes the batch's jobs still `active`: one whose failure could not be
              // written must not count as done, so the batch fails instead (a job already done or
              // waiting for its retry is not changed by that).
              if (!recorded.every(Boolean)) throw new Error('job queue: the outcome of a job could not be written');
              // More may be waiting (a full batch, or retries that came due): fetch again without the polling pause.
              if (batch.length) wake(name);
            },
          );
        for (const name of options.workers ?? QUEUE_NAMES) workerIds.set(name, [await work(name)]);
        started = true;
      } catch (error) {
        await boss.stop({ graceful: false, close: false }).catch(() => undefined);
        throw error;
      }
    },

    async stop({ timeoutMs = 20_000 } = {}) {
      if (!bossStarted || stopping) return;
      stopping = true;
      const deadline = Date.now() + timeoutMs;
      try {
        await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      } catch (error) {
        log.error({ err: error }, 'job queue: error while stopping');
      }
      // A worker's last fetch may still be on its way back (its job is handed back at once): wait for it.
      while ((root.inFlight() > 0 || active > 0) && Date.now() < deadline) await delay(20);
      workerIds.clear();
    },

    isRunning: () => started && !stopping,

    wakePending() {
      if (!wakeAfterResponse.size) return;
      for (const name of wakeAfterResponse) wake(name);
      wakeAfterResponse.clear();
    },

    pendingCount,

    async stateCounts() {
      const { rows } = await direct.executeSql(`SELECT name, state, count(*)::int AS count FROM pgboss.job GROUP BY name, state`, []);
      return (rows as Array<{ name: string; state: string; count: number }>).map((row) => ({
        queue: row.name,
        state: row.state,
        count: Number(row.count),
      }));
    },

    async drain(name, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        wake(name);
        if ((await pendingCount(name)) === 0) return;
        if (Date.now() > until) throw new Error(`job queue: ${name} still has jobs after ${timeoutMs} ms`);
        await delay(20);
      }
    },
  };
}
