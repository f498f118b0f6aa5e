import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { WERBERAT_CHECK_KEYS, type WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import type { AltchaChallengeDto, ParticipationDto, SpaceDataDto } from '@erd/shared-contracts/wire';
import { openDatabase } from '../../db/client.js';
import { participations, years } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { solveProof } from '../../test-support/altcha.js';
import { memberHeaders } from '../../test-support/members.js';
import type { TestDatabase } from '../../test-support/db.js';
import { JUNE_VOTE_DATES, seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { announce, topics } from '../cache/changes.js';
import { decideParticipations } from '../moderation/decisions.js';
import { publishParticipation } from '../moderation/service.js';
import { cacheHeaders } from '../cache/http.js';
import { SEARCH_CACHE, SPACE_DATA_CACHE } from './routes.js';

/**
 * The public answers from memory (modules/cache) on PGlite and PostgreSQL: validators and cache
 * headers; never older than the last change of this instance (a vote's count shows in the browse
 * list as soon as the vote is answered; an entry published or withdrawn, a content edit, too); on a
 * second instance of the same database once the change's notification arrived — and served from
 * memory, not from the database, until then.
 */

const TODAY = new Date('2026-06-15T10:00:00Z');
const base = '/content/public/spaces/erd';
const list = `${base}/objects/search?include=1&fields.challenge.id=c-vote&from=0&size=10&sort=-fields.votes`;
const actor = { operatorId: null, name: 'cli:test' };

let t: TestApp;
let second: TestApp;
let secondDatabase: TestDatabase | null = null;

beforeAll(async () => {
  const env = { RATE_LIMIT_SCALE: '100', VOTE_PROOF_COST: '1' };
  t = await createTestApp({ now: TODAY, env });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 6);
  await seedChallenge(db, { id: 'c-vote', type: 'bfv-erd-text-vote', dates: JUNE_VOTE_DATES });
  await seedParticipation(db, { id: 'e-1', challengeId: 'c-vote', clubId: 'club-1000-m', votes: 3 });
  await seedParticipation(db, { id: 'e-2', challengeId: 'c-vote', clubId: 'club-1001-m', votes: 1 });
  await seedParticipation(db, { id: 'e-pending', challengeId: 'c-vote', clubId: 'club-1002-m', state: 'pending' });
  // A second instance on the same database: on PostgreSQL with connections (and a listener) of its own.
  if (t.database.url) {
    const opened = await openDatabase({ databaseUrl: t.database.url });
    secondDatabase = { ...opened, url: t.database.url, destroy: () => opened.close() };
  }
  second = await createTestApp({ now: TODAY, env, database: secondDatabase ?? t.database });
});
afterAll(async () => {
  await second.close();
  await secondDatabase?.destroy();
  await t.close();
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) => app.app.inject({ url, headers });
const entries = async (app: TestApp) => {
  const res = await get(app, list);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: ParticipationDto[]; total: number }>();
};
const countsOf = async (app: TestApp) => (await entries(app)).items.map((p) => [p._id, p.fields.votes]);

async function vote(app: TestApp, participationId: string) {
  const challenge = await app.app.inject({ url: '/api/votes/challenge', remoteAddress: '10.1.2.3' });
  expect(challenge.statusCode).toBe(200);
  const altcha = await solveProof(challenge.json<AltchaChallengeDto>());
  const cookie = challenge.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/votes',
    remoteAddress: '10.1.2.3',
    headers: memberHeaders(null, { cookie, 'user-agent': 'Mozilla/5.0 Firefox/128.0' }),
    payload: { challengeId: 'c-vote', participationId, altcha },
  });
  expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
  return res.json<{ votes: number }>().votes;
}

/** Waits until `check` holds (the notification reached the other instance); fails after 5 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > 5000) throw new Error('not within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('space data: compressed once, ETag and 304, cache headers a CDN can honour; a content edit shows at once', async () => {
  const first = await get(t, `${base}/spacedata?include=4`, { 'accept-encoding': 'gzip, deflate, br' });
  expect(first.statusCode).toBe(200);
  expect(first.headers).toMatchObject({
    'content-encoding': 'br',
    vary: 'Accept-Encoding',
    ...cacheHeaders(SPACE_DATA_CACHE),
    'access-control-allow-origin': '*',
  });
  // Browsers get no stale-* directive (they honour it and would show old data); CDNs do.
  expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  expect(first.headers['cdn-cache-control']).toBe('public, max-age=30, stale-while-revalidate=30, stale-if-error=86400');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect((await get(t, `${base}/spacedata?include=4`, { 'if-none-match': etag })).statusCode).toBe(304);
  const gz = await get(t, `${base}/spacedata?include=4`, { 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect((JSON.parse(gunzipSync(gz.rawPayload).toString()) as SpaceDataDto).spaceId).toBe('erd');
  expect(brotliDecompressSync(first.rawPayload).equals(gunzipSync(gz.rawPayload))).toBe(true);

  // Written behind the cache's back (no announcement): the copy in memory is served.
  await t.ctx.db.update(years).set({ bannerText1: 'Heimlich' });
  expect((await get(t, `${base}/spacedata?include=4`)).headers.etag).toBe(etag);

  // An edit that announces it (as the back office's do): the very next answer has it, the old tag no longer matches.
  await t.ctx.db.update(years).set({ bannerText1: 'Anpfiff um 18 Uhr' });
  await announce(t.ctx, [topics.content]);
  const edited = await get(t, `${base}/spacedata?include=4`, { 'if-none-match': etag });
  expect(edited.statusCode).toBe(200);
  expect(edited.json<SpaceDataDto>().site.fields.bannerText1).toBe('Anpfiff um 18 Uhr');
  expect(edited.headers.etag).not.toBe(etag);
});

test('browse list: a vote shows in the count as soon as it is answered; the old ETag no longer matches', async () => {
  const before = await get(t, list, { 'accept-encoding': 'gzip' });
  expect(before.headers).toMatchObject({ 'content-encoding': 'gzip', ...cacheHeaders(SEARCH_CACHE), vary: 'Accept-Encoding' });
  expect((await get(t, list, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(304);
  const counts = await countsOf(t);
  expect(counts).toEqual([
    ['e-1', 3],
    ['e-2', 1],
  ]);
  expect(await vote(t, 'e-2')).toBe(2);
  expect(await countsOf(t)).toEqual([
    ['e-1', 3],
    ['e-2', 2],
  ]);
  expect((await get(t, list, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(200);
  // Many votes one after the other: each answered count is the one listed right after.
  for (let i = 0; i < 3; i++) {
    const n = await vote(t, 'e-2');
    expect((await countsOf(t)).find(([id]) => id === 'e-2')).toEqual(['e-2', n]);
  }
});

test('browse list: publishing and withdrawing an entry show at once', async () => {
  expect((await entries(t)).items.map((p) => p._id)).not.toContain('e-pending');
  await publishParticipation({ ctx: t.ctx, input: { id: 'e-pending', actor } });
  expect((await entries(t)).items.map((p) => p._id)).toContain('e-pending');
  await decideParticipations({
    ctx: t.ctx,
    input: {
      body: {
        decision: 'withdraw',
        ids: ['e-pending'],
        reason: 'Werbung',
        checklist: Object.fromEntries(WERBERAT_CHECK_KEYS.map((key) => [key, key !== WERBERAT_CHECK_KEYS[0]])) as WerberatChecklistDto,
      },
      actor,
    },
  });
  const after = await entries(t);
  expect(after.items.map((p) => p._id)).not.toContain('e-pending');
  expect(after.total).toBe(2);
});

test('two instances on one database: the other one serves its copy until the notification, then the new count', async () => {
  const secondBefore = await countsOf(second);
  const e2 = secondBefore.find(([id]) => id === 'e-2')![1] as number;
  // A change nobody announces: the second instance keeps serving its copy from memory.
  await t.ctx.db.update(participations).set({ slogan: 'Leise geändert' }).where(eq(participations.id, 'e-1'));
  expect((await entries(second)).items.find((p) => p._id === 'e-1')!.fields.slogan).toBe('Spruch e-1');

  // A vote on the first instance: there at once, on the second once the notification arrived.
  expect(await vote(t, 'e-2')).toBe(e2 + 1);
  expect((await countsOf(t)).find(([id]) => id === 'e-2')).toEqual(['e-2', e2 + 1]);
  await eventually(async () => (await countsOf(second)).find(([id]) => id === 'e-2')![1] === e2 + 1);
  expect((await entries(second)).items.find((p) => p._id === 'e-1')!.fields.slogan).toBe('Leise geändert');

  // And the other way round: a vote on the second instance reaches the first.
  expect(await vote(second, 'e-1')).toBe(4);
  expect((await countsOf(second)).find(([id]) => id === 'e-1')).toEqual(['e-1', 4]);
  await eventually(async () => (await countsOf(t)).find(([id]) => id === 'e-1')![1] === 4);
});
