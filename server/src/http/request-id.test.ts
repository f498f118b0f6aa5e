import { createTestApp, type TestApp } from '../test-support/app.js';
import { XSRF } from '../test-support/members.js';
import { operatorLogin } from '../test-support/operators.js';
import { addOperator } from '../modules/operators/service.js';
import { REQUEST_ID_PATTERN } from './request-id.js';

/**
 * Request ids: generated or taken from a well-formed X-Request-Id, answered in the header, on every
 * log line of the request (the request's own and the services' through `ctx.log`), and in JSON
 * error bodies.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OPERATOR = { email: 'leitung@example.org', password: 'Vorstand!Sitzung2026' };

let t: TestApp;
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'debug', RATE_LIMIT_SCALE: '100' },
    logStream: {
      write: (line: string) => {
        raw.push(line);
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  await addOperator({ ctx: t.ctx, input: { ...OPERATOR, role: 'admin' } });
});
afterAll(() => t.close());

const linesOf = (id: string) => lines.filter((line) => line.requestId === id);

test('a request without X-Request-Id gets a new UUID, answered in the header', async () => {
  const first = await t.app.inject({ url: '/health' });
  const second = await t.app.inject({ url: '/health' });
  expect(first.headers['x-request-id']).toMatch(UUID);
  expect(second.headers['x-request-id']).toMatch(UUID);
  expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
});

test('a well-formed incoming X-Request-Id is kept', async () => {
  const res = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'lb-4711.abc_DEF-9' } });
  expect(res.headers['x-request-id']).toBe('lb-4711.abc_DEF-9');
  const longest = 'a'.repeat(64);
  expect((await t.app.inject({ url: '/health', headers: { 'x-request-id': longest } })).headers['x-request-id']).toBe(longest);
});

test.each([['with spaces'], ['a'.repeat(65)], ['<script>'], ['id"},{"x":1'], ['ümlaut'], ['']])(
  'a malformed X-Request-Id %p is replaced',
  async (incoming) => {
    const res = await t.app.inject({ url: '/health', headers: { 'x-request-id': incoming } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(REQUEST_ID_PATTERN.test(incoming)).toBe(false);
  },
);

test('error bodies carry the request id next to code and message (404, 400, 403)', async () => {
  const notFound = await t.app.inject({ method: 'POST', url: '/no/such/route', headers: { 'x-request-id': 'req-404' } });
  expect([notFound.statusCode, notFound.json()]).toEqual([404, { code: 'NotFound', message: 'Nicht gefunden', requestId: 'req-404' }]);

  const forbidden = await t.app.inject({ method: 'POST', url: '/api/votes', payload: {} });
  expect(forbidden.statusCode).toBe(403);
  expect(forbidden.json()).toEqual({
    code: 'Forbidden',
    message: 'Ungültiges oder fehlendes Anti-Forgery-Token',
    requestId: forbidden.headers['x-request-id'],
  });

  const invalid = await t.app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, 'x-request-id': 'req-400' },
    payload: { challengeId: 'x' },
  });
  expect(invalid.statusCode).toBe(400);
  expect(invalid.json()).toMatchObject({ code: 'ValidationError', requestId: 'req-400' });
  expect(invalid.headers['x-request-id']).toBe('req-400');
});

test('the identity service keeps its Cognito error shape and sends the id as x-amzn-RequestId too', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/identity',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.Nothing',
      'x-request-id': 'req-idp',
    },
    payload: '{}',
  });
  expect(res.statusCode).toBe(400);
  expect(JSON.parse(res.body)).toEqual({ __type: 'UnknownOperationException', message: 'Unknown operation Nothing' });
  expect([res.headers['x-request-id'], res.headers['x-amzn-requestid']]).toEqual(['req-idp', 'req-idp']);
});

test('every log line of a request carries its id, also what a service logs through ctx.log after the body was read', async () => {
  const res = await operatorLogin(t.app, OPERATOR, { headers: { 'x-request-id': 'req-login-1' } });
  expect(res.statusCode).toBe(200);
  const messages = linesOf('req-login-1').map((line) => line.msg);
  // Fastify's own lines (debug) and the service's (operators/service.ts logs through ctx.log).
  expect(messages).toEqual(expect.arrayContaining(['incoming request', 'operator logged in', 'request completed']));
  // Nothing of the request is logged without its id.
  expect(lines.filter((line) => line.msg === 'operator logged in').every((line) => line.requestId === 'req-login-1')).toBe(true);
  // Never the address or the password.
  expect(raw.join('\n')).not.toContain(OPERATOR.email);
  expect(raw.join('\n')).not.toContain(OPERATOR.password);
});

test("requests under way at the same time keep their own ids in the services' lines", async () => {
  const ids = ['req-par-1', 'req-par-2', 'req-par-3', 'req-par-4'];
  const answers = await Promise.all(ids.map((id) => operatorLogin(t.app, OPERATOR, { headers: { 'x-request-id': id } })));
  expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
  for (const id of ids) expect(linesOf(id).filter((line) => line.msg === 'operator logged in')).toHaveLength(1);
});
