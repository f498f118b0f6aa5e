import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { SpaceDataDto, YearDto } from '@erd/shared-contracts/wire';
import { challenges, moderationLog, years } from '../../db/schema/index.js';
import { createTestApp, writeFiles, type TestApp } from '../../test-support/app.js';
import { XSRF } from '../../test-support/members.js';
import {
  seedChallenge,
  seedChallenges,
  seedClubs,
  seedEstimateEntry,
  seedOtherYear,
  seedParticipation,
  seedYear,
  voteDates,
  yearTeasers,
} from '../../test-support/seed.js';
import { operatorCall, type OperatorCredentials, signInOperator } from '../../test-support/operators.js';
import { announce, topics } from '../cache/changes.js';
import { addOperator } from '../operators/service.js';
import { PREVIEW_COOKIE, previewToken, readPreviewToken } from '../season-preview/token.js';

/**
 * Issue 26 in the public space data (PGlite and PostgreSQL): withdrawn challenges are left out and
 * the public '#n' counts only those left; the banner strips are the season's; `nextSeason` names the
 * next scheduled season (and follows a draft season's edits); an operator's preview cookie shows a
 * draft season to that browser alone (`preview: true`, private, no-store), while without a valid one
 * (absent, expired, forged) the current season is served from the cache as before.
 */

const NOW = new Date('2026-06-15T10:00:00Z');
const SPACE = '/content/public/spaces/erd/spacedata?include=4';
const PREVIEW = '/api/operator/seasons/preview';
const ADMIN = { email: 'chefin@punktejagd.example', password: 'Vorstand!Sitzung2026' };
const MODERATOR = { email: 'moderator@punktejagd.example', password: 'Schiri!Pfeife2026' };
const xsrfCookie = `XSRF-TOKEN=${XSRF}`;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const db = t.ctx.db;
  await seedClubs(db, 2);
  // Three years: 2025 (ended, with an entry), 2026 (current), 2027 and 2028 (drafts).
  await seedYear(db, 'year-2025');
  await seedChallenge(db, {
    id: 'old-1',
    yearId: 'year-2025',
    dates: voteDates(['2025-03-01', '2025-03-15'], ['2025-03-16', '2025-03-31']),
  });
  await seedParticipation(db, { id: 'old-entry', challengeId: 'old-1', clubId: 'club-1000-m' });
  await seedYear(db, 'year-2026');
  for (const [i, id] of ['c-a', 'c-b', 'c-c'].entries())
    await seedChallenge(db, { id, yearId: 'year-2026', position: i + 1, type: 'bfv-erd-estimate' });
  await seedEstimateEntry(db, { id: 'entry-b', challengeId: 'c-b', clubId: 'club-1000-m', estimate: 5 });
  await db.update(years).set({ bannerText1: 'Saison 2026 läuft', bannerText2: null }).where(eq(years.id, 'year-2026'));
  await seedOtherYear(db, 'year-2028', { teasers: yearTeasers('N') });
  await seedChallenge(db, {
    id: 'far-1',
    yearId: 'year-2028',
    position: 1,
    type: 'bfv-erd-goals',
    dates: { startDate: '2028-04-01', endDate: '2028-04-30' },
  });
  await seedOtherYear(db, 'year-2027', { teasers: yearTeasers('Neu'), bannerText1: 'Bald geht es los' });
  await seedChallenges(db, [
    { id: 'next-1', yearId: 'year-2027', position: 1, type: 'bfv-erd-goals', dates: { startDate: '2027-03-05', endDate: '2027-03-31' } },
    { id: 'next-0', yearId: 'year-2027', position: 2, type: 'bfv-erd-estimate', dates: { startDate: '2027-03-01', endDate: '2027-03-10' } },
  ]);
  // The site's own banner columns are no longer read.
  await db.execute(sql`update site set banner_text1 = 'Alt', banner_text2 = 'Alt 2'`);
  await addOperator({ ctx: t.ctx, input: { ...ADMIN, role: 'admin' } });
  await addOperator({ ctx: t.ctx, input: MODERATOR });
  writeFiles(path.join(t.webRoot, 'host/dist'), {
    'index.html': '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  });
});

afterAll(async () => {
  await t.close();
});

const login = (who: OperatorCredentials) => signInOperator(t.app, who);
const spaceData = (cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url: SPACE, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
const idsOf = (data: SpaceDataDto) => data.year.fields.challenges.map((c) => c.sys.id);

async function withdraw(id: string, at: Date | null) {
  await t.ctx.db
    .update(challenges)
    .set({ withdrawnAt: at, withdrawnReason: at ? 'Sponsor abgesprungen' : null })
    .where(eq(challenges.id, id));
  await announce(t.ctx, [topics.content]);
}

test('a withdrawn challenge is not in the public season; the numbering counts only those left', async () => {
  expect(idsOf((await spaceData()).json<SpaceDataDto>())).toEqual(['c-a', 'c-b', 'c-c']);
  await withdraw('c-b', NOW);
  const data = (await spaceData()).json<SpaceDataDto>();
  // '#n' is the index in this list plus 1 (contracts `challengeNumber`): c-c is #2 now.
  expect(idsOf(data)).toEqual(['c-a', 'c-c']);
  const year = await t.app.inject({ url: '/content/public/spaces/erd/objects/year-2026' });
  expect(year.json<YearDto>().fields.challenges.map((c) => c.sys.id)).toEqual(['c-a', 'c-c']);
  // Its entry stays in the records.
  const [row] = await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'c-b'));
  expect(row!.withdrawnReason).toBe('Sponsor abgesprungen');
  await withdraw('c-b', null);
  expect(idsOf((await spaceData()).json<SpaceDataDto>())).toEqual(['c-a', 'c-b', 'c-c']);
});

test('the banner strips are the shown season’s, not the site’s', async () => {
  const data = (await spaceData()).json<SpaceDataDto>();
  expect(data.site.fields.bannerText1).toBe('Saison 2026 läuft');
  expect('bannerText2' in data.site.fields).toBe(false);
});

test('nextSeason: the earliest later season without entries or results; a draft season’s edit shows at once', async () => {
  const first = await spaceData();
  // 2027's first day is its earliest challenge's (position does not matter); 2025 has an entry and lies in the past.
  expect(first.json<SpaceDataDto>().nextSeason).toEqual({ year: 2027, startDate: '2027-03-01' });
  expect('preview' in first.json<SpaceDataDto>()).toBe(false);
  const etag = first.headers.etag as string;
  // A draft season's edit (as the back office announces it): the cached answer follows.
  await t.ctx.db.update(challenges).set({ withdrawnAt: NOW, withdrawnReason: 'Verschoben' }).where(eq(challenges.id, 'next-0'));
  await announce(t.ctx, [topics.content]);
  const edited = await spaceData(undefined, { 'if-none-match': etag });
  expect(edited.statusCode).toBe(200);
  expect(edited.json<SpaceDataDto>().nextSeason).toEqual({ year: 2027, startDate: '2027-03-05' });
  await t.ctx.db.update(challenges).set({ withdrawnAt: null, withdrawnReason: null }).where(eq(challenges.id, 'next-0'));
  // A season with an entry is not a next one: then 2028 is.
  await seedEstimateEntry(t.ctx.db, { id: 'early', challengeId: 'next-1', clubId: 'club-1000-w', estimate: 3 });
  await announce(t.ctx, [topics.content]);
  expect((await spaceData()).json<SpaceDataDto>().nextSeason).toEqual({ year: 2028, startDate: '2028-04-01' });
  await t.ctx.db.execute(sql`delete from participations where id = 'early'`);
  await announce(t.ctx, [topics.content]);
  expect((await spaceData()).json<SpaceDataDto>().nextSeason).toEqual({ year: 2027, startDate: '2027-03-01' });
});

describe('preview', () => {
  const previewCookie = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === PREVIEW_COOKIE)!;
  const put = (session: string | null, payload: unknown) => operatorCall(t.app, 'PUT', PREVIEW, session, payload);

  test('an operator of either role sets it: the draft season for that browser alone, never cached; audited', async () => {
    for (const who of [MODERATOR, ADMIN]) {
      const session = await login(who);
      const res = await put(session, { yearId: 'year-2027' });
      expect([res.statusCode, res.body]).toEqual([200, expect.any(String)]);
      expect(res.json()).toEqual({ yearId: 'year-2027', year: 2027, expiresAt: '2026-06-15T12:00:00.000Z' });
      expect(res.headers['cache-control']).toBe('private, no-store');
      const cookie = previewCookie(res);
      expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
      expect(new Date((cookie as { expires?: unknown }).expires as string).toISOString()).toBe('2026-06-15T12:00:00.000Z');
      expect(readPreviewToken(t.ctx.secret, cookie.value, NOW)).toBe('year-2027');

      const seen = await spaceData(`${PREVIEW_COOKIE}=${cookie.value}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect(seen.headers.etag).toBeUndefined();
      expect(seen.headers['cdn-cache-control']).toBeUndefined();
      const data = seen.json<SpaceDataDto>();
      expect(data.preview).toBe(true);
      expect(data.year.fields.year).toBe(2027);
      expect(idsOf(data)).toEqual(['next-1', 'next-0']);
      expect(data.site.fields.bannerText1).toBe('Bald geht es los');
      // Seen from 2027, the next season is 2028.
      expect(data.nextSeason).toEqual({ year: 2028, startDate: '2028-04-01' });
      // The app's pages are this browser's alone too.
      const page = await t.app.inject({ url: '/', headers: { cookie: `${PREVIEW_COOKIE}=${cookie.value}` } });
      expect([page.statusCode, page.headers['cache-control'], page.headers.etag]).toEqual([200, 'private, no-store', undefined]);
    }
    const rows = await t.ctx.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.action, 'season-preview'), eq(moderationLog.subjectId, 'year-2027')));
    expect(rows.map((r) => [r.actor, r.subjectType])).toEqual([
      [MODERATOR.email, 'year'],
      [ADMIN.email, 'year'],
    ]);
    // The public answers did not change meanwhile: the current season, from the cache.
    const plain = await spaceData();
    expect(plain.json<SpaceDataDto>().year.fields.year).toBe(2026);
    expect(plain.headers.etag).toBeDefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
  });

  test('expired, forged or absent: the current season, cached as before', async () => {
    const current = await spaceData();
    const etag = current.headers.etag as string;
    const expired = previewToken(t.ctx.secret, 'year-2027', new Date(NOW.getTime() - 1000));
    const forged = previewToken('a-different-secret-of-enough-length', 'year-2027', new Date(NOW.getTime() + 3600_000));
    const valid = previewToken(t.ctx.secret, 'year-2027', new Date(NOW.getTime() + 3600_000));
    const tampered = valid.replace(Buffer.from('year-2027').toString('base64url'), Buffer.from('year-2028').toString('base64url'));
    for (const value of [expired, forged, tampered, 'nonsense', '']) {
      const res = await spaceData(`${PREVIEW_COOKIE}=${value}`, { 'if-none-match': etag });
      expect([value, res.statusCode, res.headers.etag]).toEqual([value, 304, etag]);
      const page = await t.app.inject({ url: '/', headers: { cookie: `${PREVIEW_COOKIE}=${value}` } });
      expect(page.headers['cache-control']).not.toContain('private');
    }
    // Two hours later the cookie the server set has expired too.
    const session = await login(ADMIN);
    const value = previewCookie(await put(session, { yearId: 'year-2027' })).value;
    t.setNow(new Date(NOW.getTime() + 2 * 3600_000 + 1000));
    try {
      const res = await spaceData(`${PREVIEW_COOKIE}=${value}`);
      expect(res.json<SpaceDataDto>().year.fields.year).toBe(2026);
      expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    } finally {
      t.setNow(NOW);
    }
    // A previewed season that is gone: the current one.
    const gone = previewToken(t.ctx.secret, 'year-1999', new Date(NOW.getTime() + 3600_000));
    expect((await spaceData(`${PREVIEW_COOKIE}=${gone}`)).json<SpaceDataDto>().year.fields.year).toBe(2026);
  });

  test('anonymous 401, an unknown season 404, a bad body 400; DELETE clears the cookie for anyone', async () => {
    const anonymous = await put(null, { yearId: 'year-2027' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.cookies.find((c) => c.name === PREVIEW_COOKIE)).toBeUndefined();
    const session = await login(ADMIN);
    expect((await put(session, { yearId: 'year-1999' })).json()).toMatchObject({ message: 'Diese Saison gibt es nicht.' });
    expect((await put(session, { yearId: 'year-1999' })).statusCode).toBe(404);
    expect((await put(session, { yearId: 'year-2027', extra: 1 })).statusCode).toBe(400);
    const ended = await t.app.inject({ method: 'DELETE', url: PREVIEW, headers: { 'x-xsrf-token': XSRF, cookie: xsrfCookie } });
    expect(ended.statusCode).toBe(204);
    const cleared = previewCookie(ended);
    expect(cleared).toMatchObject({ value: '', path: '/' });
    expect(new Date((cleared as { expires?: unknown }).expires as string).getTime()).toBeLessThan(Date.now());
  });
});
