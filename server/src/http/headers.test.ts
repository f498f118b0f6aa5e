import { createHash } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { pageSlots } from '@erd/shared-contracts/wire';
import { loadConfig } from '../config.js';
import { createTestApp, SERVER_ROOT, writeFiles, type TestApp } from '../test-support/app.js';
import { seedYear } from '../test-support/seed.js';
import { contentSecurityPolicy } from './headers.js';

/**
 * Security headers (helmet) on the site and the API, a policy the site's own code works with (the
 * end-to-end suite fails on any console error, so a CSP violation there fails it), and slow
 * clients that are cut off instead of holding a connection.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedYear(t.ctx.db, 'year-h');
  writeFiles(path.join(t.webRoot, 'host/dist'), {
    'index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
    'main.js': 'x',
  });
  writeFiles(path.join(t.webRoot, 'mf-standings/dist'), { 'embed.js': 'window.x = 1;', 'mf-manifest.json': '{}' });
});
afterAll(() => t.close());

const csp = (header: string | string[] | number | undefined) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((part) => part[0])
      .map(([name, ...values]) => [name, values]),
  );

describe('on every answer', () => {
  test('HTML: CSP for our own code only, no framing, nosniff, referrer policy; no HSTS on plain http', async () => {
    const res = await t.app.inject({ url: '/tabelle' });
    expect(res.statusCode).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy).not.toHaveProperty('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  test('the API has them too; what other sites read is cross-origin readable', async () => {
    const api = await t.app.inject({ url: '/api/me' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const url of [
      '/remotes/mf_standings/embed.js',
      '/results/overall-year-h.json',
      '/config.json',
      '/content/public/spaces/erd/spacedata?include=4',
    ]) {
      const res = await t.app.inject({ url });
      expect([url, res.headers['cross-origin-resource-policy'], res.headers['access-control-allow-origin']]).toEqual([
        url,
        'cross-origin',
        '*',
      ]);
    }
  });

  test('HSTS and upgrade-insecure-requests behind https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://punktejagd.example' }, database: t.database });
    try {
      const res = await secure.app.inject({ url: '/api/me' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe("the host page's own inline script (the age gate's consent script)", () => {
  test('allowed by its hash on that page only; the product name slot filled, HTML-escaped', async () => {
    const app = await createTestApp({ env: { PRODUCT_NAME: 'Punkte <&> "Jagd"' }, database: t.database });
    try {
      const script = 'document.documentElement.setAttribute("data-x","1")';
      writeFiles(path.join(app.webRoot, 'host/dist'), {
        'index.html': `<!doctype html><html><head><script>${script}</script></head><body><div id="root"><p>Die Teilnahme an der ${pageSlots.productName} und</p></div></body></html>`,
        'main.js': 'x',
      });
      const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      for (const url of ['/', '/tabelle', '/gibt-es-nicht']) {
        const res = await app.app.inject({ url });
        const policy = csp(res.headers['content-security-policy']);
        expect([url, policy['script-src']]).toEqual([url, ["'self'", hash]]);
        expect(policy['script-src-attr']).toEqual(["'none'"]);
        expect(policy['default-src']).toEqual(["'self'"]);
        expect(res.body).toContain('<p>Die Teilnahme an der Punkte &lt;&amp;&gt; &quot;Jagd&quot; und</p>');
        expect(res.body).not.toContain(pageSlots.productName);
      }
      // everything else keeps the policy without it
      for (const url of ['/main.js', '/api/me', '/config.json']) {
        expect([url, csp((await app.app.inject({ url })).headers['content-security-policy'])['script-src']]).toEqual([url, ["'self'"]]);
      }
    } finally {
      await app.close();
    }
  });

  test('a page without inline scripts keeps the policy of every answer', async () => {
    expect(csp((await t.app.inject({ url: '/' })).headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });
});

describe('contentSecurityPolicy', () => {
  const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/x', ...env }, { serverRoot: SERVER_ROOT, cwd: '/tmp' });

  test('a Cognito pool and an S3 bucket become connection targets, nothing else', () => {
    const policy = contentSecurityPolicy(
      config({
        IDENTITY_ENDPOINT: 'https://cognito-idp.eu-central-1.amazonaws.com/',
        IDENTITY_USER_POOL_ID: 'eu-central-1_abc',
        IDENTITY_CLIENT_ID: 'client',
        S3_BUCKET: 'punktejagd-uploads',
        S3_REGION: 'eu-central-1',
      }),
    );
    expect(policy.connectSrc).toEqual([
      "'self'",
      'https://cognito-idp.eu-central-1.amazonaws.com',
      'https://punktejagd-uploads.s3.eu-central-1.amazonaws.com',
      'https://s3.eu-central-1.amazonaws.com',
    ]);
    expect(policy.scriptSrc).toEqual(["'self'"]);
  });

  test('a custom S3 endpoint, path style', () => {
    const policy = contentSecurityPolicy(
      config({
        S3_BUCKET: 'uploads',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    );
    expect(policy.connectSrc).toEqual(["'self'", 'http://127.0.0.1:9000']);
  });
});

describe('slow clients', () => {
  let slow: TestApp;
  let port: number;
  beforeAll(async () => {
    slow = await createTestApp({
      database: t.database,
      env: { HTTP_IDLE_TIMEOUT_MS: '600', HTTP_REQUEST_TIMEOUT_MS: '1500', HTTP_HEADERS_TIMEOUT_MS: '1000' },
    });
    port = Number(new URL(await slow.listen()).port);
  });
  afterAll(() => slow.close());

  /** Opens a connection, runs `talk`, and resolves with how long the server kept it open and what it answered. */
  function connection(talk: (socket: net.Socket) => void): Promise<{ ms: number; answer: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let answer = '';
      const socket = net.connect({ port, host: '127.0.0.1' }, () => talk(socket));
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const guard = setTimeout(() => socket.destroy(), 10_000);
      socket.on('close', () => {
        clearTimeout(guard);
        resolve({ ms: Date.now() - started, answer });
      });
      socket.on('error', () => undefined);
    });
  }

  test('a body that stops coming: closed within the idle or request time', async () => {
    const { ms } = await connection((socket) => {
      socket.write('POST /api/votes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"challeng');
    });
    expect(ms).toBeGreaterThanOrEqual(500);
    expect(ms).toBeLessThan(3000);
  });

  test('headers that trickle in: cut off by the headers timeout', async () => {
    const { ms, answer } = await connection((socket) => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      const timer = setInterval(() => (socket.writable ? socket.write('X-a: b\r\n') : clearInterval(timer)), 200);
      socket.on('close', () => clearInterval(timer));
    });
    expect(ms).toBeLessThan(4000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  test('a body that trickles (never idle): cut off by the request timeout', async () => {
    const { ms, answer } = await connection((socket) => {
      // The identity endpoint reads the whole body before it answers.
      socket.write('POST /identity HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.1\r\nContent-Length: 4000\r\n\r\n');
      const timer = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(timer)), 200);
      socket.on('close', () => clearInterval(timer));
    });
    expect(ms).toBeGreaterThanOrEqual(1400);
    expect(ms).toBeLessThan(4500);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
