import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, writeFiles, type TestApp } from '../test-support/app.js';
import { seedChallenge, seedClubs, seedEstimateEntry, seedYear } from '../test-support/seed.js';
import { topics } from '../modules/cache/changes.js';
import { publishChallengeResults } from '../modules/results/service.js';

/**
 * The answers from memory in front of Fastify (http/fast-answers.ts): for result files and hashed
 * host files they answer exactly what the routes answer — status, every header, body — for GET and
 * HEAD, each encoding and validator; a publication is served at once (here and, on its
 * notification, from another instance); anything unusual goes to the routes; requests are counted
 * in the metrics; with basic auth on nothing passes by it.
 */

const TOKEN = 'metrics-token-0123456789abcdef';
const JS = `console.log(${JSON.stringify('fast '.repeat(2000))});`;
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
const actor = { operatorId: null, name: 'cli:test' };

let t: TestApp;
let base: string;
const agent = new http.Agent({ keepAlive: true });

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T10:00:00Z'), env: { METRICS_TOKEN: TOKEN } });
  const db = t.ctx.db;
  await seedYear(db, 'year-q');
  await seedClubs(db, 3);
  await seedChallenge(db, {
    id: 'q-est',
    yearId: 'year-q',
    type: 'bfv-erd-estimate',
    dates: { startDate: '2026-05-01', endDate: '2026-05-31' },
    rightAnswer: 10,
  });
  await seedEstimateEntry(db, { id: 'q1', challengeId: 'q-est', clubId: 'club-1000-m', estimate: 9 });
  await publishChallengeResults({ ctx: t.ctx, input: { challengeId: 'q-est', body: { expectedVersion: 0 }, actor } });
  writeFiles(path.join(t.webRoot, 'host/dist'), {
    'index.html': '<!doctype html><title>x</title>',
    '77.0a1b2c3d.js': JS,
    '77.0a1b2c3d.js.gz': zlib.gzipSync(JS),
    '77.0a1b2c3d.js.br': zlib.brotliCompressSync(JS),
    '88.1a2b3c4d.js': JS,
    '88.1a2b3c4d.js.gz': zlib.gzipSync(JS),
    'backoffice.2b3c4d5e.js': JS,
    'backoffice.2b3c4d5e.js.gz': zlib.gzipSync(JS),
    'logo.3c4d5e6f.svg': SVG,
  });
  base = await t.listen();
});
afterAll(async () => {
  agent.destroy();
  await t.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** A real request on a kept-alive connection (the answers from memory are in front of the server's handler; `inject` never meets them). */
function request(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const named: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          // A header twice would show here (the two paths must not differ in that either).
          named[name] = name in named ? `${named[name]} | ${res.rawHeaders[i + 1]}` : res.rawHeaders[i + 1]!;
        }
        resolve({ status: res.statusCode!, headers: named, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The route's own answer (Fastify's inject: never the answers from memory). */
async function routeAnswer(url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET'): Promise<Answer> {
  const res = await t.app.inject({ method, url, headers });
  const named: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) named[name] = Array.isArray(value) ? value.join(' | ') : String(value);
  return { status: res.statusCode, headers: named, body: res.rawPayload };
}

/** What the two paths may differ in: the connection's own headers, the date, a new request id (and anti-forgery token of a page) each. */
const comparable = (headers: Record<string, string>) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'x-request-id': _id, ...rest } = headers;
  if (rest['set-cookie']) rest['set-cookie'] = rest['set-cookie'].replace(/XSRF-TOKEN=[^;]+/, 'XSRF-TOKEN=…');
  return rest;
};

/**
 * Requests `url` over the network and compares the answer with the route's; expects it from memory
 * unless it is the bytes as they are of a file without compressed siblings to a client that accepts
 * some encoding (the route's compression plugin may compress those).
 */
async function expectSameAsRoute(url: string, headers: Record<string, string>, method: 'GET' | 'HEAD') {
  const before = t.app.fastAnswers.answered;
  const fast = await request(url, headers, method);
  const fromMemory = t.app.fastAnswers.answered - before;
  const route = await routeAnswer(url, headers, method);
  const expected =
    route.status === 304 ||
    route.headers['content-encoding'] !== undefined ||
    headers['accept-encoding'] === undefined ||
    url.startsWith('/results/')
      ? 1
      : 0;
  expect({ url, headers, method, fromMemory }).toEqual({ url, headers, method, fromMemory: expected });
  expect({ url, headers, method, status: fast.status, headers_: comparable(fast.headers) }).toEqual({
    url,
    headers,
    method,
    status: route.status,
    headers_: comparable(route.headers),
  });
  expect(fast.body.equals(route.body)).toBe(true);
  expect(fast.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  return fast;
}

const FILES = [
  '/results/overall-year-q.json',
  '/results/challenge-q-est.json',
  '/77.0a1b2c3d.js',
  '/88.1a2b3c4d.js',
  '/backoffice.2b3c4d5e.js',
  '/logo.3c4d5e6f.svg',
];

describe('the same answers as the routes', () => {
  test.each(FILES)('%s: GET and HEAD, every encoding and validator', async (url) => {
    // The first request goes through the route, which puts the file into memory.
    const first = await request(url, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    const { etag } = first.headers;
    const variants: Record<string, string>[] = [
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'gzip, deflate, br' },
      { 'accept-encoding': 'br;q=0, gzip' },
      { 'accept-encoding': 'br' },
      { 'if-none-match': etag! },
      { 'if-none-match': `"other", ${etag}`, 'accept-encoding': 'br' },
      { 'if-none-match': '"other"', 'accept-encoding': 'gzip' },
      { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString(), 'accept-encoding': 'gzip' },
    ];
    // Without Accept-Encoding: the bytes as they are.
    variants.push({});
    for (const headers of variants) {
      for (const method of ['GET', 'HEAD'] as const) await expectSameAsRoute(url, headers, method);
    }
    expect((await expectSameAsRoute(url, { 'if-none-match': etag! }, 'GET')).status).toBe(304);
  });

  test('the security headers, CORS on result files, robots on back-office files', async () => {
    const result = await expectSameAsRoute('/results/overall-year-q.json', { 'accept-encoding': 'gzip' }, 'GET');
    expect(result.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag, Last-Modified',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-encoding': 'gzip',
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=0, s-maxage=60',
      'cdn-cache-control': 'public, max-age=60, stale-while-revalidate=60, stale-if-error=86400',
    });
    expect(result.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const js = await expectSameAsRoute('/77.0a1b2c3d.js', { 'accept-encoding': 'br' }, 'GET');
    expect(js.headers).toMatchObject({
      'cross-origin-resource-policy': 'same-origin',
      'content-encoding': 'br',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(js.headers['access-control-allow-origin']).toBeUndefined();
    expect(js.headers['x-robots-tag']).toBeUndefined();
    expect((await expectSameAsRoute('/backoffice.2b3c4d5e.js', { 'accept-encoding': 'gzip' }, 'GET')).headers['x-robots-tag']).toBe(
      'noindex',
    );
  });

  test('a well-formed X-Request-Id is answered as it came, any other gets a new one', async () => {
    await request('/results/overall-year-q.json');
    const kept = await request('/results/overall-year-q.json', { 'x-request-id': 'lb-1234.abc_DEF' });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc_DEF');
    const replaced = await request('/results/overall-year-q.json', { 'x-request-id': 'a b' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('what goes to the routes', () => {
  test.each([
    ['a query', '/results/overall-year-q.json?x=1', {}],
    ['an escape', '/results/overall-year-q%2Ejson', {}],
    ['a range', '/77.0a1b2c3d.js', { range: 'bytes=0-9' }],
    [
      'raw bytes to a client that accepts another encoding (the route may compress them)',
      '/77.0a1b2c3d.js',
      { 'accept-encoding': 'deflate' },
    ],
    ['a file not in memory', '/results/overall-unbekannt.json', {}],
    ['a page', '/', {}],
  ] as const)('%s', async (_what, url, headers) => {
    await request(url, headers);
    const before = t.app.fastAnswers.answered;
    const answer = await request(url, headers);
    expect(t.app.fastAnswers.answered).toBe(before);
    const route = await routeAnswer(url, headers);
    expect([answer.status, comparable(answer.headers)]).toEqual([route.status, comparable(route.headers)]);
  });

  test('other methods', async () => {
    await request('/results/overall-year-q.json');
    const before = t.app.fastAnswers.answered;
    const answer = await request('/results/overall-year-q.json', {}, 'OPTIONS');
    expect(answer.status).toBe(204);
    expect((await request('/results/overall-year-q.json', {}, 'DELETE')).status).toBe(404);
    expect(t.app.fastAnswers.answered).toBe(before);
  });
});

describe('never older than the database', () => {
  const ids = (a: Answer) => (JSON.parse(a.body.toString()) as { club: { _id: string } }[]).map((r) => r.club._id);

  test('a publication of this instance is served at once, then from memory again', async () => {
    const url = '/results/overall-year-q.json';
    await request(url);
    const old = await request(url);
    await seedEstimateEntry(t.ctx.db, { id: 'q2', challengeId: 'q-est', clubId: 'club-1000-w', estimate: 10 });
    await publishChallengeResults({ ctx: t.ctx, input: { challengeId: 'q-est', body: { expectedVersion: 1, reason: 'Nachtrag' }, actor } });
    const before = t.app.fastAnswers.answered;
    const fresh = await request(url);
    expect(t.app.fastAnswers.answered).toBe(before);
    expect(fresh.headers.etag).not.toBe(old.headers.etag);
    expect(ids(fresh)).toEqual(['club-1000-w', 'club-1000-m']);
    const again = await expectSameAsRoute(url, {}, 'GET');
    expect(again.headers.etag).toBe(fresh.headers.etag);
    expect(again.body.equals(fresh.body)).toBe(true);
  });

  test('a publication of another instance (a notification only) is served once it arrives', async () => {
    const url = '/results/overall-year-q.json';
    const old = await request(url);
    await seedEstimateEntry(t.ctx.db, { id: 'q3', challengeId: 'q-est', clubId: 'club-1001-m', estimate: 11 });
    const topic = [topics.result('overall', 'year-q')];
    const changedAt = t.app.changes.changedAt(topic);
    // The CLI's context: no change feed of its own, it only notifies.
    await publishChallengeResults({
      ctx: { db: t.ctx.db, now: t.ctx.now, log: t.ctx.log },
      input: { challengeId: 'q-est', body: { expectedVersion: 2, reason: 'Nachtrag 2' }, actor },
    });
    for (let waited = 0; t.app.changes.changedAt(topic) === changedAt; waited += 10) {
      if (waited > 5000) throw new Error('no notification within 5 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    const fresh = await request(url);
    expect(fresh.headers.etag).not.toBe(old.headers.etag);
    expect(ids(fresh)).toContain('club-1001-m');
    expect((await expectSameAsRoute(url, {}, 'GET')).headers.etag).toBe(fresh.headers.etag);
  });
});

test('counted in the metrics under the route pattern', async () => {
  const count = async (route: string, method = 'GET', status = '2xx') => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    const line = res.body
      .split('\n')
      .find((l) => l.startsWith(`http_request_duration_seconds_count{method="${method}",route="${route}",status_class="${status}"}`));
    return Number(line?.split(' ')[1] ?? 0);
  };
  const counts = async () => [
    await count('/results/:file'),
    await count('/*'),
    await count('/results/:file', 'HEAD'),
    await count('/*', 'GET', '3xx'),
  ];
  const etag = (await request('/77.0a1b2c3d.js', { 'accept-encoding': 'gzip' })).headers.etag!;
  await request('/results/challenge-q-est.json');
  const before = await counts();
  const answered = t.app.fastAnswers.answered;
  await request('/results/challenge-q-est.json');
  await request('/results/challenge-q-est.json', {}, 'HEAD');
  await request('/77.0a1b2c3d.js', { 'accept-encoding': 'gzip' });
  await request('/77.0a1b2c3d.js', { 'if-none-match': etag });
  expect(t.app.fastAnswers.answered - answered).toBe(4);
  // The 'finish' of the last answer may come a moment after its bytes.
  await new Promise((r) => setTimeout(r, 20));
  expect(await counts()).toEqual(before.map((n) => n + 1));
});

test('with basic auth on the site nothing passes by the routes', async () => {
  const guarded = await createTestApp({
    database: t.database,
    env: { BASIC_AUTH_USER: 'staging', BASIC_AUTH_PASSWORD: 'geheim-genug-1234' },
  });
  try {
    const url = await guarded.listen();
    const get = (auth?: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${url}/results/overall-year-q.json`, { headers: auth ? { authorization: auth } : {} }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          })
          .on('error', reject);
      });
    const basic = `Basic ${Buffer.from('staging:geheim-genug-1234').toString('base64')}`;
    expect(await get(basic)).toBe(200);
    expect(await get(basic)).toBe(200);
    expect(await get()).toBe(401);
    expect(guarded.app.fastAnswers.answered).toBe(0);
  } finally {
    await guarded.close();
  }
});
