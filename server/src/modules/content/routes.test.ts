import zlib from 'node:zlib';
import type { ChallengeDto, ClubDto, ParticipationDto, SpaceDataDto } from '@erd/shared-contracts/wire';
import { createTestApp, FIXTURE_SEASON, type TestApp } from '../../test-support/app.js';
import { seedClubs, seedEstimateEntry, seedParticipation, seedPictureEntry } from '../../test-support/seed.js';
import { importSeason } from '../season/service.js';

let t: TestApp;
const base = '/content/public/spaces/erd';

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T10:00:00Z') });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('before any season is imported', () => {
  test('spacedata answers 404 NotFound', async () => {
    const res = await get(`${base}/spacedata?include=4`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NotFound' });
  });
});

describe('content API', () => {
  beforeAll(async () => {
    await importSeason({ ctx: t.ctx, input: { dir: FIXTURE_SEASON } });
  });

  test('spacedata has the contract shape, challenges in list order, and never the right answer', async () => {
    const res = await get(`${base}/spacedata?include=4`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const data = res.json<SpaceDataDto>();
    expect(data.spaceId).toBe('erd');
    expect(data.year.sys).toMatchObject({ id: 'year-test', objectTypeId: 'bfv-erd-year' });
    expect(data.year.fields.year).toBe(2026);
    expect(data.year.fields.challenges.map((c) => [c.sys.id, c.sys.objectTypeId])).toEqual([
      ['challenge-estimate', 'bfv-erd-estimate'],
      ['challenge-picture', 'bfv-erd-picture-vote'],
      ['challenge-goals', 'bfv-erd-goals'],
      ['challenge-text', 'bfv-erd-text-vote'],
    ]);
    const [estimate, picture] = data.year.fields.challenges as [ChallengeDto, ChallengeDto];
    expect(estimate.fields).toMatchObject({
      headline: 'Schätzen',
      teasertitle: 'Wie viele?',
      teasertext: 'Schätz mal.',
      question: 'Wie viele Zuschauer?',
      footnote: 'Kleinster Abstand gewinnt.',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      prizes: { headline: 'Trikots', subheadline: 'Für die Besten', text: 'Ein Satz Trikots.' },
    });
    expect(estimate.fields.teaserImage?.fields.file.url).toMatch(/^\/media\//);
    expect(estimate.fields.points[0]).toEqual({ fromPlace: 1, toPlace: 1, points: 100 });
    expect(picture.fields).toMatchObject({
      startDateSubmission: '2026-06-05',
      endDateSubmission: '2026-06-14',
      startDateVoting: '2026-06-15',
      endDateVoting: '2026-06-25',
    });
    expect(data.year.fields.teaser1).toMatchObject({ headline: 'Bereit zu punkten?', subheadline: 'Die Testsaison' });
    expect(data.year.fields.teaser1.text?.type).toBe('root');
    expect(data.year.fields.teaser2.images).toHaveLength(2);
    expect(data.year.fields.teaserPrizes.images[0]?.fields.file.contentType).toBe('image/png');
    expect(data.site.sys).toMatchObject({ id: 'site', objectTypeId: 'bfv-erd-site' });
    expect(data.site.fields.terms.children[0]).toMatchObject({ type: 'heading', depth: 1 });
    expect(data.site.fields.dataProtection.type).toBe('root');
    expect(data.site.fields.imprint.type).toBe('root');

    expect(res.body).not.toMatch(/rightAnswer|right_answer|1234|scoring/);
  });

  test('JSON answers are compressed when the client accepts it', async () => {
    const res = await t.app.inject({ url: `${base}/spacedata?include=4`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).spaceId).toBe('erd');
  });

  test('unknown space id → 404', async () => {
    const res = await get('/content/public/spaces/other/spacedata?include=4');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NotFound' });
    expect((await get('/content/public/spaces/other/objects/club-100-m')).statusCode).toBe(404);
  });

  test('objects/{id}: a club, a challenge (without right answer), unknown → 404', async () => {
    const club = await get(`${base}/objects/club-100-w?include=1`);
    expect(club.statusCode).toBe(200);
    expect(club.json()).toEqual({
      sys: { id: 'club-100-w', objectTypeId: 'bfv-erd-club', createdAt: expect.any(String), updatedAt: expect.any(String) },
      fields: { clubname: 'TSV München-Süd', clubnumber: '100', team: 'w', logourl: expect.stringMatching(/^\/media\/tsv\./) },
    });
    const challenge = await get(`${base}/objects/challenge-goals?include=1`);
    expect(challenge.statusCode).toBe(200);
    expect(challenge.json()).toMatchObject({ sys: { id: 'challenge-goals', objectTypeId: 'bfv-erd-goals' }, fields: { headline: 'Tore' } });
    expect(challenge.body).not.toMatch(/rightAnswer|42|closest/);
    const missing = await get(`${base}/objects/nothing-here?include=1`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NotFound' });
  });

  test('invalid query parameters → 400 with a code', async () => {
    for (const url of [
      `${base}/spacedata?include=abc`,
      `${base}/objects/search?objectTypeId=bfv-erd-club&size=0`,
      `${base}/objects/search?objectTypeId=bfv-erd-club&from=-1`,
      `${base}/objects/search?fields.challenge.id=challenge-text&sort=name`,
      `${base}/objects/search?locale=de`,
    ]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toMatchObject({ code: 'ValidationError' });
    }
  });
});

describe('club catalogue', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp();
    await seedClubs(other.ctx.db, 230);
  });
  afterAll(() => other.close());

  test('pages of 100, 100, 30 in a stable order without duplicates; size capped at 100', async () => {
    const pages: ClubDto[][] = [];
    for (const from of [0, 100, 200]) {
      const res = await other.app.inject({
        url: `${base}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=100&from=${from}`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ items: ClubDto[]; total: number }>();
      expect(body.total).toBe(230);
      pages.push(body.items);
    }
    expect(pages.map((p) => p.length)).toEqual([100, 100, 30]);
    const all = pages.flat();
    expect(new Set(all.map((c) => c.sys.id)).size).toBe(230);
    const keys = all.map((c) => `${c.fields.clubname}|${c.fields.team}`);
    expect(keys).toEqual([...keys].sort());
    expect(all[0]!.fields).toEqual({ clubname: 'Verein 0000', clubnumber: '1000', team: 'm' });
    expect(all[1]!.fields.team).toBe('w');

    const again = await other.app.inject({ url: `${base}/objects/search?objectTypeId=bfv-erd-club&size=100&from=100` });
    expect(again.json<{ items: ClubDto[] }>().items).toEqual(pages[1]);

    const capped = await other.app.inject({ url: `${base}/objects/search?objectTypeId=bfv-erd-club&size=500` });
    expect(capped.json<{ items: ClubDto[] }>().items).toHaveLength(100);
  });
});

describe('participation search', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp();
    await importSeason({ ctx: other.ctx, input: { dir: FIXTURE_SEASON } });
    const db = other.ctx.db;
    const at = (h: number) => new Date(Date.UTC(2026, 5, 10, h));
    await seedParticipation(db, {
      id: 'p-old-popular',
      challengeId: 'challenge-text',
      clubId: 'club-100-m',
      votes: 9,
      createdAt: at(1),
      slogan: 'Alt',
    });
    await seedParticipation(db, { id: 'p-new', challengeId: 'challenge-text', clubId: 'club-100-w', votes: 2, createdAt: at(5) });
    await seedParticipation(db, { id: 'p-mid', challengeId: 'challenge-text', clubId: 'club-200-m', votes: 5, createdAt: at(3) });
    await seedParticipation(db, {
      id: 'p-pending',
      challengeId: 'challenge-text',
      clubId: 'club-300-w',
      state: 'pending',
      createdAt: at(6),
    });
    // One entry per club and challenge: the rejected (legacy state) row sits in another challenge.
    await seedParticipation(db, {
      id: 'p-rejected',
      challengeId: 'challenge-picture',
      clubId: 'club-100-m',
      state: 'rejected',
      createdAt: at(7),
    });
    await seedPictureEntry(db, {
      id: 'p-picture',
      challengeId: 'challenge-picture',
      clubId: 'club-300-w',
      image: { fields: { file: { url: '/media/x.0123456789abcdef.jpg', contentType: 'image/jpeg' } } },
      votes: 1,
    });
    await seedEstimateEntry(db, { id: 'p-estimate', challengeId: 'challenge-estimate', clubId: 'club-300-w', estimate: 1200 });
  });
  afterAll(() => other.close());

  const search = async (query: string) => {
    const res = await other.app.inject({ url: `${base}/objects/search?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: ParticipationDto[]; total: number }>();
  };

  test('only published entries, newest first by default', async () => {
    const page = await search('include=1&fields.challenge.id=challenge-text&from=0&size=10&sort=-createdAt');
    expect(page.total).toBe(3);
    expect(page.items.map((p) => p._id)).toEqual(['p-new', 'p-mid', 'p-old-popular']);
    const first = page.items[0]!;
    expect(first).toEqual({
      _id: 'p-new',
      sys: {
        id: 'p-new',
        objectTypeId: 'bfv-erd-text-participation',
        createdAt: '2026-06-10T05:00:00.000Z',
        updatedAt: expect.any(String),
      },
      createdAt: '2026-06-10T05:00:00.000Z',
      publishedAt: [{ spaceId: 'erd', state: 'published' }],
      fields: {
        challenge: { id: 'challenge-text', linkType: 'Object', type: 'Link' },
        club: expect.objectContaining({
          sys: expect.objectContaining({ id: 'club-100-w' }),
          fields: expect.objectContaining({ clubname: 'TSV München-Süd' }),
        }),
        votes: 2,
        slogan: 'Spruch p-new',
      },
    });
    const byDefault = await search('fields.challenge.id=challenge-text');
    expect(byDefault.items.map((p) => p._id)).toEqual(['p-new', 'p-mid', 'p-old-popular']);
    expect(byDefault.items[0]!.fields.club).toEqual({ id: 'club-100-w', linkType: 'Object', type: 'Link' });
  });

  test('sorted by votes, paged', async () => {
    const page1 = await search('include=1&fields.challenge.id=challenge-text&from=0&size=2&sort=-fields.votes');
    expect(page1).toMatchObject({ total: 3 });
    expect(page1.items.map((p) => [p._id, p.fields.votes])).toEqual([
      ['p-old-popular', 9],
      ['p-mid', 5],
    ]);
    const page2 = await search('include=1&fields.challenge.id=challenge-text&from=2&size=2&sort=-fields.votes');
    expect(page2.items.map((p) => p._id)).toEqual(['p-new']);
    const capped = await search('fields.challenge.id=challenge-text&size=1000');
    expect(capped.items).toHaveLength(3);
  });

  test('pictures carry their image; estimates are never public', async () => {
    const pictures = await search('include=1&fields.challenge.id=challenge-picture');
    expect(pictures.items[0]!.fields.image?.fields.file.url).toBe('/media/x.0123456789abcdef.jpg');
    expect(await search('fields.challenge.id=challenge-estimate')).toEqual({ items: [], total: 0 });
    expect(await search('fields.challenge.id=unknown')).toEqual({ items: [], total: 0 });
  });

  test('objects/{id} returns a published participation, with the club at include=1', async () => {
    const res = await other.app.inject({ url: `${base}/objects/p-mid?include=1` });
    expect(res.statusCode).toBe(200);
    expect(res.json<ParticipationDto>().fields.club).toMatchObject({ sys: { id: 'club-200-m' } });
    const linked = await other.app.inject({ url: `${base}/objects/p-mid?include=0` });
    expect(linked.json<ParticipationDto>().fields.club).toEqual({ id: 'club-200-m', linkType: 'Object', type: 'Link' });
    for (const id of ['p-pending', 'p-rejected', 'p-estimate']) {
      expect((await other.app.inject({ url: `${base}/objects/${id}?include=1` })).statusCode).toBe(404);
    }
  });
});
