import Fastify from 'fastify';
import { healthRoutes, type HealthOptions } from './routes.js';

/** Liveness and readiness with a database and a job queue that can be made to fail. */

function appWith(state: { ping: () => Promise<unknown>; jobs: boolean; closing: boolean }) {
  const app = Fastify({ logger: false });
  const options: HealthOptions = {
    database: { ping: () => state.ping() as Promise<void> },
    jobs: { isRunning: () => state.jobs },
    isClosing: () => state.closing,
  };
  void app.register(healthRoutes, options);
  return app;
}

test('all well: /health, /ready and /healthz answer 200, never cached', async () => {
  const app = appWith({ ping: async () => undefined, jobs: true, closing: false });
  for (const [url, body] of [
    ['/health', { ok: true }],
    ['/ready', { ok: true, database: true, jobs: true, closing: false }],
    ['/healthz', { ok: true }],
  ] as const) {
    const res = await app.inject({ url });
    expect([url, res.statusCode, res.headers['cache-control'], res.json()]).toEqual([url, 200, 'no-store', body]);
  }
  await app.close();
});

test('the database fails: /ready and /healthz 503, /health (alive) still 200', async () => {
  const app = appWith({ ping: async () => Promise.reject(new Error('connection refused')), jobs: true, closing: false });
  expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
  const ready = await app.inject({ url: '/ready' });
  expect([ready.statusCode, ready.json()]).toEqual([503, { ok: false, database: false, jobs: true, closing: false }]);
  expect((await app.inject({ url: '/healthz' })).statusCode).toBe(503);
  await app.close();
});

test('a database that does not answer within 2 s counts as down', async () => {
  const app = appWith({ ping: () => new Promise(() => undefined), jobs: true, closing: false });
  const started = Date.now();
  const ready = await app.inject({ url: '/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json().database).toBe(false);
  expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  await app.close();
});

test('job workers stopped, or the server closing: not ready', async () => {
  const state = { ping: async () => undefined, jobs: false, closing: false };
  const app = appWith(state);
  expect((await app.inject({ url: '/ready' })).json()).toEqual({ ok: false, database: true, jobs: false, closing: false });
  state.jobs = true;
  state.closing = true;
  const closing = await app.inject({ url: '/ready' });
  expect([closing.statusCode, closing.json()]).toEqual([503, { ok: false, database: false, jobs: true, closing: true }]);
  await app.close();
});
