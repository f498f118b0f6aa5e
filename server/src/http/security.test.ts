import Fastify, { type LightMyRequestResponse } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { entryPaths } from '@erd/shared-contracts/wire';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { newsletterSubscriptions } from '../db/schema/index.js';
import { OPERATOR_COOKIE } from '../modules/operators/access.js';
import { CACHE_HTML } from '../modules/web/cache.js';
import { corsPreflight, createTestApp, SERVER_ROOT, type TestApp } from '../test-support/app.js';
import { createMember, memberHeaders, type Member } from '../test-support/members.js';
import { seedClubs, seedYear } from '../test-support/seed.js';
import { operatorSession } from '../test-support/operators.js';
import { CROSS_SITE_MESSAGE, registerSecurity, sharedCacheMayStore, XSRF_TOKEN_PATH } from './security.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
});
afterAll(() => t.close());

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

describe('anti-forgery check on unsafe /api/ calls', () => {
  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/public/newsletter', headers, payload: { Email: 'a@example.org', Fields: [] } });

  test('rejects a request without cookie and header, or with a mismatch', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { cookie: `XSRF-TOKEN=${TOKEN}` },
      { 'x-xsrf-token': TOKEN },
      { cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': `${TOKEN}x` },
    ];
    for (const headers of cases) {
      const res = await post(headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'Forbidden' });
    }
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/profile' })).statusCode).toBe(403);
    }
  });

  test('an escaped path that the router decodes to an /api/ route is checked too', async () => {
    for (const url of ['/%61pi/public/newsletter', '/a%70i/public/newsletter']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { Email: 'a@example.org', Fields: [] } });
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    expect((await t.app.inject({ method: 'DELETE', url: '/%61pi/profile' })).statusCode).toBe(403);
  });

  test('accepts a matching header; safe methods and non-API paths are not checked', async () => {
    const res = await post({ cookie: `XSRF-TOKEN=${TOKEN}`, 'x-xsrf-token': TOKEN });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/unknown' })).statusCode).toBe(404);
    // The identity endpoint is no /api/ path: no anti-forgery check (it answers in Cognito's shape).
    // Its own guard against other sites is the one below.
    const identity = await t.app.inject({ method: 'POST', url: '/identity' });
    expect(identity.statusCode).toBe(400);
    expect(identity.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });
});

describe('unsafe requests from another site', () => {
  let session: string;
  let member: Member;
  let own: string;
  let created = 0;

  beforeAll(async () => {
    own = new URL(t.config.publicUrl).origin;
    await seedYear(t.ctx.db);
    await seedClubs(t.ctx.db, 2);
    member = await createMember(t, 'club-1000-m');
    session = await operatorSession(t, { role: 'admin' });
  });

  /** What a browser says about a request sent by a page of another site (or one that hides where it is). */
  const foreign = (): Array<Record<string, string>> => [
    { origin: 'https://evil.example' },
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'cross-site' },
    // The Origin can be ours only if the page is; a browser that says cross-site is believed.
    { origin: own, 'sec-fetch-site': 'cross-site' },
    { origin: 'null' },
    { origin: 'kaputt' },
    { origin: `${own}.evil.example` },
    { origin: 'http://localhost:4000' },
    // A page on a sibling sub-domain: same-site, but not ours.
    { origin: 'http://shop.localhost:3999', 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'same-site' },
  ];
  /** Our own pages (PUBLIC_URL, or the host the request went to), and clients that are no browser. */
  const ours = (): Array<Record<string, string>> => [
    {},
    { origin: own },
    { origin: own, 'sec-fetch-site': 'same-origin' },
    { origin: own, 'sec-fetch-site': 'same-site' },
    { origin: 'http://127.0.0.1:5555', host: '127.0.0.1:5555', 'sec-fetch-site': 'same-origin' },
    { 'sec-fetch-site': 'none' },
  ];

  /** An unsafe call of each kind of caller, with a browser's headers added; the status it has when allowed. */
  const calls: Array<[string, (headers: Record<string, string>) => Promise<LightMyRequestResponse>, number]> = [
    [
      'operator write',
      (headers) => {
        created += 1;
        return t.app.inject({
          method: 'POST',
          url: '/api/operator/operators',
          headers: { ...memberHeaders(null, { cookie: `${OPERATOR_COOKIE}=${session}` }), ...headers },
          payload: { email: `neu-${created}@example.org`, role: 'moderator', password: 'Neu!Passwort2026x' },
        });
      },
      201,
    ],
    [
      'member vote',
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/votes',
          headers: { ...memberHeaders(member), ...headers },
          payload: { challengeId: 'keine', participationId: 'keine' },
        }),
      404,
    ],
    [
      'member profile',
      (headers) => t.app.inject({ method: 'PUT', url: '/api/profile', headers: { ...memberHeaders(member), ...headers }, payload: {} }),
      400,
    ],
    // The body is checked (zod, issue 24) before the challenge is looked up: an empty one is a 400.
    [
      'member entry',
      (headers) =>
        t.app.inject({
          method: 'PUT',
          url: entryPaths.participation('keine'),
          headers: { ...memberHeaders(member), ...headers },
          payload: {},
        }),
      400,
    ],
    [
      'anonymous newsletter',
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: '/api/public/newsletter',
          headers: { ...memberHeaders(null), ...headers },
          payload: { Email: 'fan@example.org', Fields: [] },
        }),
      200,
    ],
    [
      'anonymous sign-up',
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: `${t.config.contentApiBase}/public/spaces/${t.config.spaceId}/frontend-users/signup`,
          headers,
          payload: {},
        }),
      400,
    ],
    [
      'identity service',
      (headers) =>
        t.app.inject({
          method: 'POST',
          url: t.config.identity.endpoint,
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.Nope', ...headers },
          payload: '{}',
        }),
      400,
    ],
  ];

  test('are refused with 403 and a German message, whoever sends them, and change nothing', async () => {
    const operatorsBefore = (
      await t.app.inject({ url: '/api/operator/operators', headers: { cookie: `${OPERATOR_COOKIE}=${session}` } })
    ).json().items.length;
    for (const [name, call] of calls) {
      for (const headers of foreign()) {
        const res = await call(headers);
        expect([name, headers, res.statusCode, res.json()]).toEqual([
          name,
          headers,
          403,
          { code: 'Forbidden', message: CROSS_SITE_MESSAGE, requestId: expect.any(String) },
        ]);
      }
    }
    const operatorsAfter = (
      await t.app.inject({ url: '/api/operator/operators', headers: { cookie: `${OPERATOR_COOKIE}=${session}` } })
    ).json().items.length;
    expect(operatorsAfter).toBe(operatorsBefore);
    expect(await t.ctx.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'fan@example.org'))).toEqual([]);
  });

  test('from our own pages and from clients that are no browser they go through', async () => {
    for (const [name, call, status] of calls) {
      for (const headers of ours()) {
        const res = await call(headers);
        expect([name, headers, res.statusCode]).toEqual([name, headers, status]);
      }
    }
  });

  test('a page cannot pass for the site with X-Forwarded-Host (also behind a trusted proxy)', async () => {
    const app = await t.rebuild({ TRUST_PROXY: 'true' });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/public/newsletter',
        headers: { ...memberHeaders(null), origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
        payload: { Email: 'fan@example.org', Fields: [] },
      });
      expect([res.statusCode, res.json().message]).toEqual([403, CROSS_SITE_MESSAGE]);
    } finally {
      await t.rebuild();
    }
  });

  test('reads from other sites stay open (the embed widget only reads)', async () => {
    for (const url of ['/config.json', `${t.config.contentApiBase}/public/spaces/${t.config.spaceId}/spacedata`]) {
      const res = await t.app.inject({ url, headers: { origin: 'https://sponsor.example.com', 'sec-fetch-site': 'cross-site' } });
      expect([url, res.statusCode]).toEqual([url, 200]);
    }
  });
});

describe('the anti-forgery cookie', () => {
  test('comes from a private answer of its own, readable by scripts, kept when the request has one', async () => {
    const res = await t.app.inject({ url: XSRF_TOKEN_PATH });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([204, 'private, no-store']);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    const again = await t.app.inject({ url: XSRF_TOKEN_PATH, headers: { cookie: `XSRF-TOKEN=${cookie?.value}` } });
    expect([again.statusCode, again.headers['set-cookie']]).toEqual([204, undefined]);
    // The pair it gives is accepted.
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/public/newsletter',
      headers: { cookie: `XSRF-TOKEN=${cookie?.value}`, 'x-xsrf-token': cookie!.value },
      payload: { Fields: [] },
    });
    expect(post.statusCode).toBe(400);
  });

  test('is Secure when PUBLIC_URL is https', async () => {
    const app = await t.rebuild({ PUBLIC_URL: 'https://punktejagd.example.org' });
    try {
      expect((await app.inject({ url: XSRF_TOKEN_PATH })).cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
    } finally {
      await t.rebuild();
    }
  });
});

describe('an answer that sets a cookie', () => {
  test('a shared cache may keep an answer unless it says no-store or a plain private', () => {
    for (const value of ['public, max-age=60, s-maxage=300', 'no-cache', 'max-age=0', '', 'private="set-cookie", max-age=60'])
      expect([value, sharedCacheMayStore(value)]).toEqual([value, true]);
    for (const value of ['no-store', 'private', 'Private, max-age=60', 'public,no-store', 'max-age=0, private'])
      expect([value, sharedCacheMayStore(value)]).toEqual([value, false]);
  });

  test('is sent private, no-store whatever Cache-Control the code gave it (the safety net)', async () => {
    const app = Fastify({ logger: false });
    await app.register(fastifyCookie);
    registerSecurity(app, loadConfig({ DATA_DIR: '/tmp', PORT: '3999' }, { serverRoot: SERVER_ROOT, cwd: '/tmp' }));
    app.get('/page', async (_request, reply) => reply.setCookie('a', 'b').header('cache-control', 'public, s-maxage=300').send('x'));
    app.get('/bare', async (_request, reply) => reply.setCookie('a', 'b').send('x'));
    app.get('/public', async (_request, reply) => reply.header('cache-control', 'public, s-maxage=300').send('x'));
    try {
      for (const url of ['/page', '/bare']) {
        const res = await app.inject({ url });
        expect([url, res.headers['cache-control'], res.cookies.length]).toEqual([url, 'private, no-store', 1]);
      }
      expect((await app.inject({ url: '/public' })).headers['cache-control']).toBe('public, s-maxage=300');
    } finally {
      await app.close();
    }
  });

  test('marked publicly cacheable fails the test that gets it (test-support/app.ts)', async () => {
    const app = await t.rebuild();
    try {
      app.get('/test/cached-cookie', { schema: { hide: true } }, async (_request, reply) =>
        reply.setCookie('a', 'b').header('cache-control', CACHE_HTML).send('x'),
      );
      const res = await app.inject({ url: '/test/cached-cookie' });
      expect([res.statusCode, res.body]).toEqual([
        500,
        expect.stringContaining('an answer that sets a cookie was marked cacheable for shared caches'),
      ]);
    } finally {
      await t.rebuild();
    }
  });
});

describe('CORS', () => {
  test('public read paths allow any origin and answer preflights', async () => {
    for (const url of ['/config.json', '/content/public/spaces/erd/spacedata', '/results/overall-x.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://sponsor.example.com' } });
      expect([url, res.headers['access-control-allow-origin']]).toEqual([url, '*']);
    }
    const preflight = await corsPreflight(t.app, '/content/public/spaces/erd/objects/search', {
      origin: 'https://sponsor.example.com',
      method: 'GET',
      headers: 'accept',
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
      'access-control-allow-headers': 'accept',
    });
  });

  test('the API under /api/ is same-origin only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x', headers: { origin: 'https://evil.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('basic auth (staging)', () => {
  test('off by default', async () => {
    expect((await t.app.inject({ url: '/config.json' })).statusCode).toBe(200);
  });

  test('on when BASIC_AUTH_USER and BASIC_AUTH_PASSWORD are set; the probes /health, /ready, /healthz stay open', async () => {
    const app = await t.rebuild({ BASIC_AUTH_USER: 'staging', BASIC_AUTH_PASSWORD: 'geheim:123' });
    try {
      const basic = (value: string) => `Basic ${Buffer.from(value).toString('base64')}`;
      const denied = await app.inject({ url: '/config.json' });
      expect(denied.statusCode).toBe(401);
      expect(denied.headers['www-authenticate']).toBe('Basic realm="Punktejagd", charset="UTF-8"');
      for (const authorization of [
        basic('staging:wrong'),
        basic('other:geheim:123'),
        basic('staging'),
        'Bearer x',
        basic('staging:geheim:1234'),
      ]) {
        expect((await app.inject({ url: '/config.json', headers: { authorization } })).statusCode).toBe(401);
      }
      const ok = await app.inject({ url: '/config.json', headers: { authorization: basic('staging:geheim:123') } });
      expect(ok.statusCode).toBe(200);
      expect((await app.inject({ url: '/healthz' })).json()).toEqual({ ok: true });
      expect((await app.inject({ url: '/health' })).json()).toEqual({ ok: true });
      expect((await app.inject({ url: '/ready' })).json()).toMatchObject({ ok: true });
      expect((await app.inject({ method: 'POST', url: '/healthz' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(401);
    } finally {
      await t.rebuild();
    }
  });
});

describe('errors', () => {
  test('an unknown route answers 404 JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NotFound', message: 'Nicht gefunden', requestId: expect.any(String) });
  });
});
