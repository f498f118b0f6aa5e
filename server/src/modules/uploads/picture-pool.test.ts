import path from 'node:path';
import { createPicturePool, PictureWorkerError, PictureWorkerLostError } from './picture-pool.js';

/**
 * The picture pool's management with a stand-in child: jobs run in at most `size` children, an
 * answer crosses with its Buffers, a failure is the child's, a crash or a hang loses only that
 * job, large or idle children are replaced, and closing ends everything.
 */

type Request = { mode: 'ok' | 'slow' | 'fail' | 'crash' | 'hang'; value?: string; rss?: number; ms?: number };
type Result = { echo: string; pid: number; data?: Uint8Array };

const script = path.join(__dirname, '__fixtures__/fake-picture-worker.mjs');
const log = { warn: () => undefined, debug: () => undefined };
const pool = (overrides: Partial<Parameters<typeof createPicturePool>[0]> = {}) =>
  createPicturePool<Request, Result>({ script, size: 2, timeoutMs: 5000, recycleBytes: 1000, idleMs: 10_000, log, ...overrides });

test('answers cross with their Buffers; at most `size` children, the rest wait', async () => {
  const p = pool();
  try {
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((value) => p.run({ mode: 'ok', value })));
    expect(results.map((r) => r.echo)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(Buffer.from(results[0]!.data!).toString()).toBe('a');
    expect(new Set(results.map((r) => r.pid)).size).toBeLessThanOrEqual(2);
    expect(p.size).toBeLessThanOrEqual(2);
  } finally {
    await p.close();
  }
});

test("a failure is the child's answer; the child stays", async () => {
  const p = pool();
  try {
    const first = await p.run({ mode: 'ok', value: 'x' });
    const error = await p.run({ mode: 'fail' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PictureWorkerError);
    expect((error as PictureWorkerError).failure).toEqual({ name: 'PictureRejectedError', message: 'kein Bild', reason: 'unsupported' });
    expect((await p.run({ mode: 'ok', value: 'y' })).pid).toBe(first.pid);
  } finally {
    await p.close();
  }
});

test('a crash or a hang loses only that job; the next one gets a new child', async () => {
  // The timeout also covers a new child's start (a Node process: up to a second or more while the
  // two cores run other suites), so it is not cut shorter than a start can take.
  const p = pool({ size: 1, timeoutMs: 2500 });
  try {
    const before = await p.run({ mode: 'ok', value: 'a' });
    await expect(p.run({ mode: 'crash' })).rejects.toMatchObject({ why: 'crashed' });
    const afterCrash = await p.run({ mode: 'ok', value: 'b' });
    expect(afterCrash.pid).not.toBe(before.pid);
    const started = Date.now();
    const hung = p.run({ mode: 'hang' });
    const queued = p.run({ mode: 'ok', value: 'c' });
    await expect(hung).rejects.toBeInstanceOf(PictureWorkerLostError);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await queued).echo).toBe('c');
  } finally {
    await p.close();
  }
});

test('a child grown past the limit is replaced after its job; an idle one ends', async () => {
  const p = pool({ size: 1, idleMs: 200 });
  try {
    const small = await p.run({ mode: 'ok', value: 'a', rss: 10 });
    expect((await p.run({ mode: 'ok', value: 'b', rss: 10 })).pid).toBe(small.pid);
    await p.run({ mode: 'ok', value: 'c', rss: 5000 });
    expect((await p.run({ mode: 'ok', value: 'd', rss: 10 })).pid).not.toBe(small.pid);
    expect(p.size).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(p.size).toBe(0);
  } finally {
    await p.close();
  }
});

test('close: waiting and running jobs are rejected, the children end, new jobs are refused', async () => {
  const p = pool({ size: 1 });
  const running = p.run({ mode: 'slow', ms: 2000 }).catch((e: unknown) => e);
  const waiting = p.run({ mode: 'ok', value: 'x' }).catch((e: unknown) => e);
  await new Promise((r) => setTimeout(r, 100));
  await p.close();
  expect(await running).toMatchObject({ why: 'closed' });
  expect(await waiting).toMatchObject({ why: 'closed' });
  await expect(p.run({ mode: 'ok', value: 'y' })).rejects.toMatchObject({ why: 'closed' });
  expect(p.size).toBe(0);
});

test('a job that waits for a child longer than the queue limit is given up as busy', async () => {
  const p = pool({ size: 1, queueTimeoutMs: 200 });
  try {
    const slow = p.run({ mode: 'slow', ms: 800, value: 'a' });
    const waiting = p.run({ mode: 'ok', value: 'b' }).catch((e: unknown) => e);
    expect(await waiting).toMatchObject({ why: 'busy' });
    expect((await slow).echo).toBe('a');
    expect((await p.run({ mode: 'ok', value: 'c' })).echo).toBe('c');
  } finally {
    await p.close();
  }
});
