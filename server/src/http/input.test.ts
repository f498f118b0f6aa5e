import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { identityUsers, profiles, votes } from '../db/schema/index.js';
import { serializeError } from '../logger.js';
import { createTestApp, type TestApp } from '../test-support/app.js';
import { createTestDatabase } from '../test-support/db.js';
import { createMember, memberHeaders, XSRF, type Member } from '../test-support/members.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../test-support/seed.js';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from './input.js';

/**
 * One input rule for every text the server takes (issue: a NUL byte answered 500 on 11 endpoints,
 * escape sequences were stored in names): NUL, control characters and broken UTF-16 in a path
 * parameter, a query or a JSON body (at any depth, keys too) are a 400 with the usual German or
 * Cognito error, before anything is stored or logged.
 */

const NUL = '\u0000';
const xsrf = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

describe('findUnsafeText', () => {
  test.each([
    ['plain', 'Erika Musterfrau', null],
    ['tab and line breaks (a slogan may have them)', 'Auf geht’s!\n\tHopp\r\n', null],
    ['emoji (a surrogate pair)', 'Tor! ⚽🍺', null],
    ['NUL', `Eri${NUL}ka`, '(text)'],
    ['escape sequence', 'Eri\u001b[31mka', '(text)'],
    ['bell', 'Eri\u0007ka', '(text)'],
    ['DEL', 'Eri\u007fka', '(text)'],
    ['a lone surrogate', 'Eri\ud800ka', '(text)'],
  ])('%s', (_label, value, expected) => {
    expect(findUnsafeText(value)).toBe(expected);
  });

  test('names the path at any depth, keys included', () => {
    expect(findUnsafeText({ fields: { firstname: 'A', club: { id: `x${NUL}` } } }, 'body')).toBe('body.fields.club.id');
    expect(findUnsafeText({ list: ['a', ['b', `c${NUL}`]] })).toBe('list[1][1]');
    expect(findUnsafeText({ [`k${NUL}`]: 'v' }, 'body')).toBe('body');
    expect(findUnsafeText({ a: 1, b: true, c: null, d: ['x'] })).toBeNull();
  });

  test('a deeply nested body is refused rather than walked forever', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(findUnsafeText(deep, 'body')).not.toBeNull();
  });
});

describe('on every kind of endpoint', () => {
  let t: TestApp;
  let member: Member;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-07-15T10:00:00Z'), env: { RATE_LIMIT_SCALE: '100' } });
    await seedYear(t.ctx.db);
    await seedClubs(t.ctx.db, 4);
    await seedChallenge(t.ctx.db, { id: 'slogan' });
    await seedParticipation(t.ctx.db, { id: 'p-1', challengeId: 'slogan', clubId: 'club-1001-m' });
    member = await createMember(t, 'club-1000-m');
  });
  afterAll(() => t.close());

  const space = '/content/public/spaces/erd';
  const signup = (firstname: string, email = `neu-${Math.random().toString(36).slice(2)}@example.org`) => ({
    email,
    password: 'Abseits!2026',
    fields: {
      firstname,
      lastname: 'Muster',
      street: 'Hauptstraße 1',
      city: '85386 Eching',
      club: { id: 'club-1001-w', linkType: 'Object', type: 'Link' },
    },
  });

  test('NUL in a path parameter, a query or a JSON field: 400, never 500', async () => {
    const cases: Array<{
      method: 'GET' | 'POST' | 'PUT';
      url: string;
      payload?: Record<string, unknown>;
      headers?: Record<string, string>;
    }> = [
      { method: 'GET', url: `${space}/objects/club%00x?include=1` },
      { method: 'GET', url: `${space}/objects/search?objectTypeId=bfv-erd-club&locale=de%00&size=100&from=0` },
      { method: 'GET', url: `${space}/objects/search?include=1&fields.challenge.id=slo%00gan&from=0&size=10&sort=-createdAt` },
      { method: 'GET', url: '/content/public/spaces/er%00d/spacedata?include=4' },
      { method: 'POST', url: '/api/votes', payload: { challengeId: 'slogan', participationId: `p-x${NUL}y` }, headers: xsrf },
      { method: 'POST', url: `${space}/frontend-users/signup`, payload: signup(`Eri${NUL}ka`), headers: xsrf },
      {
        method: 'POST',
        url: `${space}/frontend-users/signup/confirm`,
        payload: { email: `a${NUL}@example.org`, code: '123456' },
        headers: xsrf,
      },
      { method: 'POST', url: `${space}/frontend-users/forgot-password`, payload: { email: `nob${NUL}ody@example.org` }, headers: xsrf },
      { method: 'POST', url: '/api/operator/login', payload: { email: `op${NUL}@example.org`, password: 'x' }, headers: xsrf },
      {
        method: 'PUT',
        url: '/api/profile',
        payload: { fields: { firstname: `Eri${NUL}ka` }, updatedAt: 'x' },
        headers: { ...xsrf, ...memberHeaders(member) },
      },
      {
        method: 'PUT',
        url: '/api/challenge/particpation/slogan',
        payload: { slogan: `Hopp${NUL}` },
        headers: { ...xsrf, ...memberHeaders(member) },
      },
      { method: 'GET', url: '/api/challenge/particpation/slo%00gan', headers: memberHeaders(member) },
      { method: 'GET', url: '/api/public/newsletter/confirm?token=a%00b' },
      { method: 'POST', url: '/api/public/newsletter', payload: { Email: `a${NUL}@example.org`, Fields: [] }, headers: xsrf },
      { method: 'GET', url: '/results/overall-year%00.json' },
      { method: 'GET', url: '/club/club%00x' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: c.method, url: c.url, headers: c.headers, ...(c.payload ? { payload: c.payload } : {}) });
      expect([c.method, c.url, res.statusCode < 500, res.statusCode >= 400]).toEqual([c.method, c.url, true, true]);
    }
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/votes',
      headers: xsrf,
      payload: { challengeId: 'slogan', participationId: `p-x${NUL}y` },
    });
    expect([body.statusCode, body.json()]).toEqual([
      400,
      { code: 'ValidationError', message: UNSAFE_TEXT_MESSAGE, field: 'body.participationId', requestId: expect.any(String) },
    ]);
    expect(await t.ctx.db.select().from(votes)).toEqual([]);
  });

  test('the identity endpoint answers in Cognito’s terms', async () => {
    for (const target of ['InitiateAuth', 'SignUp', 'ForgotPassword']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/identity',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
        payload: JSON.stringify({
          ClientId: t.config.identity.clientId,
          AuthFlow: 'USER_SRP_AUTH',
          AuthParameters: { USERNAME: `nob${NUL}ody@example.org`, SRP_A: 'ab' },
          Username: `nob${NUL}ody@example.org`,
          Password: 'Abseits!2026',
        }),
      });
      expect([target, res.statusCode, res.json().__type]).toEqual([target, 400, 'InvalidParameterException']);
      expect(res.headers['x-amzn-errortype']).toMatch(/^InvalidParameterException/);
    }
  });

  test('escape sequences, bells and line breaks in names are refused at sign-up and in the profile; nothing is stored', async () => {
    const users = (await t.ctx.db.select().from(identityUsers)).length;
    for (const name of ['Eri\u001b[2Jka', 'Eri\u0007ka', 'Eri\nka', 'Eri\tka']) {
      const res = await t.app.inject({ method: 'POST', url: `${space}/frontend-users/signup`, headers: xsrf, payload: signup(name) });
      expect([JSON.stringify(name), res.statusCode, res.json().code]).toEqual([JSON.stringify(name), 400, 'ValidationError']);
    }
    expect(await t.ctx.db.select().from(identityUsers)).toHaveLength(users);
    const me = await t.app.inject({ url: '/api/me', headers: memberHeaders(member) });
    const { updatedAt, fields } = me.json() as { updatedAt: string; fields: Record<string, unknown> };
    for (const street of ['Hauptstraße 1\u001b]0;pwned\u0007', 'Hauptstraße\n1']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: { ...xsrf, ...memberHeaders(member) },
        payload: { fields: { ...fields, street }, updatedAt },
      });
      expect(res.statusCode).toBe(400);
    }
    const [profile] = await t.ctx.db
      .select()
      .from(profiles)
      .where(sql`${profiles.clubId} = 'club-1000-m'`);
    expect(findUnsafeText(profile!.street)).toBeNull();
    expect(profile!.street).not.toContain('\n');
  });
});

describe('log lines carry no query values and no database detail', () => {
  test('a failed query is logged with its statement and SQLSTATE only', async () => {
    const database = await createTestDatabase();
    const lines: string[] = [];
    const t = await createTestApp({ database });
    const app = await buildApp({
      config: t.config,
      database,
      secret: 'test-secret',
      logStream: { write: (line: string) => lines.push(line) },
    });
    // A handler whose query fails with a member's street and an SRP verifier as its values.
    app.get('/test/failing-query', async () => {
      await t.ctx.db.execute(sql`select ${'Hauptstraße 12'}::int, ${'verifier-0123456789abcdef'}::uuid`);
      return {};
    });
    const res = await app.inject({ url: '/test/failing-query' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'InternalError', message: 'Da ist leider was schief gelaufen.', requestId: expect.any(String) });
    const logged = lines.join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain('database query failed');
    expect(logged).toContain('22P02'); // invalid_text_representation
    expect(logged).not.toContain('Hauptstraße');
    expect(logged).not.toContain('verifier-0123');
    await app.close();
    await t.close();
    await database.destroy();
  });

  test('serializeError keeps an ordinary error readable and cuts long messages', () => {
    const error = new Error('x'.repeat(1000), { cause: new TypeError('inner') });
    const out = serializeError(error);
    expect(out.type).toBe('Error');
    expect(out.message).toHaveLength(300);
    expect(out.stack).toContain('    at ');
    expect(out.cause).toMatchObject({ type: 'TypeError', message: 'inner' });
    expect(serializeError('nur Text')).toEqual({ type: 'string', message: 'nur Text', stack: '' });
  });
});
