import { createTestApp, type TestApp } from './test-support/app.js';

describe('when the database fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.close();
  });
  afterAll(() => t.close());

  test('a 5xx answers a generic German message and leaks no internals', async () => {
    const res = await t.app.inject({ url: '/content/public/spaces/erd/spacedata?include=4' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'InternalError', message: 'Da ist leider was schief gelaufen.', requestId: expect.any(String) });
  });

  test('/healthz answers 503', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ok: false });
  });
});
