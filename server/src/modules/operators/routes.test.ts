import fastifyCookie from '@fastify/cookie';
import Fastify, { type RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import type { OperatorDto } from '@erd/shared-contracts/wire';
import type { OperatorAccountDto, OperatorListDto } from '@erd/shared-contracts/backoffice';
import { moderationLog, operators, operatorSessions } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/hash.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, XSRF, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedEstimateEntry, seedYear } from '../../test-support/seed.js';
import { ADMIN, MODERATOR, operatorCall, type OperatorCredentials, operatorLogin, signInOperator } from '../../test-support/operators.js';
import { cliActor } from '../audit/service.js';
import { moderationRoutes } from '../moderation/routes.js';
import { operatorResultRoutes } from '../results/routes.js';
import { auditRoutes } from '../audit/routes.js';
import { actorOf, OPERATOR_COOKIE, registerOperatorAccess } from './access.js';
import { operatorAccountRoutes } from './routes.js';
import { addOperator, findOperatorId, updateOperator } from './service.js';

/**
 * Roles on every operator route (moderator, admin, anonymous, a club's token), the session's idle
 * and absolute end, the own password, disabled operators, operator management with its last-admin
 * rule (also under parallel requests on PostgreSQL), and the audit rows of it all (never a password).
 */

let t: TestApp;
let member: Member;
const TODAY = new Date('2026-06-15T10:00:00Z');
const MINUTE = 60_000;
const xsrfCookie = `XSRF-TOKEN=${XSRF}`;

beforeAll(async () => {
  t = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '100' } });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 4);
  await seedChallenge(t.ctx.db, { id: 'estimate', type: 'bfv-erd-estimate', dates: { startDate: '2026-06-01', endDate: '2026-06-10' } });
  await seedEstimateEntry(t.ctx.db, { id: 'p-1', challengeId: 'estimate', clubId: 'club-1000-m', estimate: 70 });
  await addOperator({ ctx: t.ctx, input: { ...ADMIN, role: 'admin' } });
  await addOperator({ ctx: t.ctx, input: MODERATOR });
  member = await createMember(t, 'club-1001-m');
});
afterAll(() => t.close());

const login = (who: OperatorCredentials) => signInOperator(t.app, who);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, session: string | null, payload?: unknown, extra: Record<string, string> = {}) =>
  operatorCall(t.app, method, url, session, payload, extra);

const operatorId = (email: string) => findOperatorId({ ctx: t.ctx, input: { email } });
const auditRows = async (action: string) =>
  t.ctx.db
    .select()
    .from(moderationLog)
    .where(eq(moderationLog.action, action as never));

/** Every operator route, with what it needs: `operator` (both roles) or `admin`. */
const ROUTES: Array<{ method: Method; url: string; route: string; access: 'public' | 'operator' | 'admin'; payload?: unknown }> = [
  { method: 'POST', url: '/api/operator/login', route: '/api/operator/login', access: 'public', payload: {} },
  { method: 'POST', url: '/api/operator/logout', route: '/api/operator/logout', access: 'public' },
  { method: 'GET', url: '/api/operator/me', route: '/api/operator/me', access: 'operator' },
  { method: 'POST', url: '/api/operator/password', route: '/api/operator/password', access: 'operator', payload: {} },
  { method: 'GET', url: '/api/operator/operators', route: '/api/operator/operators', access: 'admin' },
  { method: 'POST', url: '/api/operator/operators', route: '/api/operator/operators', access: 'admin', payload: {} },
  { method: 'PATCH', url: '/api/operator/operators/op-none', route: '/api/operator/operators/:id', access: 'admin', payload: {} },
  { method: 'GET', url: '/api/operator/audit', route: '/api/operator/audit', access: 'operator' },
  { method: 'GET', url: '/api/operator/audit.csv', route: '/api/operator/audit.csv', access: 'operator' },
  { method: 'GET', url: '/api/operator/participations', route: '/api/operator/participations', access: 'operator' },
  {
    method: 'POST',
    url: '/api/operator/participations/p-none/publish',
    route: '/api/operator/participations/:id/publish',
    access: 'operator',
    payload: { checklist: { minors: true, traffic: true, performance: true, excess: true } },
  },
  {
    method: 'POST',
    url: '/api/operator/participations/p-none/reject',
    route: '/api/operator/participations/:id/reject',
    access: 'operator',
  },
  { method: 'GET', url: '/api/operator/votes?participationId=p-1', route: '/api/operator/votes', access: 'operator' },
  { method: 'POST', url: '/api/operator/votes/remove', route: '/api/operator/votes/remove', access: 'operator', payload: {} },
  { method: 'GET', url: '/api/operator/results', route: '/api/operator/results', access: 'operator' },
  {
    method: 'GET',
    url: '/api/operator/results/challenges/estimate/preview',
    route: '/api/operator/results/challenges/:challengeId/preview',
    access: 'operator',
  },
  {
    method: 'PUT',
    url: '/api/operator/results/challenges/estimate/answer',
    route: '/api/operator/results/challenges/:challengeId/answer',
    access: 'admin',
    payload: {},
  },
  {
    method: 'POST',
    url: '/api/operator/results/challenges/estimate/publish',
    route: '/api/operator/results/challenges/:challengeId/publish',
    access: 'admin',
    payload: {},
  },
  {
    method: 'GET',
    url: '/api/operator/results/challenges/estimate/versions',
    route: '/api/operator/results/challenges/:challengeId/versions',
    access: 'operator',
  },
  {
    method: 'GET',
    url: '/api/operator/results/years/year-seed/versions',
    route: '/api/operator/results/years/:yearId/versions',
    access: 'operator',
  },
  { method: 'GET', url: '/api/operator/results/audit', route: '/api/operator/results/audit', access: 'operator' },
  { method: 'GET', url: '/api/operator/openapi.json', route: '/api/operator/openapi.json', access: 'operator' },
  { method: 'GET', url: '/api/operator/openapi.yaml', route: '/api/operator/openapi.yaml', access: 'operator' },
];

describe('roles on every route', () => {
  test('the table above names every route of the operator API, each with the access it declares', async () => {
    const seen: Array<{ method: string; route: string; access: unknown }> = [];
    const probe = Fastify();
    probe.addHook('onRoute', (route: RouteOptions) => {
      if (route.method !== 'HEAD') seen.push({ method: String(route.method), route: route.url, access: route.config?.operatorAccess });
    });
    await probe.register(fastifyCookie);
    // The table's modules as the operator API (scope.ts) registers them: sessions and accounts, audit, moderation, results.
    await probe.register(async (api) => {
      registerOperatorAccess(api, t.ctx);
      await api.register(operatorAccountRoutes, { ctx: t.ctx });
      await api.register(auditRoutes, { ctx: t.ctx });
      await api.register(moderationRoutes, { ctx: t.ctx });
      await api.register(operatorResultRoutes, { ctx: t.ctx, actorOf });
    });
    await probe.ready();
    await probe.close();
    const key = (r: { method: string; route: string }) => `${r.method} ${r.route}`;
    expect(seen.map(key).sort()).toEqual(ROUTES.map(key).sort());
    for (const r of ROUTES) expect([key(r), seen.find((s) => key(s) === key(r))?.access]).toEqual([key(r), r.access]);
  });

  test('a route that declares no access does not start', async () => {
    const bad = Fastify();
    await bad.register(fastifyCookie);
    await expect(
      bad
        .register(async (app) => {
          registerOperatorAccess(app, t.ctx);
          app.get('/api/operator/forgotten', async () => 'open');
        })
        .ready(),
    ).rejects.toThrow(/declares no config.operatorAccess/);
    await bad.close().catch(() => undefined);
  });

  test('anonymous, a forged cookie and a club access token: 401 everywhere but login and logout', async () => {
    for (const r of ROUTES.filter((r) => r.access !== 'public')) {
      for (const session of [null, 'x'.repeat(43), 'kurz']) {
        const res = await call(r.method, r.url, session, r.payload);
        expect([r.method, r.url, res.statusCode, res.json().code]).toEqual([r.method, r.url, 401, 'Unauthorized']);
      }
      const club = await t.app.inject({
        method: r.method,
        url: r.url,
        headers: memberHeaders(member),
        ...(r.payload !== undefined ? { payload: r.payload as Record<string, unknown> } : {}),
      });
      expect([r.url, club.statusCode, club.json()]).toEqual([
        r.url,
        401,
        { code: 'Unauthorized', message: 'Bitte melde dich als Operator an.', requestId: expect.any(String) },
      ]);
    }
  });

  test('a moderator: 403 with the German message on admin routes, through on the others', async () => {
    const session = await login(MODERATOR);
    for (const r of ROUTES.filter((r) => r.access !== 'public')) {
      const res = await call(r.method, r.url, session, r.payload);
      if (r.access === 'admin')
        expect([r.url, res.statusCode, res.json()]).toEqual([
          r.url,
          403,
          { code: 'Forbidden', message: 'Dafür fehlt dir die Berechtigung.', requestId: expect.any(String) },
        ]);
      else expect([r.method, r.url, [401, 403].includes(res.statusCode)]).toEqual([r.method, r.url, false]);
    }
    // Nothing was changed by the refused calls.
    expect(await auditRows('results-answer')).toEqual([]);
  });

  test('an admin: through on every route', async () => {
    const session = await login(ADMIN);
    for (const r of ROUTES.filter((r) => r.access !== 'public' && r.url !== '/api/operator/password')) {
      const res = await call(r.method, r.url, session, r.payload);
      expect([r.method, r.url, [401, 403].includes(res.statusCode)]).toEqual([r.method, r.url, false]);
    }
  });

  test('a moderator publishes and rejects entries, an admin too; only an admin sets a right answer', async () => {
    const moderator = await login(MODERATOR);
    const admin = await login(ADMIN);
    expect((await call('PUT', '/api/operator/results/challenges/estimate/answer', moderator, { rightAnswer: 71 })).statusCode).toBe(403);
    const answered = await call('PUT', '/api/operator/results/challenges/estimate/answer', admin, { rightAnswer: 71 });
    expect([answered.statusCode, answered.json().rightAnswer]).toEqual([200, 71]);
    expect((await call('GET', '/api/operator/results/challenges/estimate/preview', moderator)).json()).toMatchObject({ rightAnswer: 71 });
  });
});

describe('the own session', () => {
  test('GET /me answers id, e-mail, role and the idle timeout', async () => {
    for (const [who, role] of [
      [ADMIN, 'admin'],
      [MODERATOR, 'moderator'],
    ] as const) {
      const res = await call('GET', '/api/operator/me', await login(who));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json<OperatorDto>()).toEqual({
        id: await operatorId(who.email),
        email: who.email,
        role,
        idleTimeoutSeconds: 1800,
        mustChangePassword: false,
      });
    }
  });

  test('the cookie lives 12 hours; a session unused for 30 minutes ends; a use is written at most once a minute', async () => {
    const res = await operatorLogin(t.app, MODERATOR);
    const cookie = res.cookies.find((c) => c.name === OPERATOR_COOKIE)!;
    expect(cookie.expires?.getTime()).toBe(TODAY.getTime() + 12 * 60 * MINUTE);
    const session = cookie.value;
    const stored = async () =>
      (
        await t.ctx.db
          .select()
          .from(operatorSessions)
          .where(eq(operatorSessions.tokenHash, sha256Hex(session)))
      )[0];
    expect(await stored()).toMatchObject({ lastSeenAt: TODAY, expiresAt: new Date(TODAY.getTime() + 30 * MINUTE) });
    const at = async (offsetMs: number) => {
      t.setNow(new Date(TODAY.getTime() + offsetMs));
      return (await call('GET', '/api/operator/me', session)).statusCode;
    };
    try {
      // Within the minute: answered, nothing written.
      expect(await at(59_000)).toBe(200);
      expect(await stored()).toMatchObject({ lastSeenAt: TODAY });
      // After 29 minutes: the use moves the end to 30 minutes from now.
      expect(await at(29 * MINUTE)).toBe(200);
      expect(await stored()).toMatchObject({
        lastSeenAt: new Date(TODAY.getTime() + 29 * MINUTE),
        expiresAt: new Date(TODAY.getTime() + 59 * MINUTE),
      });
      expect(await at(59 * MINUTE - 1000)).toBe(200);
      // Then 30 minutes without a use: over.
      expect(await at(59 * MINUTE - 1000 + 30 * MINUTE)).toBe(401);
    } finally {
      t.setNow(TODAY);
    }
    // The clean-up removes it.
    t.setNow(new Date(TODAY.getTime() + 2 * 60 * MINUTE));
    const { removeExpiredOperatorSessions } = await import('./service.js');
    await removeExpiredOperatorSessions({ ctx: t.ctx });
    t.setNow(TODAY);
    expect(await stored()).toBeUndefined();
  });

  test('a session in constant use still ends 12 hours after the login', async () => {
    const session = await login(MODERATOR);
    try {
      for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
        t.setNow(new Date(TODAY.getTime() + minutes * MINUTE));
        expect([minutes, (await call('GET', '/api/operator/me', session)).statusCode]).toEqual([minutes, 200]);
      }
      t.setNow(new Date(TODAY.getTime() + 12 * 60 * MINUTE));
      expect((await call('GET', '/api/operator/me', session)).statusCode).toBe(401);
    } finally {
      t.setNow(TODAY);
    }
  });

  test('logout ends the session and clears the cookie', async () => {
    const session = await login(MODERATOR);
    const res = await call('POST', '/api/operator/logout', session);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === OPERATOR_COOKIE)?.value).toBe('');
    expect((await call('GET', '/api/operator/me', session)).statusCode).toBe(401);
  });
});

describe('changing the own password', () => {
  const NEW_PASSWORD = 'Neues!Passwort2026';

  test('wrong current password, a weak or the same new one: 400 in German, nothing changes', async () => {
    const session = await login(MODERATOR);
    const wrong = await call('POST', '/api/operator/password', session, { currentPassword: 'Falsch!Passwort1', newPassword: NEW_PASSWORD });
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      { code: 'WrongPassword', message: 'Das aktuelle Passwort stimmt nicht.', field: 'currentPassword', requestId: expect.any(String) },
    ]);
    const missing = await call('POST', '/api/operator/password', session, { newPassword: NEW_PASSWORD });
    expect(missing.json()).toMatchObject({ code: 'WrongPassword' });
    const weak = await call('POST', '/api/operator/password', session, { currentPassword: MODERATOR.password, newPassword: 'kurz' });
    expect([weak.statusCode, weak.json().code, weak.json().field]).toEqual([400, 'ValidationError', 'newPassword']);
    expect(weak.json().message).toMatch(/^Das Passwort braucht mindestens 12 Zeichen/);
    const same = await call('POST', '/api/operator/password', session, {
      currentPassword: MODERATOR.password,
      newPassword: MODERATOR.password,
    });
    expect([same.statusCode, same.json().message]).toEqual([400, 'Das neue Passwort muss sich vom aktuellen unterscheiden.']);
    const notJson = await call('POST', '/api/operator/password', session, 'text', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    expect(await auditRows('password-change')).toEqual([]);
    expect((await call('GET', '/api/operator/me', session)).statusCode).toBe(200);
  });

  test('success: 204, every other session ends, this one stays; the old password no longer works; audited without the password', async () => {
    const other = await login(MODERATOR);
    const session = await login(MODERATOR);
    const res = await call('POST', '/api/operator/password', session, { currentPassword: MODERATOR.password, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(204);
    expect((await call('GET', '/api/operator/me', session)).statusCode).toBe(200);
    expect((await call('GET', '/api/operator/me', other)).statusCode).toBe(401);
    const old = await operatorLogin(t.app, MODERATOR);
    expect(old.json().code).toBe('InvalidCredentials');
    await login({ ...MODERATOR, password: NEW_PASSWORD });
    const [row] = await auditRows('password-change');
    expect(row).toMatchObject({
      actor: MODERATOR.email,
      operatorId: await operatorId(MODERATOR.email),
      subjectType: 'operator',
      subjectId: await operatorId(MODERATOR.email),
      details: { email: MODERATOR.email, endedSessions: expect.any(Number) },
    });
    // Back to the password the other tests use.
    const back = await call('POST', '/api/operator/password', session, { currentPassword: NEW_PASSWORD, newPassword: MODERATOR.password });
    expect(back.statusCode).toBe(204);
  });
});

describe('operator management (admin)', () => {
  test('list: every operator with role and state (moderators: 403)', async () => {
    const res = await call('GET', '/api/operator/operators', await login(ADMIN));
    expect(res.statusCode).toBe(200);
    const list = res.json<OperatorListDto>();
    expect(list.items.map((o) => [o.email, o.role, o.disabledAt])).toEqual([
      [ADMIN.email, 'admin', null],
      [MODERATOR.email, 'moderator', null],
    ]);
    expect(list.items[0]).toEqual({
      id: expect.stringMatching(/^op-[0-9a-f]{16}$/),
      email: ADMIN.email,
      role: 'admin',
      disabledAt: null,
      createdAt: TODAY.toISOString(),
      lastLoginAt: TODAY.toISOString(),
    });
    expect(JSON.stringify(list)).not.toMatch(/scrypt|password/i);
  });

  test('create: checks address, role and password; a known address is 409; the new operator logs in with its role', async () => {
    const admin = await login(ADMIN);
    const create = (body: unknown) => call('POST', '/api/operator/operators', admin, body);
    const cases: Array<[unknown, string]> = [
      [{ email: 'kein-at', role: 'moderator', password: 'Gelbe!Karte2026' }, 'email'],
      [{ email: 'neu@example.org', role: 'root', password: 'Gelbe!Karte2026' }, 'role'],
      [{ email: 'neu@example.org', password: 'Gelbe!Karte2026' }, 'role'],
      [{ email: 'neu@example.org', role: 'moderator', password: 'Gelbe!K1' }, 'password'],
      [{ email: 'neu@example.org', role: 'moderator', password: 'gelbekarte2026!' }, 'password'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect([res.statusCode, res.json().code, res.json().field]).toEqual([400, 'ValidationError', field]);
    }
    const control = await create({ email: 'neu\u0000@example.org', role: 'moderator', password: 'Gelbe!Karte2026' });
    expect(control.statusCode).toBe(400);
    const taken = await create({ email: ' MODERATOR@example.org', role: 'admin', password: 'Gelbe!Karte2026' });
    expect([taken.statusCode, taken.json()]).toMatchObject([
      409,
      { code: 'OperatorExists', message: 'Für diese E-Mail-Adresse gibt es schon einen Operator.' },
    ]);

    const res = await create({ email: 'Neu@Example.org', role: 'moderator', password: 'Gelbe!Karte2026' });
    expect(res.statusCode).toBe(201);
    const created = res.json<OperatorAccountDto>();
    expect(created).toMatchObject({ email: 'neu@example.org', role: 'moderator', disabledAt: null, lastLoginAt: null });
    const session = await login({ email: 'neu@example.org', password: 'Gelbe!Karte2026' });
    expect((await call('GET', '/api/operator/me', session)).json()).toMatchObject({ role: 'moderator', mustChangePassword: true });
    const [row] = (await auditRows('operator-add')).filter((r) => r.subjectId === created.id);
    expect(row).toMatchObject({ actor: ADMIN.email, subjectType: 'operator', details: { email: 'neu@example.org', role: 'moderator' } });
    expect(JSON.stringify(row)).not.toContain('Gelbe!Karte2026');
  });

  test('a start password set by an admin must be changed first: until then only me, the own password and sign-out', async () => {
    const admin = await login(ADMIN);
    const created = (
      await call('POST', '/api/operator/operators', admin, {
        email: 'start@example.org',
        role: 'moderator',
        password: 'Start!Passwort2026',
      })
    ).json<OperatorAccountDto>();
    const session = await login({ email: 'start@example.org', password: 'Start!Passwort2026' });
    for (const route of ROUTES.filter(
      (r) => r.access !== 'public' && r.route !== '/api/operator/me' && r.route !== '/api/operator/password',
    )) {
      const res = await call(route.method, route.url, session, route.payload);
      expect([route.method, route.url, res.statusCode, res.json()]).toEqual([
        route.method,
        route.url,
        403,
        { code: 'PasswordChangeRequired', message: 'Bitte wähle zuerst ein eigenes Passwort.', requestId: expect.any(String) },
      ]);
    }
    // The routes of the other areas (their own scopes, the same access hook) are closed too.
    expect((await call('GET', '/api/operator/audit', session)).statusCode).toBe(403);
    expect((await call('GET', '/api/operator/me', session)).json()).toMatchObject({ id: created.id, mustChangePassword: true });
    const changed = await call('POST', '/api/operator/password', session, {
      currentPassword: 'Start!Passwort2026',
      newPassword: 'Eigenes!Passwort2026',
    });
    expect(changed.statusCode).toBe(204);
    expect((await call('GET', '/api/operator/me', session)).json()).toMatchObject({ mustChangePassword: false });
    expect((await call('GET', '/api/operator/participations', session)).statusCode).toBe(200);
    expect((await call('GET', '/api/operator/audit', session)).statusCode).toBe(200);
    // The command line sets a password for the person at the console: no change required.
    await addOperator({ ctx: t.ctx, input: { email: 'start@example.org', password: 'Konsole!Passwort2026' } });
    const [row] = await t.ctx.db.select().from(operators).where(eq(operators.id, created.id));
    expect(row!.passwordChangeRequired).toBe(false);
  });

  test("refused fields answer as before the schemas: the field and its own German message, in the form's order", async () => {
    const admin = await login(ADMIN);
    const patch = (body: unknown) => call('PATCH', '/api/operator/operators/op-none', admin, body);
    expect((await patch({})).json()).toEqual({
      code: 'ValidationError',
      field: 'role',
      message: 'Gib eine neue Rolle (role) oder den Status (disabled) an.',
      requestId: expect.any(String),
    });
    expect((await patch({ role: 'chef' })).json()).toMatchObject({ field: 'role', message: 'Die Rolle ist moderator oder admin.' });
    expect((await patch({ disabled: true, reason: 'ab' })).json()).toMatchObject({
      field: 'reason',
      message: 'Gib einen Grund an (3 bis 500 Zeichen).',
    });
    const create = await call('POST', '/api/operator/operators', admin, { role: 'root' });
    expect(create.json()).toMatchObject({ code: 'ValidationError', field: 'email', message: 'Gib eine gültige E-Mail-Adresse an.' });
    // A malformed sign-in is a wrong one: 401, nothing told about the input.
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/operator/login',
      headers: { cookie: xsrfCookie, 'x-xsrf-token': XSRF },
      payload: { email: 42, password: ['x'] },
    });
    expect([malformed.statusCode, malformed.json().code]).toEqual([401, 'InvalidCredentials']);
  });

  test('parallel creates of one address: one 201, the others 409', async () => {
    const admin = await login(ADMIN);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', '/api/operator/operators', admin, { email: 'parallel@example.org', role: 'moderator', password: 'Gelbe!Karte2026' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.ctx.db.select().from(operators).where(eq(operators.email, 'parallel@example.org'))).toHaveLength(1);
  });

  test('change: needs a reason and something to change; unknown ids are 404; role and disabled state are audited with before and after', async () => {
    const admin = await login(ADMIN);
    const id = await operatorId('neu@example.org');
    const patch = (body: unknown, target = id) => call('PATCH', `/api/operator/operators/${target}`, admin, body);
    expect((await patch({ role: 'admin' })).json()).toMatchObject({ code: 'ValidationError', field: 'reason' });
    expect((await patch({ reason: 'Nichts zu tun' })).json()).toMatchObject({ code: 'ValidationError', field: 'role' });
    expect((await patch({ role: 'chef', reason: 'Beförderung' })).json()).toMatchObject({ code: 'ValidationError', field: 'role' });
    expect((await patch({ disabled: 'ja', reason: 'Urlaub' })).json()).toMatchObject({ code: 'ValidationError', field: 'disabled' });
    expect((await patch({ role: 'admin', reason: 'Beförderung' }, 'op-unknown')).json()).toMatchObject({
      code: 'NotFound',
      message: 'Diesen Operator gibt es nicht.',
    });

    const promoted = await patch({ role: 'admin', reason: 'Übernimmt die Ergebnisse' });
    expect([promoted.statusCode, promoted.json().role]).toEqual([200, 'admin']);
    const [roleRow] = await auditRows('operator-role');
    expect(roleRow).toMatchObject({
      actor: ADMIN.email,
      subjectType: 'operator',
      subjectId: id,
      reason: 'Übernimmt die Ergebnisse',
      details: { email: 'neu@example.org', before: { role: 'moderator' }, after: { role: 'admin' } },
    });
    // The same again changes nothing and writes nothing.
    expect((await patch({ role: 'admin', reason: 'Nochmal' })).statusCode).toBe(200);
    expect(await auditRows('operator-role')).toHaveLength(1);
    const demoted = await patch({ role: 'moderator', reason: 'Saison vorbei' });
    expect(demoted.json().role).toBe('moderator');
  });

  test('disable: its sessions end at once, it cannot log in (the same answer as a wrong password); enable lets it in again', async () => {
    const admin = await login(ADMIN);
    const victim = { email: 'neu@example.org', password: 'Gelbe!Karte2026' };
    const id = await operatorId(victim.email);
    // Its second session (the first is the create test's).
    const session = await login(victim);
    const res = await call('PATCH', `/api/operator/operators/${id}`, admin, { disabled: true, reason: 'Verdacht auf fremden Zugriff' });
    expect(res.statusCode).toBe(200);
    expect(res.json<OperatorAccountDto>().disabledAt).toBe(TODAY.toISOString());
    expect((await call('GET', '/api/operator/me', session)).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, id))).toEqual([]);

    const disabledLogin = await operatorLogin(t.app, victim);
    const wrongLogin = await operatorLogin(t.app, { ...victim, password: 'Falsch!Passwort1' });
    // The same answer (each with its own request id).
    expect([disabledLogin.statusCode, disabledLogin.json()]).toEqual([
      wrongLogin.statusCode,
      { ...wrongLogin.json(), requestId: disabledLogin.json().requestId },
    ]);
    expect(disabledLogin.json()).toEqual({
      code: 'InvalidCredentials',
      message: 'E-Mail-Adresse oder Passwort falsch.',
      requestId: expect.any(String),
    });
    expect(disabledLogin.cookies).toEqual([]);
    expect((await auditRows('operator-disable'))[0]).toMatchObject({
      subjectId: id,
      reason: 'Verdacht auf fremden Zugriff',
      details: { email: victim.email, before: { disabledAt: null }, after: { disabledAt: TODAY.toISOString() }, endedSessions: 2 },
    });

    expect(
      (await call('PATCH', `/api/operator/operators/${id}`, admin, { disabled: false, reason: 'Geklärt' })).json().disabledAt,
    ).toBeNull();
    await login(victim);
    expect(await auditRows('operator-enable')).toHaveLength(1);
  });

  test('an admin cannot disable themself; the last active admin can be neither demoted nor disabled', async () => {
    const admin = await login(ADMIN);
    const adminId = await operatorId(ADMIN.email);
    const self = await call('PATCH', `/api/operator/operators/${adminId}`, admin, { disabled: true, reason: 'Ich gehe' });
    expect([self.statusCode, self.json()]).toEqual([
      409,
      { code: 'SelfDisable', message: 'Du kannst dich nicht selbst deaktivieren.', requestId: expect.any(String) },
    ]);
    const demote = await call('PATCH', `/api/operator/operators/${adminId}`, admin, { role: 'moderator', reason: 'Ich gehe' });
    expect([demote.statusCode, demote.json()]).toEqual([
      409,
      { code: 'LastAdmin', message: 'Es muss mindestens ein aktiver Admin bleiben.', requestId: expect.any(String) },
    ]);
    // The command line neither.
    await expect(
      updateOperator({ ctx: t.ctx, input: { id: adminId, body: { disabled: true }, actor: cliActor(), reasonRequired: false } }),
    ).rejects.toMatchObject({
      code: 'LastAdmin',
    });
    await expect(addOperator({ ctx: t.ctx, input: { ...ADMIN, role: 'moderator' } })).rejects.toMatchObject({ code: 'LastAdmin' });
    // A disabled admin does not count: with a second admin disabled, the first is still the last.
    const second = await addOperator({ ctx: t.ctx, input: { email: 'zweiter@example.org', password: 'Zweiter!Admin2026', role: 'admin' } });
    await updateOperator({ ctx: t.ctx, input: { id: second.id, body: { disabled: true }, actor: cliActor(), reasonRequired: false } });
    expect((await call('PATCH', `/api/operator/operators/${adminId}`, admin, { role: 'moderator', reason: 'Ich gehe' })).json().code).toBe(
      'LastAdmin',
    );
    // Enabled again, it is: now the first may step down, and the second may not.
    await updateOperator({ ctx: t.ctx, input: { id: second.id, body: { disabled: false }, actor: cliActor(), reasonRequired: false } });
    expect((await call('PATCH', `/api/operator/operators/${adminId}`, admin, { role: 'moderator', reason: 'Ich gehe' })).json().role).toBe(
      'moderator',
    );
    // The demoted admin's session is a moderator's from the next request on.
    expect((await call('GET', '/api/operator/operators', admin)).statusCode).toBe(403);
    const secondSession = await login({ email: 'zweiter@example.org', password: 'Zweiter!Admin2026' });
    expect(
      (await call('PATCH', `/api/operator/operators/${second.id}`, secondSession, { role: 'moderator', reason: 'Test' })).json().code,
    ).toBe('LastAdmin');
    expect(
      (await call('PATCH', `/api/operator/operators/${adminId}`, secondSession, { role: 'admin', reason: 'Zurück' })).json().role,
    ).toBe('admin');
  });

  test('two admins demoting or disabling each other at once: one wins, an active admin stays (every round)', async () => {
    const first = { email: 'admin@example.org', password: ADMIN.password };
    const second = { email: 'zweiter@example.org', password: 'Zweiter!Admin2026' };
    const firstId = await operatorId(first.email);
    const secondId = await operatorId(second.email);
    for (let round = 0; round < 8; round++) {
      // Exactly these two are active admins.
      await updateOperator({
        ctx: t.ctx,
        input: { id: firstId, body: { role: 'admin', disabled: false }, actor: cliActor(), reasonRequired: false },
      });
      await updateOperator({
        ctx: t.ctx,
        input: { id: secondId, body: { role: 'admin', disabled: false }, actor: cliActor(), reasonRequired: false },
      });
      const [a, b] = await Promise.all([login(first), login(second)]);
      const body = round % 2 ? { disabled: true, reason: 'Machtkampf' } : { role: 'moderator', reason: 'Machtkampf' };
      const answers = await Promise.all([
        call('PATCH', `/api/operator/operators/${secondId}`, a, body),
        call('PATCH', `/api/operator/operators/${firstId}`, b, body),
      ]);
      const codes = answers.map((r) => r.statusCode).sort();
      // One goes through; the other is refused: 409 LastAdmin, or 401/403 when the winner took its rights first.
      expect([round, codes[0]]).toEqual([round, 200]);
      expect([round, [401, 403, 409].includes(codes[1]!)]).toEqual([round, true]);
      const active = (await t.ctx.db.select().from(operators)).filter((o) => o.role === 'admin' && o.disabledAt === null);
      expect([round, active.length]).toEqual([round, 1]);
    }
    await updateOperator({
      ctx: t.ctx,
      input: { id: firstId, body: { role: 'admin', disabled: false }, actor: cliActor(), reasonRequired: false },
    });
  });

  test('the services check the role too: a moderator actor cannot manage operators', async () => {
    const moderator = { operatorId: await operatorId(MODERATOR.email), name: MODERATOR.email, role: 'moderator' as const };
    await expect(
      updateOperator({
        ctx: t.ctx,
        input: { id: moderator.operatorId, body: { role: 'admin', reason: 'Selbst befördert' }, actor: moderator },
      }),
    ).rejects.toMatchObject({ code: 'Forbidden' });
    await expect(
      addOperator({ ctx: t.ctx, input: { email: 'x@example.org', password: 'Gelbe!Karte2026', actor: moderator } }),
    ).rejects.toMatchObject({ code: 'Forbidden' });
  });
});

describe('operator-add on the command line', () => {
  test('new: moderator by default or the given role; known: a new password (sessions end) and, with a role, that role; all audited', async () => {
    const created = await addOperator({ ctx: t.ctx, input: { email: 'cli@example.org', password: 'Kommando!Zeile2026' } });
    expect(created).toMatchObject({ email: 'cli@example.org', role: 'moderator', created: true });
    const session = await login({ email: 'cli@example.org', password: 'Kommando!Zeile2026' });
    const again = await addOperator({ ctx: t.ctx, input: { email: 'cli@example.org', password: 'Kommando!Zeile2027', role: 'admin' } });
    expect(again).toMatchObject({ role: 'admin', created: false });
    expect((await call('GET', '/api/operator/me', session)).statusCode).toBe(401);
    const rows = (await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.subjectId, created.id)).orderBy(moderationLog.id)).map(
      (r) => [r.action, r.actor],
    );
    expect(rows).toEqual([
      ['operator-add', expect.stringMatching(/^cli:/)],
      ['password-reset', expect.stringMatching(/^cli:/)],
      ['operator-role', expect.stringMatching(/^cli:/)],
    ]);
  });

  test('no password ever reaches the audit log or the operators list', async () => {
    const all = JSON.stringify(await t.ctx.db.select().from(moderationLog));
    for (const password of [
      ADMIN.password,
      MODERATOR.password,
      'Neues!Passwort2026',
      'Gelbe!Karte2026',
      'Zweiter!Admin2026',
      'Kommando!Zeile2026',
      'Kommando!Zeile2027',
    ]) {
      expect(all).not.toContain(password);
    }
    expect(all).not.toMatch(/scrypt\$/);
  });
});
