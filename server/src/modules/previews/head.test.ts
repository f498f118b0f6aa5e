import path from 'node:path';
import zlib from 'node:zlib';
import ogs from 'open-graph-scraper';
import { eq } from 'drizzle-orm';
import { participations, publishedResults } from '../../db/schema/index.js';
import { createTestApp, writeFiles, type TestApp } from '../../test-support/app.js';
import { seedChallenge, seedClubs, seedOtherYear, seedParticipation, seedYear, voteDates } from '../../test-support/seed.js';
import { clubs } from '../../db/schema/index.js';
import { normalizeSearch } from '../../lib/text.js';
import { announce, topics } from '../cache/changes.js';
import { serializeRows } from '../results/service.js';
import { getReachReport, reachSettled } from '../reach/service.js';

/**
 * Link previews (issue 23): each public route answers with its own head, read the way crawlers
 * read it (no JavaScript) by a well-kept Open Graph parser, with the user agents of WhatsApp and
 * Facebook; unknown and unpublished things answer 404; user text stays text.
 */

let t: TestApp;
let base: string;
// The host build's page as it starts (config/index.html): a title and a description of its own.
const SHELL =
  '<!doctype html><html lang="de"><head><meta charset="utf-8"/><meta name="description" content="Die Punktejagd für Amateurfußballvereine: Challenges, Abstimmungen und Tabelle."/><title>Punktejagd – Bereit zu punkten?</title></head><body><div id="root"></div></body></html>';
const HOSTILE = '"><script>alert(1)</script>';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-08-10T10:00:00Z'), env: { PUBLIC_URL: 'https://punktejagd.example' } });
  writeFiles(path.join(t.webRoot, 'host/dist'), { 'index.html': SHELL });
  await seedClubs(t.ctx.db, 4);
  await t.ctx.db
    .insert(clubs)
    .values({ id: 'club-9999-m', clubnumber: '9999', clubname: HOSTILE, team: 'm', search: normalizeSearch(HOSTILE) });
  await seedYear(t.ctx.db);
  // Voting runs on 2026-08-10 (seed dates: submission to June, voting from July).
  await seedChallenge(t.ctx.db, { id: 'c-text', position: 0, type: 'bfv-erd-text-vote' });
  await seedChallenge(t.ctx.db, { id: 'c-est', position: 1, type: 'bfv-erd-estimate' });
  await seedParticipation(t.ctx.db, {
    id: 'p-live',
    challengeId: 'c-text',
    clubId: 'club-1000-m',
    slogan: 'Wir holen uns den Pokal – süß & scharf, „ß“ inklusive!',
  });
  await seedParticipation(t.ctx.db, { id: 'p-pending', challengeId: 'c-text', clubId: 'club-1000-w', state: 'pending', slogan: 'Geheim' });
  await seedParticipation(t.ctx.db, { id: 'p-hostile', challengeId: 'c-text', clubId: 'club-9999-m', slogan: HOSTILE });
  // The year's table as a publication writes it (modules/results).
  const rows = [
    { club: { _id: 'club-1001-m', clubname: 'Verein 0001', clubnumber: '1001', team: 'm' as const }, place: 1, points: 300 },
    { club: { _id: 'club-1000-m', clubname: 'Verein 0000', clubnumber: '1000', team: 'm' as const }, place: 2, points: 180 },
    { club: { _id: 'club-1000-w', clubname: 'Verein 0000', clubnumber: '1000', team: 'w' as const }, place: 3, points: 95 },
  ];
  const { body, etag } = serializeRows(rows);
  await t.ctx.db.insert(publishedResults).values({ kind: 'overall', key: 'year-seed', yearId: 'year-seed', version: 1, rows, body, etag });
  base = await t.listen();
});
afterAll(() => t.close());

async function graph(pathname: string, userAgent = WHATSAPP) {
  const { result, error, response } = await ogs({
    url: `${base}${pathname}`,
    fetchOptions: { headers: { 'user-agent': userAgent } },
    urlValidatorSettings: {
      protocols: ['http'],
      require_tld: false,
      require_protocol: true,
      allow_underscores: false,
      require_host: true,
      require_port: false,
      require_valid_protocol: true,
      allow_trailing_dot: false,
      allow_protocol_relative_urls: false,
      validate_length: true,
      allow_fragments: true,
      allow_query_components: true,
    },
  });
  return {
    result: result as Record<string, unknown> & { ogImage?: { url: string; width?: string; height?: string; alt?: string }[] },
    error,
    status: (response as { status: number }).status,
  };
}

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('every public route has its own head', () => {
  test('an entry while voting runs: headline, slogan, club and team, "Jetzt abstimmen", its card (WhatsApp and Facebook)', async () => {
    for (const agent of [WHATSAPP, FACEBOOK]) {
      const { result, status } = await graph('/challenge/c-text/p-live?via=whatsapp', agent);
      expect(status).toBe(200);
      expect(result.ogTitle).toBe('c-text: Spruch von Verein 0000 – Punktejagd');
      expect(result.ogDescription).toBe(
        '„Wir holen uns den Pokal – süß & scharf, „ß“ inklusive!“ – der Spruch von Verein 0000 (Herren) bei „c-text“. Jetzt abstimmen!',
      );
      expect(result.ogUrl).toBe('https://punktejagd.example/challenge/c-text/p-live');
      expect(result.ogType).toBe('article');
      expect(result.ogLocale).toBe('de_DE');
      expect(result.ogSiteName).toBe('Punktejagd');
      expect(result.twitterCard).toBe('summary_large_image');
      expect(result.ogImage?.[0]).toMatchObject({
        url: 'https://punktejagd.example/share/entry/c-text/p-live.png',
        width: '1200',
        height: '630',
      });
      expect(result.ogImage?.[0]?.alt).toContain('Verein 0000 (Herren)');
    }
    const html = (await page('/challenge/c-text/p-live')).body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<link rel="canonical" href="https://punktejagd.example/challenge/c-text/p-live">');
  });

  test('a club page: name, team, place and points', async () => {
    const { result } = await graph('/club/club-1000-m');
    expect(result.ogTitle).toBe('Verein 0000 (Herren) – Punktejagd');
    expect(result.ogDescription).toBe('Verein 0000 (Herren): Platz 2 mit 180 Punkte in der Gesamttabelle der Saison 2026.');
    expect(result.ogImage?.[0]?.url).toBe('https://punktejagd.example/share/club/club-1000-m.png');
  });

  test('the standings: the top three', async () => {
    const { result } = await graph('/tabelle');
    expect(result.ogTitle).toBe('Gesamttabelle – Punktejagd');
    expect(result.ogDescription).toBe(
      'Saison 2026: 1. Verein 0001 (Herren) 300 Punkte · 2. Verein 0000 (Herren) 180 Punkte · 3. Verein 0000 (Damen) 95 Punkte',
    );
    expect(result.ogImage?.[0]?.url).toBe('https://punktejagd.example/share/standings.png');
  });

  test('a browse list, the overview, home and the legal pages', async () => {
    expect((await graph('/challenge/c-text')).result).toMatchObject({
      ogTitle: 'c-text: Stöbern – Punktejagd',
      ogUrl: 'https://punktejagd.example/challenge/c-text',
    });
    expect((await graph('/challenge/c-text')).result.ogDescription).toContain('Jetzt abstimmen – bis 31.12.');
    expect((await graph('/challenge')).result).toMatchObject({ ogTitle: 'Die Challenges – Punktejagd' });
    expect((await graph('/challenge')).result.ogDescription).toContain('#1 c-text: Jetzt abstimmen');
    expect((await graph('/')).result).toMatchObject({ ogTitle: 'Punktejagd – Bereit zu punkten?', ogUrl: 'https://punktejagd.example/' });
    expect((await graph('/imprint')).result).toMatchObject({ ogTitle: 'Impressum – Punktejagd' });
    expect((await graph('/terms')).result).toMatchObject({ ogTitle: 'Teilnahmebedingungen – Punktejagd' });
    expect((await graph('/tabelle/c-est')).result.ogTitle).toBe('#2 c-est: Tabelle – Punktejagd');
  });
});

describe('unknown or unpublished things answer 404 with the 404 screen', () => {
  test.each([
    '/challenge/unknown',
    '/challenge/c-text/unknown',
    '/tabelle/unknown',
    '/club/unknown',
    '/challenge/c-text/p-pending',
    '/challenge/c-est/p-live',
    '/challenge/unknown/p-live',
  ])('%s', async (url) => {
    const res = await page(url, { 'user-agent': FACEBOOK });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>kein Treffer – Punktejagd</title>');
    expect(res.body).not.toContain('Geheim');
    expect(res.body).toContain('<div id="root"></div>');
  });

  test('an entry that is rejected after it was shared disappears from the preview at once', async () => {
    await seedParticipation(t.ctx.db, { id: 'p-later', challengeId: 'c-text', clubId: 'club-1001-m', slogan: 'Bald weg' });
    expect((await page('/challenge/c-text/p-later')).statusCode).toBe(200);
    await t.ctx.db.delete(participations).where(eq(participations.id, 'p-later'));
    await announce(t.ctx, [topics.entries('c-text')]);
    const res = await page('/challenge/c-text/p-later');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Bald weg');
  });
});

test('user text in the head stays text', async () => {
  const res = await page('/challenge/c-text/p-hostile');
  expect(res.statusCode).toBe(200);
  expect(res.body).not.toContain('<script>alert(1)</script>');
  expect(res.body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  const { result } = await graph('/club/club-9999-m');
  expect(result.ogTitle).toBe(`${HOSTILE} (Herren) – Punktejagd`);
});

test('the page stays cacheable: the validator answers 304 until what it shows changes', async () => {
  const first = await page('/club/club-1000-m');
  const etag = first.headers.etag as string;
  expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  expect(first.headers['cache-control']).toMatch(/^public, max-age=60/);
  expect((await page('/club/club-1000-m', { 'if-none-match': etag })).statusCode).toBe(304);
  await t.ctx.db.update(clubs).set({ clubname: 'Neuer Name' }).where(eq(clubs.id, 'club-1000-m'));
  await announce(t.ctx, [topics.content]);
  const changed = await page('/club/club-1000-m', { 'if-none-match': etag });
  expect(changed.statusCode).toBe(200);
  expect(changed.body).toContain('<title>Neuer Name (Herren) – Punktejagd</title>');
});

test('a crawler fetching a shared entry or club is counted as a preview of its channel; a browser is not', async () => {
  const counted = async () => {
    await reachSettled(t.ctx.db);
    const report = await getReachReport({ ctx: t.ctx, input: {} });
    return new Map(report.rows.map((row) => [`${row.participationId ?? row.clubId} ${row.channel}`, row.previews]));
  };
  const before = await counted();
  await page('/challenge/c-text/p-live?via=whatsapp', { 'user-agent': WHATSAPP });
  await page('/challenge/c-text/p-live?via=whatsapp', { 'user-agent': FACEBOOK });
  await page('/challenge/c-text/p-live', { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15' });
  await page('/club/club-1001-m?via=bogus', { 'user-agent': FACEBOOK });
  await page('/challenge/c-text/p-pending?via=qr', { 'user-agent': FACEBOOK });
  await page('/tabelle?via=qr', { 'user-agent': FACEBOOK });
  const after = await counted();
  const added = [...after].map(([key, n]) => [key, n - (before.get(key) ?? 0)]).filter(([, n]) => n !== 0);
  expect(added.sort()).toEqual([
    ['club-1001-m direct', 1],
    ['p-live whatsapp', 2],
  ]);
});

test('the page is compressed once per version: gzip and brotli decode to the same page', async () => {
  const plain = await page('/challenge/c-text/p-live');
  for (const [encoding, decode] of [
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const) {
    const res = await page('/challenge/c-text/p-live', { 'accept-encoding': encoding });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
  }
});

describe('the archive of ended seasons (issue 26)', () => {
  beforeAll(async () => {
    await seedOtherYear(t.ctx.db, 'year-2025');
    const days = voteDates(['2025-03-01', '2025-03-31'], ['2025-04-01', '2025-04-30']);
    await seedChallenge(t.ctx.db, { id: 'c-old', yearId: 'year-2025', position: 0, type: 'bfv-erd-text-vote', dates: days });
    const rows = [{ club: { _id: 'club-1002-m', clubname: 'Verein 0002', clubnumber: '1002', team: 'm' as const }, place: 1, points: 100 }];
    const { body, etag } = serializeRows(rows);
    await t.ctx.db.insert(publishedResults).values([
      { kind: 'overall', key: 'year-2025', yearId: 'year-2025', version: 1, rows, body, etag },
      { kind: 'challenge', key: 'c-old', yearId: 'year-2025', version: 1, rows, body, etag },
    ]);
    await announce(t.ctx, [topics.content]);
  });

  test('/tabelle?saison=2025 is that season’s final table with its own canonical address; the current season’s year is /tabelle', async () => {
    const { result, status } = await graph('/tabelle?saison=2025');
    expect(status).toBe(200);
    expect(result.ogTitle).toBe('Gesamttabelle 2025 – Punktejagd');
    expect(result.ogDescription).toBe('Endstand der Saison 2025: 1. Verein 0002 (Herren) 100 Punkte');
    expect(result.ogUrl).toBe('https://punktejagd.example/tabelle?saison=2025');
    expect((await graph('/tabelle?saison=2026')).result.ogUrl).toBe('https://punktejagd.example/tabelle');
    expect((await graph('/tabelle')).result.ogTitle).toBe('Gesamttabelle – Punktejagd');
  });

  test('a season that is not public, or no year, is not found; a query on other pages changes nothing', async () => {
    expect((await page('/tabelle?saison=2031')).statusCode).toBe(404);
    expect((await page('/tabelle?saison=abc')).statusCode).toBe(404);
    expect((await graph('/challenge?saison=2025')).result.ogTitle).toBe('Die Challenges – Punktejagd');
  });

  test('a challenge table of an ended season keeps its address', async () => {
    const { result, status } = await graph('/tabelle/c-old');
    expect(status).toBe(200);
    expect(result.ogTitle).toBe('#1 c-old: Tabelle – Punktejagd');
    expect(result.ogDescription).toBe('Tabelle #1 c-old: 1. Verein 0002 (Herren) 100 Punkte');
  });
});
