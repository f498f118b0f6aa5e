import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { withSafeLinks, type RichTextDto } from '@erd/shared-contracts/wire';
import { CodedError, ValidationError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { convertMarkdown, MarkdownTooDeepError, MAX_NESTING, WORKER_MARK, type WorkerMessage } from './markdown-convert.js';

/**
 * Markdown → the contracts' `RichTextDto` (`markdown-convert.ts` says what is kept), with every
 * link checked by the contracts' one link rule (`contentLinkHref`: site paths, https, mailto).
 *
 * The parser (micromark) needs time that grows faster than the text for some inputs (measured
 * for issue 22: 50 KB of `*a` 10 s, 100,000 characters of `> ` 27 s) and recursion for nesting.
 * So the back office converts in a worker thread with a time limit (`createMarkdownConverter`):
 * the server keeps answering, and a text that takes too long or nests deeper than
 * `MAX_NESTING` is refused with a German message. The season import (a CLI run on the
 * operator's own files) converts in its own process with `markdownToRichText`.
 */

export const MESSAGES = {
  tooDeep: `Der Text ist zu tief verschachtelt: Listen und Zitate, Hervorhebungen und Links gehen höchstens ${MAX_NESTING} Ebenen ineinander.`,
  tooSlow:
    'Der Text lässt sich nicht in vertretbarer Zeit umwandeln. Bitte vereinfache die Formatierung (etwa sehr viele *, _ oder > hintereinander) und versuche es noch einmal.',
  busy: 'Gerade werden viele Texte umgewandelt. Bitte versuche es gleich noch einmal.',
} as const;

/** The longest a conversion may take (a 100,000-character legal text needs well under a second; 2–3 s with both cores busy). */
export const MARKDOWN_TIME_LIMIT_MS = 10_000;

/** Synchronous conversion, in this process (the season import). */
export function markdownToRichText(markdown: string, field = 'markdown'): RichTextDto {
  try {
    return withSafeLinks(convertMarkdown(markdown));
  } catch (error) {
    if (error instanceof MarkdownTooDeepError || error instanceof RangeError) throw new ValidationError(MESSAGES.tooDeep, { field });
    throw error;
  }
}

export interface MarkdownConverter {
  /** Markdown → rich text off the event loop; a German `ValidationError` at `field` when refused, 503 when busy. */
  toRichText(markdown: string, field?: string): Promise<RichTextDto>;
  close(): Promise<void>;
}

/**
 * True when this module runs from its TypeScript source: jest transpiles it to CommonJS, and a test's
 * server process loads the sources with `--conditions=source` and the swc hooks (its workers inherit them).
 */
const fromSources = (typeof __filename !== 'undefined' && __filename.endsWith('.ts')) || process.execArgv.includes('--conditions=source');

/** Texts waiting for the thread at most; more get 503. */
const MAX_WAITING = 8;
/** An idle thread ends after this long (it holds the parser's memory). */
const IDLE_MS = 60_000;

interface Job {
  markdown: string;
  field: string;
  resolve: (doc: RichTextDto) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout | null;
}

/**
 * One worker thread, started on first use and ended after a minute idle, converting one text at
 * a time; the others wait in a short queue. A text gets `timeoutMs` from the moment the thread
 * starts on it: past that, the thread is ended (a synchronous parse cannot be interrupted
 * otherwise), the text is refused (400) and the next one gets a new thread. A text still waiting
 * after `queueTimeoutMs` (behind others, or while a thread starts) is not converted: 503.
 * (piscina was tried first: in 5.3 a task queued behind an aborted one never ran.)
 */
export function createMarkdownConverter({
  serverRoot,
  log,
  timeoutMs = MARKDOWN_TIME_LIMIT_MS,
  queueTimeoutMs = 2 * timeoutMs,
}: {
  serverRoot: string;
  log?: Pick<Logger, 'error'>;
  timeoutMs?: number;
  queueTimeoutMs?: number;
}): MarkdownConverter {
  const script = fromSources
    ? path.join(serverRoot, 'src/modules/season/markdown-convert.ts')
    : path.join(serverRoot, 'dist/modules/season/markdown-convert.js');
  const queue: Job[] = [];
  let worker: Worker | null = null;
  let current: Job | null = null;
  let idle: NodeJS.Timeout | null = null;
  let closed = false;

  const busy = () => new CodedError(503, 'Busy', MESSAGES.busy);
  const tooSlow = (job: Job) => new ValidationError(MESSAGES.tooSlow, { field: job.field });

  /** Ends the thread and fails its text (if any) with `error`; the next text gets a new thread. */
  function stop(error: ((job: Job) => Error) | null): void {
    const job = current;
    current = null;
    if (job?.timer) clearTimeout(job.timer);
    const ending = worker;
    worker = null;
    ending?.removeAllListeners().on('error', () => undefined);
    void ending?.terminate();
    if (job && error) job.reject(error(job));
    pump();
  }

  function spawn(): Worker {
    // A hostile text may make the parser build a large tree: it ends the thread, not the server.
    const thread = new Worker(script, { workerData: WORKER_MARK, resourceLimits: { maxOldGenerationSizeMb: 256 } });
    thread.on('message', (message: WorkerMessage) => {
      const job = current;
      if (!job) return;
      if (message.type === 'started') {
        if (job.timer) clearTimeout(job.timer);
        job.timer = setTimeout(() => stop(tooSlow), timeoutMs);
        return;
      }
      if (job.timer) clearTimeout(job.timer);
      current = null;
      if (message.result.ok) job.resolve(withSafeLinks(message.result.richText));
      else job.reject(new ValidationError(MESSAGES.tooDeep, { field: job.field }));
      pump();
    });
    // Out of memory (or a crash) on a text: that text is refused like one that takes too long. Logged
    // (without the text), so a fault of the deployment (a missing script) does not pass for a hostile text.
    thread.on('error', (error) => {
      log?.error({ err: error }, 'markdown worker failed');
      stop(tooSlow);
    });
    thread.on('exit', () => {
      if (worker === thread) stop(tooSlow);
    });
    // After the listeners: adding a 'message' listener refs the thread again. An idle thread must not
    // keep the process alive.
    thread.unref();
    return thread;
  }

  function pump(): void {
    if (current || closed) return;
    const job = queue.shift();
    if (!job) {
      if (worker && !idle) idle = setTimeout(() => stop(null), IDLE_MS).unref();
      return;
    }
    if (idle) clearTimeout(idle);
    idle = null;
    current = job;
    worker ??= spawn();
    worker.postMessage(job.markdown);
  }

  return {
    toRichText(markdown, field = 'markdown') {
      if (closed || queue.length >= MAX_WAITING) return Promise.reject(busy());
      return new Promise<RichTextDto>((resolve, reject) => {
        const job: Job = { markdown, field, resolve, reject, timer: null };
        // Waiting: in the queue, or on a thread that has not started on it yet.
        job.timer = setTimeout(() => {
          if (current === job) return stop(busy);
          queue.splice(queue.indexOf(job), 1);
          reject(busy());
        }, queueTimeoutMs);
        queue.push(job);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        if (job.timer) clearTimeout(job.timer);
        job.reject(busy());
      }
      if (idle) clearTimeout(idle);
      const ending = worker;
      stop(() => busy());
      await ending?.terminate();
    },
  };
}
