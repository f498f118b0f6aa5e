import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from './test-support/db.js';
import { FIXTURE_SEASON } from './test-support/app.js';
import { freePort, killServerProcess, startServerProcess, type ServerProcess } from './test-support/server-process.js';
import { createSilentSmtp, createTestSmtp, type TestSmtp } from './test-support/smtp.js';

/**
 * The server as a process (`src/server.ts`), as an orchestrator sees it (issue 9):
 * - SIGTERM: readiness goes off, no new connection is taken, the request under way is answered,
 *   the process ends with 0;
 * - `kill -9` while a mail job talks to the SMTP server: after the restart the mail is sent, once.
 * On PGlite in DATA_DIR (the embedded default) and on PostgreSQL (the test database's own URL).
 */

jest.setTimeout(120_000);

const TOKEN = 'prozess-token';
let database: TestDatabase | null = null;
let dataDir: string;
let server: ServerProcess | undefined;

function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    WEB_ROOT: dataDir,
    SEASON_DIR: FIXTURE_SEASON,
    APP_SECRET: 'process-test-secret-0123456789abcdef',
    PICTURE_WORKERS: '0',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
    ...extra,
  };
}

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'erd-process-'));
  // The PostgreSQL test database is made here (and dropped after); PGlite lives in DATA_DIR.
  database = process.env.DATABASE_URL ? await createTestDatabase() : null;
});

afterEach(async () => {
  await killServerProcess(server);
  server = undefined;
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A newsletter sign-up sent as raw HTTP, its body held back until `finish` is called. */
function slowSignup(url: string, email: string): { finish(): void; response: Promise<string> } {
  const { port } = new URL(url);
  const body = JSON.stringify({ Email: email });
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.write(
    `POST /api/public/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Cookie: XSRF-TOKEN=${TOKEN}\r\nX-XSRF-TOKEN: ${TOKEN}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
      body.slice(0, 5),
  );
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  const response = new Promise<string>((resolve, reject) => {
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
  return { finish: () => socket.write(body.slice(5)), response };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function signup(url: string, email: string): Promise<number> {
  const res = await fetch(`${url}/api/public/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': TOKEN },
    body: JSON.stringify({ Email: email }),
  });
  await res.text();
  return res.status;
}

test('health and readiness: /health without the database, /ready with it', async () => {
  server = await startServerProcess(baseEnv());
  const health = await fetch(`${server.url}/health`);
  expect([health.status, health.headers.get('cache-control'), await health.json()]).toEqual([200, 'no-store', { ok: true }]);
  const ready = await fetch(`${server.url}/ready`);
  expect([ready.status, await ready.json()]).toEqual([200, { ok: true, database: true, jobs: true, closing: false }]);
});

test('METRICS_PORT: the process serves /metrics on a listener of its own (with the token), which a SIGTERM closes', async () => {
  const metricsPort = await freePort();
  const token = 'process-metrics-token-0123456789';
  server = await startServerProcess(baseEnv({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: token }));
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  expect((await fetch(metricsUrl)).status).toBe(401);
  const scraped = await fetch(metricsUrl, { headers: { authorization: `Bearer ${token}` } });
  expect(scraped.status).toBe(200);
  expect(await scraped.text()).toMatch(/^erd_ready 1$/m);
  // The site's port answers it too (the token is set), with a request id.
  const site = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect([site.status, site.headers.get('x-request-id')]).toEqual([200, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  expect(server.output()).toContain('metrics listening');
  server.child.kill('SIGTERM');
  expect(await server.exited).toEqual({ code: 0, signal: null });
  await expect(fetch(metricsUrl)).rejects.toThrow();
});

test('SIGTERM: no new connections, the request under way is answered and its mail sent, exit code 0', async () => {
  const smtp: TestSmtp = await createTestSmtp();
  try {
    server = await startServerProcess(baseEnv({ SMTP_URL: smtp.url }));
    const pending = slowSignup(server.url, 'unterwegs@example.org');
    await new Promise((r) => setTimeout(r, 300));

    server.child.kill('SIGTERM');
    await until(() => server!.output().includes('SIGTERM: closing'), 10_000, 'the server to start closing');
    // The listening socket is closed: a new connection is refused.
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    pending.finish();
    const answer = await pending.response;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('{"ok":true}');

    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    // The mail queued by that request went out before the workers stopped, or is waiting in the
    // database for the next start: it is not lost.
    if (smtp.to('unterwegs@example.org').length === 0) {
      server = await startServerProcess(baseEnv({ SMTP_URL: smtp.url }));
      await until(() => smtp.to('unterwegs@example.org').length > 0, 20_000, 'the mail after the restart');
    }
    expect(smtp.to('unterwegs@example.org')).toHaveLength(1);
    expect(server.output()).not.toContain('unterwegs@example.org');
  } finally {
    await smtp.stop();
  }
});

test('kill -9 while a mail is being sent: after the restart it is sent, once', async () => {
  // An SMTP server that takes the connection and never answers: the mail job stays running.
  const silent = await createSilentSmtp();
  const smtp = await createTestSmtp();
  try {
    server = await startServerProcess(baseEnv({ SMTP_URL: silent.url, MAIL_TIMEOUT_SECONDS: '2', MAIL_RETRY_DELAY_SECONDS: '1' }));
    expect(await signup(server.url, 'abgerissen@example.org')).toBe(200);
    await silent.connected;
    server.child.kill('SIGKILL');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // PGlite: the job found running at start was cut off and runs again at once; PostgreSQL: it
    // runs again once it has expired (4 × MAIL_TIMEOUT_SECONDS).
    server = await startServerProcess(baseEnv({ SMTP_URL: smtp.url, MAIL_TIMEOUT_SECONDS: '2', MAIL_RETRY_DELAY_SECONDS: '1' }));
    await until(() => smtp.to('abgerissen@example.org').length > 0, 30_000, 'the mail after the restart');
    // Nothing else comes later (a second run of the same job would repeat it).
    await new Promise((r) => setTimeout(r, 3000));
    const mails = smtp.to('abgerissen@example.org');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw).toContain('Newsletter');
  } finally {
    await silent.close();
    await smtp.stop();
  }
});
