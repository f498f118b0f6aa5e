import path from 'node:path';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { resultPaths } from '@erd/shared-contracts/wire';
import { OPERATOR_COOKIE } from '../modules/operators/access.js';
import { CACHE_HTML, CACHE_IMMUTABLE } from '../modules/web/cache.js';
import { createTestApp, writeFiles, type TestApp } from '../test-support/app.js';
import { createMember, memberHeaders, type Member } from '../test-support/members.js';
import { MAY_VOTE_DATES, seedChallenge, seedClubs, seedParticipation, seedVotes, seedYear } from '../test-support/seed.js';
import { operatorSession } from '../test-support/operators.js';
import { sharedCacheMayStore, XSRF_COOKIE, XSRF_TOKEN_PATH } from './security.js';

/**
 * An answer that sets a cookie is never kept by a shared cache (issue 22, point 10): every GET
 * route the app adds (found as it adds them), and the pages, build files, result files and
 * `/config.json`, called as a stranger, a club member and an operator without any cookie (so that
 * whatever sets cookies does): no answer carries both Set-Cookie and a Cache-Control that lets a
 * shared cache keep it, none fails (test-support/app.ts turns an answer the safety net had to make
 * private into a 500), and the public answers stay publicly cacheable, cookie-free.
 */

let t: TestApp;
let member: Member;
let session: string;
const gets: string[] = [];
const OPERATOR = { email: 'walk@example.org', password: 'Abpfiff!Tabelle2026' };

function collect(route: RouteOptions): void {
  if ([route.method].flat().includes('GET')) gets.push(route.url);
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T10:00:00Z'), env: { RATE_LIMIT_SCALE: '100' }, onRoute: collect });
  writeFiles(path.join(t.webRoot, 'host/dist'), {
    'index.html': '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>',
    'backoffice.html': '<!doctype html><html><body><div id="root"></div><script src="/backoffice.js"></script></body></html>',
    'main.js': 'console.log("main")',
    '123.0a1b2c3d.js': 'chunk()',
  });
  writeFiles(path.join(t.webRoot, 'mf-challenges/dist'), { 'remoteEntry.js': 'var mf_challenges;', '456.abcdef12.js': 'chunk()' });
  const db = t.ctx.db;
  await seedYear(db, 'year-2026');
  await seedClubs(db, 2);
  await seedChallenge(db, { id: 'slogan', yearId: 'year-2026', position: 0, dates: MAY_VOTE_DATES });
  await seedParticipation(db, { id: 's1', challengeId: 'slogan', clubId: 'club-1000-m', slogan: 'Auf geht’s!' });
  await seedVotes(db, 's1', 'slogan', 3);
  member = await createMember(t, 'club-1000-w');
  session = await operatorSession(t, { role: 'admin', ...OPERATOR });
  const published = await t.app.inject({
    method: 'POST',
    url: resultPaths.publish('slogan'),
    headers: memberHeaders(null, { cookie: `${OPERATOR_COOKIE}=${session}` }),
    payload: { expectedVersion: 0 },
  });
  expect(published.statusCode).toBe(200);
});
afterAll(() => t.close());

/** The public answers a shared cache is meant to keep, with the Cache-Control they must keep. */
const PUBLIC: Array<[string, string | RegExp]> = [
  ['/', CACHE_HTML],
  ['/challenge', CACHE_HTML],
  ['/imprint', CACHE_HTML],
  ['/club/club-1000-m', CACHE_HTML],
  ['/gibt/es/nicht', CACHE_HTML],
  ['/backoffice', CACHE_HTML],
  ['/backoffice/anmeldung', CACHE_HTML],
  ['/123.0a1b2c3d.js', CACHE_IMMUTABLE],
  ['/main.js', 'no-cache'],
  ['/remotes/mf_challenges/456.abcdef12.js', CACHE_IMMUTABLE],
  ['/config.json', 'no-cache'],
  ['/results/challenge-slogan.json', /^public, /],
  ['/results/overall-year-2026.json', /^public, /],
];

/** A concrete address for a route pattern: the space's id, the seeded challenge, else a value no row has. */
const concrete = (url: string) =>
  url
    .replace(':spaceId', t.config.spaceId)
    .replace(/:(challengeId|id)\b/g, 'slogan')
    .replace(/:[A-Za-z]+/g, 'gibt-es-nicht-1');

const callers = (): Array<[string, Record<string, string>]> => [
  ['stranger', {}],
  ['member', { authorization: `Bearer ${member.accessToken}` }],
  ['operator', { cookie: `${OPERATOR_COOKIE}=${session}` }],
];

/** What is wrong with an answer: a cookie a shared cache may keep, or a failure. */
function faultOf(res: LightMyRequestResponse): string | null {
  const cookie = res.headers['set-cookie'];
  const cacheControl = String(res.headers['cache-control'] ?? '');
  if (cookie !== undefined && sharedCacheMayStore(cacheControl)) return `Set-Cookie with Cache-Control "${cacheControl}"`;
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  return null;
}

test('no answer of any GET route sets a cookie a shared cache may keep', async () => {
  const walked = new Set<string>();
  const urls = [...gets.filter((url) => !url.includes('*')).map(concrete), ...PUBLIC.map(([url]) => url)];
  expect(urls.length).toBeGreaterThan(50);
  const faults: string[] = [];
  let cookies = 0;
  for (const url of urls) {
    if (walked.has(url)) continue;
    walked.add(url);
    for (const [who, headers] of callers()) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      const fault = faultOf(res);
      if (fault) faults.push(`${who} GET ${url}: ${fault}`);
      if (res.headers['set-cookie'] !== undefined) cookies += 1;
    }
  }
  expect(faults).toEqual([]);
  // The walk met answers that set cookies (the anti-forgery token, the voter cookie): it can fail.
  expect(cookies).toBeGreaterThanOrEqual(6);
});

test('the pages, build files, result files and /config.json stay publicly cacheable and set no cookie', async () => {
  for (const [url, cacheControl] of PUBLIC) {
    for (const [who, headers] of callers()) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect([who, url, res.statusCode < 500, res.headers['set-cookie']]).toEqual([who, url, true, undefined]);
      expect([who, url, res.headers['cache-control']]).toEqual([
        who,
        url,
        typeof cacheControl === 'string' ? cacheControl : expect.stringMatching(cacheControl),
      ]);
    }
  }
});

test('the anti-forgery cookie comes from its own private answer', async () => {
  const res = await t.app.inject({ method: 'GET', url: XSRF_TOKEN_PATH });
  expect([res.statusCode, res.headers['cache-control']]).toEqual([204, 'private, no-store']);
  expect(res.cookies.find((c) => c.name === XSRF_COOKIE)?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);
});
