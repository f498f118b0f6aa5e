import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics (prom-client), one registry per app. Only made when the metrics
 * are configured (METRICS_TOKEN or METRICS_PORT); otherwise `ctx.metrics` is null and nothing is
 * counted. Labels are bounded and never personal: route patterns (never URLs), status classes,
 * fixed outcome and error codes, queue and cache names.
 *
 * Counted as it happens: HTTP requests (duration histogram; its `_count` is the request count),
 * votes, sign-ins, mails, job runs, document cache lookups. Sampled at each scrape (`sample*`):
 * readiness, jobs per state, the database pool, the change feed. And prom-client's process
 * defaults (CPU, memory, event loop lag, GC, handles).
 */

export type VoteOutcome = 'accepted' | 'refused';
export type SignInKind = 'member' | 'operator';
export type SignInOutcome = 'succeeded' | 'failed';
export type MailOutcome = 'sent' | 'failed';
export type JobOutcome = 'completed' | 'retry' | 'failed';
export type CacheOutcome = 'hit' | 'miss' | 'shared' | 'uncached';

/** Statements of the votes' group commits so far, and the votes they carried (modules/votes/service.ts). */
export type VoteStatementCounts = Record<'admit' | 'accept', { batches: number; items: number }>;

/** A document cache's lookups so far, by outcome (modules/cache/documents.ts). */
export type CacheLookups = Record<CacheOutcome, number>;

export interface ReadinessSample {
  database: boolean;
  jobs: boolean;
  closing: boolean;
}

export interface PoolSample {
  /** Connections open; at most `max`. */
  total: number;
  max: number;
  /** Unknown for the embedded PGlite (one in-process connection, no pool). */
  idle?: number;
  waiting?: number;
}

export interface AppMetrics {
  readonly registry: Registry;
  /** One answered request: `route` is the matched route's pattern (undefined: none matched). */
  observeRequest(method: string, route: string | undefined, statusCode: number, ms: number): void;
  /** `reason`: the refusal's error code (a fixed set). */
  vote(outcome: VoteOutcome, reason?: string): void;
  signIn(kind: SignInKind, outcome: SignInOutcome, reason?: string): void;
  /** `reason`: nodemailer's error code (ECONNECTION, EAUTH, …). */
  mail(outcome: MailOutcome, reason?: string): void;
  jobEnqueued(queue: string): void;
  jobRun(queue: string, outcome: JobOutcome): void;
  /** Reads a document cache's lookup counts at each scrape. */
  trackCache(name: string, lookups: () => CacheLookups): void;
  /** Reads the votes' statement counts at each scrape. */
  trackVoteStatements(read: () => VoteStatementCounts): void;
  /** Sampled at each scrape (the last registration of each wins). */
  sampleReadiness(read: () => Promise<ReadinessSample>): void;
  sampleJobs(read: () => Promise<Array<{ queue: string; state: string; count: number }>>): void;
  samplePool(kind: 'pglite' | 'postgres', read: () => PoolSample): void;
  sampleChangeFeed(read: () => boolean): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The one label of every request no route matched (any URL: the label set stays bounded). */
export const UNMATCHED_ROUTE = 'unmatched';
const CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** A code from a fixed set as a label; anything unexpected becomes `other`. */
const code = (reason: string | undefined) => (reason && CODE.test(reason) ? reason : 'other');
const statusClass = (status: number) => (status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other');

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class (its _count counts the requests)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const votes = new Counter({
    name: 'erd_votes_total',
    help: 'Votes cast: accepted, or refused with the error code as reason',
    labelNames: ['outcome', 'reason'] as const,
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'erd_sign_ins_total',
    help: 'Password sign-ins of members (built-in identity service) and operators (back office): succeeded, or failed with the error code as reason',
    labelNames: ['kind', 'outcome', 'reason'] as const,
    registers: [registry],
  });
  const mails = new Counter({
    name: 'erd_mails_total',
    help: 'Mail deliveries by this instance: sent (SMTP or outbox), or failed with the SMTP error code as reason (a failed mail is retried)',
    labelNames: ['outcome', 'reason'] as const,
    registers: [registry],
  });
  const enqueued = new Counter({
    name: 'erd_jobs_enqueued_total',
    help: 'Jobs queued by this instance (counted when written; a rolled-back transaction takes its job back)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const runs = new Counter({
    name: 'erd_job_runs_total',
    help: 'Job runs by this instance: completed, retry (failed, runs again after a back-off) or failed (for good)',
    labelNames: ['queue', 'outcome'] as const,
    registers: [registry],
  });

  let readVoteStatements: (() => VoteStatementCounts) | null = null;
  // Per statement (admission, acceptance): how many ran, and how many votes they carried.
  const voteStatementCounter = (name: string, help: string, field: keyof VoteStatementCounts['admit']) =>
    new Counter({
      name,
      help,
      labelNames: ['statement'] as const,
      registers: [registry],
      collect() {
        this.reset();
        if (readVoteStatements)
          for (const [statement, counts] of Object.entries(readVoteStatements())) this.inc({ statement }, counts[field]);
      },
    });
  voteStatementCounter(
    'erd_vote_statements_total',
    'Statements (each one commit) that admitted or accepted votes; votes that arrive together share one (group commit)',
    'batches',
  );
  voteStatementCounter(
    'erd_vote_statement_votes_total',
    'Votes in those statements (divided by erd_vote_statements_total: the votes per statement)',
    'items',
  );

  const caches = new Map<string, () => CacheLookups>();
  new Counter({
    name: 'erd_cache_lookups_total',
    help: 'Lookups in the in-memory document caches: hit, miss (loaded), shared (joined a load under way), uncached (change feed not live)',
    labelNames: ['cache', 'outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, read] of caches) {
        for (const [outcome, value] of Object.entries(read())) if (value) this.inc({ cache, outcome }, value);
      }
    },
  });

  let readReadiness: (() => Promise<ReadinessSample>) | null = null;
  const readinessNow = async (): Promise<ReadinessSample | null> => (readReadiness ? readReadiness().catch(() => null) : null);
  // One readiness check per scrape serves both gauges (`render` starts each scrape afresh).
  let pendingReadiness: Promise<ReadinessSample | null> | null = null;
  const readiness = () => (pendingReadiness ??= readinessNow());
  new Gauge({
    name: 'erd_ready',
    help: 'This instance should get traffic (what GET /ready answers with 200): 1, else 0',
    registers: [registry],
    async collect() {
      const state = await readiness();
      this.set(state && state.database && state.jobs && !state.closing ? 1 : 0);
    },
  });
  new Gauge({
    name: 'erd_ready_check',
    help: 'The checks of GET /ready: database answers, job queue runs, not closing (1 = passed)',
    labelNames: ['check'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const state = await readiness();
      this.set({ check: 'database' }, state?.database ? 1 : 0);
      this.set({ check: 'jobs' }, state?.jobs ? 1 : 0);
      this.set({ check: 'not_closing' }, state && !state.closing ? 1 : 0);
    },
  });

  let readJobs: (() => Promise<Array<{ queue: string; state: string; count: number }>>) | null = null;
  new Gauge({
    name: 'erd_jobs',
    help: 'Jobs in the database by queue and state (created, retry, active, completed, failed, cancelled; all instances; sent mail is deleted at once)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      if (!readJobs) return;
      const rows = await readJobs().catch(() => null);
      // Not answered: no values this time (rather than zeros that look real).
      this.reset();
      for (const row of rows ?? []) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });

  let readPool: { kind: 'pglite' | 'postgres'; read: () => PoolSample } | null = null;
  new Gauge({
    name: 'erd_db_pool_clients',
    help: 'Database connections: total (open), idle, waiting (queries waiting for a connection), max; PGlite: one in-process connection',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (!readPool) return;
      const sample = readPool.read();
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) {
        const value = sample[state];
        if (value !== undefined) this.set({ state }, value);
      }
    },
  });
  new Gauge({
    name: 'erd_database_info',
    help: 'The kind of database (pglite: embedded, postgres: PostgreSQL server)',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      if (readPool) this.set({ kind: readPool.kind }, 1);
    },
  });

  let readFeed: (() => boolean) | null = null;
  new Gauge({
    name: 'erd_change_feed_live',
    help: 'The change feed listens (1): cached public answers may be served from memory; 0: every request reads the database',
    registers: [registry],
    collect() {
      if (readFeed) this.set(readFeed() ? 1 : 0);
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, ms) {
      requests.observe(
        { method: METHODS.has(method) ? method : 'other', route: route ?? UNMATCHED_ROUTE, status_class: statusClass(statusCode) },
        ms / 1000,
      );
    },
    vote: (outcome, reason) => votes.inc(outcome === 'accepted' ? { outcome } : { outcome, reason: code(reason) }),
    signIn: (kind, outcome, reason) => signIns.inc(outcome === 'succeeded' ? { kind, outcome } : { kind, outcome, reason: code(reason) }),
    mail: (outcome, reason) => mails.inc(outcome === 'sent' ? { outcome } : { outcome, reason: code(reason) }),
    jobEnqueued: (queue) => enqueued.inc({ queue }),
    jobRun: (queue, outcome) => runs.inc({ queue, outcome }),
    trackCache: (name, lookups) => void caches.set(name, lookups),
    trackVoteStatements: (read) => void (readVoteStatements = read),
    sampleReadiness: (read) => void (readReadiness = read),
    sampleJobs: (read) => void (readJobs = read),
    samplePool: (kind, read) => void (readPool = { kind, read }),
    sampleChangeFeed: (read) => void (readFeed = read),
    async render() {
      pendingReadiness = null;
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
