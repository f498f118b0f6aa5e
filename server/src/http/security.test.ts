import { createTestApp, type TestApp } from '../test-support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
    const identity = await t.app.inject({ method: 'POST', url: '/identity' });
    expect(identity.statusCode).toBe(400);
    expect(identity.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });
});

describe('CORS', () => {
  test('public read paths allow any origin and answer preflights', async () => {
    for (const url of ['/config.json', '/content/public/spaces/erd/spacedata', '/results/overall-x.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://sponsor.example.com' } });
      expect([url, res.headers['access-control-allow-origin']]).toEqual([url, '*']);
    }
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/content/public/spaces/erd/objects/search',
      headers: { origin: 'https://sponsor.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'accept' },
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
      for (const authorization of [basic('staging:wrong'), basic('other:geheim:123'), basic('staging'), 'Bearer x', basic('staging:geheim:1234')]) {
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
