import type { RouteOptions } from 'fastify';
import { moderationLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import { seedClubs, seedYear } from '../../test-support/seed.js';
import { ADMIN, MODERATOR, operatorHeaders, signInOperator } from '../../test-support/operators.js';
import { addOperator } from './service.js';

/**
 * Every route under /api/operator of the whole app (all back-office scopes: moderation, votes,
 * challenges, results, clubs, accounts, newsletter, content, overview, audit, operators), found as
 * the app adds them rather than listed by hand: each declares its access, refuses anonymous callers,
 * forged sessions and club tokens (401), refuses moderators where it is an admin's (403), and lets
 * the roles it names through. A route added later is checked without touching this test.
 */

interface Found {
  method: string;
  url: string;
  access: unknown;
}

let t: TestApp;
let member: Member;
const found: Found[] = [];

function collect(route: RouteOptions): void {
  if (!route.url.startsWith('/api/operator')) return;
  for (const method of [route.method].flat()) {
    if (method === 'HEAD') continue;
    found.push({ method, url: route.url, access: (route.config as { operatorAccess?: unknown } | undefined)?.operatorAccess });
  }
}

/** A concrete address for a route pattern: every `:param` becomes a value no row has. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'gibt-es-nicht-1');

const call = (route: Found, headers: Record<string, string>) =>
  t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

const withSession = (session: string | null) => operatorHeaders(session, 'POST');

const guarded = () => found.filter((r) => r.access !== 'public');

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T10:00:00Z'), env: { RATE_LIMIT_SCALE: '100' }, onRoute: collect });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 2);
  await addOperator({ ctx: t.ctx, input: { ...ADMIN, role: 'admin' } });
  await addOperator({ ctx: t.ctx, input: MODERATOR });
  member = await createMember(t, 'club-1000-m');
});
afterAll(() => t.close());

test('the app has operator routes of every back-office area, each declaring who may call it', () => {
  const prefixes = [
    '/api/operator/participations',
    '/api/operator/moderation/',
    '/api/operator/votes',
    '/api/operator/vote-review/',
    '/api/operator/challenges',
    '/api/operator/media',
    '/api/operator/results/',
    '/api/operator/clubs',
    '/api/operator/accounts',
    '/api/operator/newsletter/',
    '/api/operator/content',
    '/api/operator/overview',
    '/api/operator/audit',
    '/api/operator/operators',
    '/api/operator/password',
    '/api/operator/seasons',
    '/api/operator/season-challenges/',
  ];
  for (const prefix of prefixes) expect([prefix, found.some((r) => r.url.startsWith(prefix))]).toEqual([prefix, true]);
  expect(found.filter((r) => !['public', 'operator', 'admin'].includes(r.access as string))).toEqual([]);
  // Ending a season preview only clears this browser's own cookie: it works after the session has ended (issue 26).
  expect(
    found
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort(),
  ).toEqual(['DELETE /api/operator/seasons/preview', 'POST /api/operator/login', 'POST /api/operator/logout']);
  expect(guarded().length).toBeGreaterThan(40);
});

test('anonymous, a forged session and a club’s access token: 401 on every guarded route', async () => {
  for (const route of guarded()) {
    for (const session of [null, 'x'.repeat(43)]) {
      const res = await call(route, withSession(session));
      expect([route.method, route.url, res.statusCode, res.json().code]).toEqual([route.method, route.url, 401, 'Unauthorized']);
    }
    const club = await call(route, memberHeaders(member));
    expect([route.method, route.url, club.statusCode]).toEqual([route.method, route.url, 401]);
  }
});

test('a moderator: 403 on every admin route, through on the others; an admin: through everywhere', async () => {
  const before = (await t.ctx.db.select().from(moderationLog)).length;
  const moderator = await signInOperator(t.app, MODERATOR);
  for (const route of guarded()) {
    const res = await call(route, withSession(moderator));
    if (route.access === 'admin') {
      expect([route.method, route.url, res.statusCode, res.json()]).toEqual([
        route.method,
        route.url,
        403,
        { code: 'Forbidden', message: 'Dafür fehlt dir die Berechtigung.', requestId: expect.any(String) },
      ]);
    } else {
      expect([route.method, route.url, [401, 403].includes(res.statusCode)]).toEqual([route.method, route.url, false]);
    }
  }
  // Nothing a moderator was refused wrote anything (their empty bodies change nothing either).
  expect((await t.ctx.db.select().from(moderationLog)).length).toBe(before);

  const admin = await signInOperator(t.app, ADMIN);
  for (const route of guarded().filter((r) => r.url !== '/api/operator/password')) {
    const res = await call(route, withSession(admin));
    expect([route.method, route.url, [401, 403].includes(res.statusCode)]).toEqual([route.method, route.url, false]);
  }
});
