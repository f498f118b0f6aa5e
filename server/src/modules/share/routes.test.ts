import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { clubs, participations, publishedResults } from '../../db/schema/index.js';
import { normalizeSearch } from '../../lib/text.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { announce, topics } from '../cache/changes.js';
import { serializeRows } from '../results/service.js';

/**
 * The share images and the poster over HTTP (issue 23): sizes, public cache headers with a strong
 * ETag, 404 for what is not public, made anew when what they show changes (not on votes).
 */

let t: TestApp;
const BIDI = '\u202Eevil\u202C';

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-08-10T10:00:00Z') });
  await seedClubs(t.ctx.db, 4);
  await t.ctx.db.insert(clubs).values({
    id: 'club-9999-m',
    clubnumber: '9999',
    clubname: `${'Sportfreunde'.repeat(900)}${BIDI}`,
    team: 'm',
    search: normalizeSearch('lang'),
  });
  await seedYear(t.ctx.db);
  await seedChallenge(t.ctx.db, { id: 'c-text', position: 0, type: 'bfv-erd-text-vote' });
  await seedChallenge(t.ctx.db, { id: 'c-est', position: 1, type: 'bfv-erd-estimate' });
  await seedParticipation(t.ctx.db, {
    id: 'p-live',
    challengeId: 'c-text',
    clubId: 'club-1000-m',
    slogan: 'Grün-Weiß – größer, schöner, „ß“ inklusive! '.repeat(5).slice(0, 200),
  });
  await seedParticipation(t.ctx.db, { id: 'p-pending', challengeId: 'c-text', clubId: 'club-1000-w', state: 'pending' });
  await seedParticipation(t.ctx.db, { id: 'p-long', challengeId: 'c-text', clubId: 'club-9999-m', slogan: `${BIDI} Anpfiff` });
  const rows = [
    { club: { _id: 'club-1001-m', clubname: 'Verein 0001', clubnumber: '1001', team: 'm' as const }, place: 1, points: 300 },
    { club: { _id: 'club-1000-m', clubname: 'Verein 0000', clubnumber: '1000', team: 'm' as const }, place: 2, points: 180 },
  ];
  const { body, etag } = serializeRows(rows);
  await t.ctx.db.insert(publishedResults).values({ kind: 'overall', key: 'year-seed', yearId: 'year-seed', version: 1, rows, body, etag });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

test.each([
  ['/share/site.png', 1200, 630],
  ['/share/standings.png', 1200, 630],
  ['/share/club/club-1000-m.png', 1200, 630],
  ['/share/club/club-9999-m.png', 1200, 630],
  ['/share/challenge/c-text.png', 1200, 630],
  ['/share/entry/c-text/p-live.png', 1200, 630],
  ['/share/entry/c-text/p-long.png', 1200, 630],
  ['/share/story/c-text/p-live.png', 1080, 1920],
])('%s: %i×%i, at most 300 KB, public with a strong ETag', async (url, width, height) => {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^image\/(png|jpeg)$/);
  expect(res.rawPayload.length).toBeLessThanOrEqual(300 * 1024);
  const meta = await sharp(res.rawPayload).metadata();
  expect([meta.width, meta.height]).toEqual([width, height]);
  expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
  expect(res.headers['set-cookie']).toBeUndefined();
  expect((await get(url, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(304);
});

test('the poster is an A4 PDF to download', async () => {
  const res = await get('/share/poster/c-text/p-live.pdf');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe('attachment; filename="plakat-p-live.pdf"');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
});

test.each([
  '/share/entry/c-text/p-pending.png',
  '/share/entry/c-text/p-unknown.png',
  '/share/entry/c-est/p-live.png',
  '/share/entry/c-unknown/p-live.png',
  '/share/story/c-text/p-pending.png',
  '/share/poster/c-text/p-pending.pdf',
  '/share/poster/c-text/p-live.png',
  '/share/club/club-unknown-m.png',
  '/share/club/club-1000-m.gif',
  '/share/challenge/c-unknown.png',
])('%s is not public: 404', async (url) => {
  const res = await get(url);
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
});

test('an entry rejected after its card was made: the card is gone at once', async () => {
  await seedParticipation(t.ctx.db, { id: 'p-gone', challengeId: 'c-text', clubId: 'club-1001-m', slogan: 'Bald weg' });
  expect((await get('/share/entry/c-text/p-gone.png')).statusCode).toBe(200);
  await t.ctx.db.delete(participations).where(eq(participations.id, 'p-gone'));
  await announce(t.ctx, [topics.entries('c-text')]);
  expect((await get('/share/entry/c-text/p-gone.png')).statusCode).toBe(404);
});

test('a renamed club gets a new card (a new ETag); an unchanged one is answered from memory', async () => {
  const before = await get('/share/club/club-1001-m.png');
  const again = await get('/share/club/club-1001-m.png');
  expect(again.headers.etag).toBe(before.headers.etag);
  await t.ctx.db.update(clubs).set({ clubname: 'Umbenannt' }).where(eq(clubs.id, 'club-1001-m'));
  await announce(t.ctx, [topics.content]);
  const after = await get('/share/club/club-1001-m.png');
  expect(after.statusCode).toBe(200);
  expect(after.headers.etag).not.toBe(before.headers.etag);
});
