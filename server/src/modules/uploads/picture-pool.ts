import { fork, type ChildProcess } from 'node:child_process';
import type { Logger } from '../../logger.js';

/**
 * A small pool of child processes for picture processing. libvips (through sharp) needs several
 * hundred MB for a large photo, and glibc keeps that memory in the process long after (measured
 * with `npm run bench:pictures`: the server grew from ~400 MB to ~1.05 GB and stayed there; with
 * the child it peaks at ~450 MB). In a child the server process stays small and never waits on
 * the decoder; the child runs with `MALLOC_ARENA_MAX=2`, is ended when
 * it has grown past `recycleBytes` after a job or has been idle for `idleMs`, and is killed when a
 * job takes longer than `timeoutMs` (a picture built to make the decoder spin, say). A crash or a
 * timeout rejects that one job; the next job gets a new child.
 *
 * The protocol: the parent sends `{ id, request }`, the child answers `{ id, ok: true, result,
 * rss }` or `{ id, ok: false, error: { name, message, reason? }, rss }`. Messages use the
 * `advanced` serialization, so Buffers in a result cross without base64.
 */

export interface PicturePoolOptions {
  /** The child's entry script (compiled JavaScript). */
  script: string;
  /** At most this many children, each doing one job at a time. */
  size: number;
  timeoutMs: number;
  /** A job still waiting for a child after this long is given up (`busy`); default: no limit. */
  queueTimeoutMs?: number;
  recycleBytes: number;
  idleMs: number;
  log: Pick<Logger, 'warn' | 'debug'>;
  env?: NodeJS.ProcessEnv;
}

export interface WorkerFailure {
  name: string;
  message: string;
  reason?: string;
}

/** The job failed in the child (its error, as the child described it). */
export class PictureWorkerError extends Error {
  constructor(readonly failure: WorkerFailure) {
    super(failure.message);
    this.name = failure.name;
  }
}

/** The child died or took too long: the job did not finish. */
export class PictureWorkerLostError extends Error {
  constructor(readonly why: 'crashed' | 'timeout' | 'closed' | 'busy') {
    super(`picture worker ${why}`);
    this.name = 'PictureWorkerLostError';
  }
}

interface Job<Request, Result> {
  id: number;
  request: Request;
  resolve: (result: Result) => void;
  reject: (error: Error) => void;
  waiting: NodeJS.Timeout | null;
}

interface Worker<Request, Result> {
  child: ChildProcess;
  job: Job<Request, Result> | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

type Answer<Result> = { id: number; ok: true; result: Result; rss: number } | { id: number; ok: false; error: WorkerFailure; rss: number };

export function createPicturePool<Request, Result>(options: PicturePoolOptions) {
  const workers = new Set<Worker<Request, Result>>();
  const queue: Job<Request, Result>[] = [];
  let nextId = 1;
  let closed = false;

  function retire(worker: Worker<Request, Result>, signal: NodeJS.Signals = 'SIGTERM'): void {
    workers.delete(worker);
    if (worker.timer) clearTimeout(worker.timer);
    if (worker.idle) clearTimeout(worker.idle);
    worker.child.removeAllListeners('message');
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill(signal);
  }

  function finish(worker: Worker<Request, Result>): void {
    if (worker.timer) clearTimeout(worker.timer);
    worker.timer = null;
    worker.job = null;
  }

  function spawn(): Worker<Request, Result> {
    const child = fork(options.script, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // glibc reads this at start: fewer malloc arenas, far less memory kept after large pictures.
      env: { MALLOC_ARENA_MAX: '2', ...(options.env ?? process.env) },
    });
    const worker: Worker<Request, Result> = { child, job: null, timer: null, idle: null };
    child.on('message', (message: Answer<Result>) => {
      const job = worker.job;
      if (!job || message.id !== job.id) return;
      finish(worker);
      if (message.ok) job.resolve(message.result);
      else job.reject(new PictureWorkerError(message.error));
      if (message.rss > options.recycleBytes) {
        options.log.debug({ rss: message.rss }, 'picture worker recycled');
        retire(worker);
      }
      pump();
    });
    child.on('exit', (code, signal) => {
      const job = worker.job;
      const known = workers.has(worker);
      workers.delete(worker);
      if (worker.timer) clearTimeout(worker.timer);
      if (worker.idle) clearTimeout(worker.idle);
      if (job) {
        worker.job = null;
        options.log.warn({ code, signal }, 'picture worker ended during a job');
        job.reject(new PictureWorkerLostError(closed ? 'closed' : 'crashed'));
      }
      if (known) pump();
    });
    child.on('error', (error) => options.log.warn({ err: error }, 'picture worker error'));
    workers.add(worker);
    return worker;
  }

  function assign(worker: Worker<Request, Result>, job: Job<Request, Result>): void {
    if (job.waiting) clearTimeout(job.waiting);
    if (worker.idle) clearTimeout(worker.idle);
    worker.idle = null;
    worker.job = job;
    worker.timer = setTimeout(() => {
      options.log.warn({ timeoutMs: options.timeoutMs }, 'picture worker timed out');
      worker.job = null;
      retire(worker, 'SIGKILL');
      job.reject(new PictureWorkerLostError('timeout'));
      pump();
    }, options.timeoutMs);
    worker.child.send({ id: job.id, request: job.request }, (error) => {
      if (error && worker.job === job) {
        finish(worker);
        retire(worker, 'SIGKILL');
        job.reject(new PictureWorkerLostError('crashed'));
        pump();
      }
    });
  }

  function pump(): void {
    while (queue.length) {
      let free = [...workers].find((w) => !w.job);
      if (!free && workers.size < options.size) free = spawn();
      if (!free) return;
      assign(free, queue.shift()!);
    }
    // Idle children end after a while: the memory goes back to the system.
    for (const worker of workers) {
      if (!worker.job && !worker.idle) worker.idle = setTimeout(() => retire(worker), options.idleMs);
    }
  }

  return {
    run(request: Request): Promise<Result> {
      if (closed) return Promise.reject(new PictureWorkerLostError('closed'));
      return new Promise<Result>((resolve, reject) => {
        const job: Job<Request, Result> = { id: nextId++, request, resolve, reject, waiting: null };
        if (options.queueTimeoutMs) {
          job.waiting = setTimeout(() => {
            const at = queue.indexOf(job);
            if (at === -1) return;
            queue.splice(at, 1);
            reject(new PictureWorkerLostError('busy'));
          }, options.queueTimeoutMs);
        }
        queue.push(job);
        pump();
      });
    },
    /** Children alive now (for tests and metrics). */
    get size(): number {
      return workers.size;
    },
    async close(): Promise<void> {
      closed = true;
      for (const job of queue.splice(0)) {
        if (job.waiting) clearTimeout(job.waiting);
        job.reject(new PictureWorkerLostError('closed'));
      }
      const exits = [...workers].map(
        (w) => new Promise<void>((resolve) => (w.child.exitCode !== null ? resolve() : w.child.once('exit', () => resolve()))),
      );
      for (const worker of [...workers]) retire(worker);
      await Promise.all(exits);
    },
  };
}

export type PicturePool<Request, Result> = ReturnType<typeof createPicturePool<Request, Result>>;
