import { and, eq, inArray, like } from 'drizzle-orm';
import type { AdminSeasonDto, AdminSeasonListDto, SeasonChallengeCreatedDto } from '@erd/shared-contracts/schemas';
import type { AuditAction } from '@erd/shared-contracts/backoffice';
import { DEFAULT_POINTS_TABLE, type SpaceDataDto } from '@erd/shared-contracts/wire';
import { challenges, moderationLog, notifications, participations, publishedResults, site, votes, years } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  JUNE_VOTE_DATES,
  PENDING,
  seedChallenge,
  seedChallenges,
  seedClubs,
  seedEstimateEntry,
  seedParticipation,
  seedVotes,
  seedYear,
  voteDates,
} from '../../test-support/seed.js';
import { ADMIN, operatorCall, type OperatorMethod, operatorSessions, signInOperator } from '../../test-support/operators.js';

/**
 * The back office's seasons through the HTTP API (issue 26), on PGlite and, with DATABASE_URL, on
 * PostgreSQL: roles; states; a new season empty or as a copy (dates moved and checked; never
 * entries, votes, results or right answers); challenges created, duplicated, removed (only without
 * entries), withdrawn and restored (the public space data follows), reordered (the live season
 * asks first); the switch of the public season (reason, audit row, the space data at once, also
 * on a second instance with PostgreSQL). Every change one audit row; nothing written for no change.
 */

let t: TestApp;
let admin: string;
let moderator: string;
const TODAY = new Date('2026-06-15T10:00:00Z');
const SPACE = '/content/public/spaces/erd/spacedata?include=4';

const PRIZES = { headline: 'Trikots', text: 'Ein Satz Trikots.', images: [{ fields: { file: { url: '/media/trikot.png' } } }] };
const POINTS = [
  { fromPlace: 1, toPlace: 1, points: 50 },
  { fromPlace: 2, toPlace: null, points: 10 },
];

beforeAll(async () => {
  t = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '100' } });
  const db = t.ctx.db;
  await seedYear(db, 'year-2025');
  await seedYear(db, 'year-2026');
  await db
    .update(years)
    .set({
      bannerText1: 'JETZT PUNKTEN',
      bannerText2: 'Dein Verein zählt',
      campaign: { claim: 'Ran an die Punkte' },
      teaserMarkdown: { teaser1: 'Hallo **Welt**', teaser2: null, teaserPrizes: null },
    })
    .where(eq(years.id, 'year-2026'));
  await seedClubs(db, 4);
  const estimate = 'bfv-erd-estimate';
  await seedChallenges(db, [
    { id: 'old-2025', yearId: 'year-2025', position: 0, type: estimate, dates: { startDate: '2025-05-01', endDate: '2025-05-31' } },
    {
      id: 'schaetzen-2026',
      yearId: 'year-2026',
      position: 0,
      type: estimate,
      dates: { startDate: '2026-05-01', endDate: '2026-05-31' },
      points: POINTS,
    },
  ]);
  await db
    .update(challenges)
    .set({ prizes: PRIZES, teasertitle: 'Wie viele?', resultsDate: '2026-06-05' })
    .where(eq(challenges.id, 'schaetzen-2026'));
  await seedChallenges(db, [
    { id: 'spruch-2026', yearId: 'year-2026', position: 1, dates: JUNE_VOTE_DATES },
    {
      id: 'tore-2026',
      yearId: 'year-2026',
      position: 2,
      type: 'bfv-erd-goals',
      dates: { startDate: '2026-06-01', endDate: '2026-06-20' },
      scoring: 'closest',
    },
    { id: 'spaet-2026', yearId: 'year-2026', position: 3, type: estimate, dates: { startDate: '2026-08-01', endDate: '2026-08-31' } },
  ]);
  await seedEstimateEntry(db, { id: 'p-old', challengeId: 'old-2025', clubId: 'club-1000-m', estimate: 3 });
  await seedEstimateEntry(db, { id: 'p-est', challengeId: 'schaetzen-2026', clubId: 'club-1000-m', estimate: 70 });
  await seedParticipation(db, { id: 'p-s1', challengeId: 'spruch-2026', clubId: 'club-1000-m', slogan: 'Auf geht’s!' });
  await seedParticipation(db, { id: 'p-s2', challengeId: 'spruch-2026', clubId: 'club-1001-m', slogan: 'Leise', ...PENDING });
  await seedVotes(db, 'p-s1', 'spruch-2026', 3);
  await db
    .insert(publishedResults)
    .values({ kind: 'challenge', key: 'schaetzen-2026', yearId: 'year-2026', version: 1, rows: [], body: '[]', etag: '"r1"' });
  ({ admin, moderator } = await operatorSessions(t));
});

afterAll(async () => {
  await t?.close();
});

/** `session` null: no operator signed in. */
const call = (method: OperatorMethod, url: string, payload?: unknown, session: string | null = admin, app = t.app) =>
  operatorCall(app, method, url, session, payload);

async function season(id: string): Promise<AdminSeasonDto> {
  const res = await call('GET', `/api/operator/seasons/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json<AdminSeasonDto>();
}

const seasonAudit = () => t.ctx.db.select().from(moderationLog).where(like(moderationLog.action, 'season-%'));
const auditOf = (action: AuditAction) => t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, action));

async function spaceData(app = t.app): Promise<SpaceDataDto> {
  const res = await app.inject({ method: 'GET', url: SPACE });
  expect(res.statusCode).toBe(200);
  return res.json<SpaceDataDto>();
}

const publicIds = async () => (await spaceData()).year.fields.challenges.map((c) => c.sys.id);

describe('roles', () => {
  test('anonymous: 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/operator/seasons'],
      ['GET', '/api/operator/seasons/year-2026'],
      ['POST', '/api/operator/seasons'],
      ['PUT', '/api/operator/seasons/current'],
      ['POST', '/api/operator/seasons/year-2026/challenges'],
      ['PUT', '/api/operator/seasons/year-2026/order'],
      ['POST', '/api/operator/season-challenges/spaet-2026/duplicate'],
      ['DELETE', '/api/operator/season-challenges/spaet-2026'],
      ['POST', '/api/operator/season-challenges/spaet-2026/withdraw'],
      ['POST', '/api/operator/season-challenges/spaet-2026/restore'],
    ] as const) {
      const res = await call(method, url, method === 'GET' ? undefined : {}, null);
      expect([method, url, res.statusCode]).toEqual([method, url, 401]);
    }
  });

  test('a moderator reads, but changes nothing: 403 (before the body is looked at)', async () => {
    expect((await call('GET', '/api/operator/seasons', undefined, moderator)).statusCode).toBe(200);
    expect((await call('GET', '/api/operator/seasons/year-2026', undefined, moderator)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/api/operator/seasons', { year: 2040 }],
      ['PUT', '/api/operator/seasons/current', { yearId: 'year-2025', reason: 'Zurück', confirm: true }],
      [
        'POST',
        '/api/operator/seasons/year-2026/challenges',
        { objectTypeId: 'bfv-erd-estimate', headline: 'X', startDate: '2026-09-01', endDate: '2026-09-30', confirmLive: true },
      ],
      ['PUT', '/api/operator/seasons/year-2026/order', { ids: ['spaet-2026'], confirmLive: true }],
      ['POST', '/api/operator/season-challenges/spaet-2026/duplicate', { confirmLive: true }],
      ['DELETE', '/api/operator/season-challenges/spaet-2026', { reason: 'Weg damit', confirmLive: true }],
      ['POST', '/api/operator/season-challenges/spaet-2026/withdraw', { reason: 'Weg damit', confirmLive: true }],
      ['POST', '/api/operator/season-challenges/spaet-2026/restore', { reason: 'Zurück damit' }],
    ] as const) {
      const res = await call(method, url, payload, moderator);
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 403, 'Forbidden']);
    }
    expect(await seasonAudit()).toHaveLength(0);
  });
});

describe('reading', () => {
  test('every season, newest first, with its state, days and counts; never cached', async () => {
    const res = await call('GET', '/api/operator/seasons', undefined, moderator);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<AdminSeasonListDto>();
    expect(body.today).toBe('2026-06-15');
    expect(body.items).toEqual([
      expect.objectContaining({
        id: 'year-2026',
        year: 2026,
        state: 'live',
        current: true,
        startDate: '2026-05-01',
        endDate: '2026-08-31',
        challenges: 4,
        entries: 3,
      }),
      expect.objectContaining({
        id: 'year-2025',
        year: 2025,
        state: 'ended',
        current: false,
        startDate: '2025-05-01',
        endDate: '2025-05-31',
        challenges: 1,
        entries: 1,
      }),
    ]);
  });

  test('one season with its challenges in order, entries and published results', async () => {
    const body = await season('year-2026');
    expect(body.challengeItems.map((c) => [c.position, c.id, c.entries, c.resultsPublished, c.withdrawn])).toEqual([
      [1, 'schaetzen-2026', 1, true, null],
      [2, 'spruch-2026', 2, false, null],
      [3, 'tore-2026', 0, false, null],
      [4, 'spaet-2026', 0, false, null],
    ]);
    expect(body.challengeItems[1]).toMatchObject({
      objectTypeId: 'bfv-erd-text-vote',
      headline: 'spruch-2026',
      startDate: '2026-06-01',
      endDate: '2026-06-30',
    });
    expect((await call('GET', '/api/operator/seasons/year-1999')).statusCode).toBe(404);
  });
});

describe('a new season', () => {
  test('empty: a draft with empty teasers, audited; the same year again is 409 in German', async () => {
    const res = await call('POST', '/api/operator/seasons', { year: 2030 });
    expect(res.statusCode).toBe(201);
    expect(res.json<AdminSeasonDto>()).toMatchObject({
      id: 'year-2030',
      year: 2030,
      state: 'draft',
      current: false,
      challenges: 0,
      entries: 0,
      startDate: null,
      challengeItems: [],
    });
    const [row] = await t.ctx.db.select().from(years).where(eq(years.id, 'year-2030'));
    expect(row!.teasers.teaser1).toEqual({ headline: '', images: [] });
    expect(row!.bannerText1).toBeNull();
    const [entry] = await auditOf('season-create');
    expect(entry).toMatchObject({
      subjectType: 'year',
      subjectId: 'year-2030',
      actor: ADMIN.email,
      details: { after: { id: 'year-2030', year: 2030 } },
    });

    const again = await call('POST', '/api/operator/seasons', { year: 2030 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SeasonExists', message: 'Die Saison 2030 gibt es schon. Wähle ein anderes Jahr.' });
    expect(await auditOf('season-create')).toHaveLength(1);

    // Two admins at once: one season, the other 409.
    const both = await Promise.all([
      call('POST', '/api/operator/seasons', { year: 2031 }),
      call('POST', '/api/operator/seasons', { year: 2031 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'SeasonExists', field: 'year' });
    expect(await auditOf('season-create')).toHaveLength(2);
  });

  test('refused input: year out of range, an offset without a copy, an unknown season to copy (German)', async () => {
    const low = await call('POST', '/api/operator/seasons', { year: 1999 });
    expect(low.statusCode).toBe(400);
    expect(low.json().field).toBe('year');
    const offset = await call('POST', '/api/operator/seasons', { year: 2032, offsetDays: 7 });
    expect(offset.statusCode).toBe(400);
    expect(offset.json()).toMatchObject({
      field: 'offsetDays',
      message: 'offsetDays: Eine Verschiebung gibt es nur beim Kopieren einer Saison.',
    });
    const unknown = await call('POST', '/api/operator/seasons', { year: 2032, copyFrom: 'year-1999', offsetDays: 7 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Die Saison, die kopiert werden soll, gibt es nicht.');
  });

  test('a copy whose dates would break the date rules or lie in the past is refused (400, offsetDays), nothing written', async () => {
    const past = await call('POST', '/api/operator/seasons', { year: 2027, copyFrom: 'year-2026', offsetDays: -400 });
    expect(past.statusCode).toBe(400);
    expect(past.json().field).toBe('offsetDays');
    expect(past.json().message).toMatch(/^Mit dieser Verschiebung endet „schaetzen-2026“ am 2025-04-26, vor heute \(2026-06-15\)/);
    expect(past.json().problems).toHaveLength(4);

    // A season whose stored days break a rule (the database allows it; the import and the back office do not).
    await t.ctx.db.insert(years).values({
      id: 'year-2035',
      year: 2035,
      teasers: {
        teaser1: { headline: 'A', images: [] },
        teaser2: { headline: 'B', images: [] },
        teaserPrizes: { headline: 'C', images: [] },
      },
    });
    await seedChallenge(t.ctx.db, {
      id: 'kaputt-2035',
      yearId: 'year-2035',
      dates: voteDates(['2035-06-01', '2035-06-10'], ['2035-06-10', '2035-06-30']),
    });
    const broken = await call('POST', '/api/operator/seasons', { year: 2036, copyFrom: 'year-2035', offsetDays: 365 });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      field: 'offsetDays',
      message: expect.stringContaining('„Ende der Einreichung“ (9.6.2036) muss vor „Beginn der Abstimmung“ (9.6.2036) liegen'),
    });
    expect(
      await t.ctx.db
        .select()
        .from(years)
        .where(inArray(years.id, ['year-2027', 'year-2036'])),
    ).toHaveLength(0);
    expect(await auditOf('season-copy')).toHaveLength(0);
    await t.ctx.db.delete(challenges).where(eq(challenges.yearId, 'year-2035'));
    await t.ctx.db.delete(years).where(eq(years.id, 'year-2035'));
  });

  test('a copy: challenges, texts, pictures, points, prizes, scoring, teasers, campaign and banner texts, every date moved; never entries, votes, results or right answers', async () => {
    const res = await call('POST', '/api/operator/seasons', { year: 2027, copyFrom: 'year-2026', offsetDays: 364 });
    expect(res.statusCode).toBe(201);
    const copy = res.json<AdminSeasonDto>();
    expect(copy).toMatchObject({
      id: 'year-2027',
      year: 2027,
      state: 'draft',
      current: false,
      startDate: '2027-04-30',
      endDate: '2027-08-30',
      challenges: 4,
      entries: 0,
    });
    expect(copy.challengeItems.map((c) => [c.position, c.id, c.entries, c.resultsPublished, c.withdrawn])).toEqual([
      [1, 'schaetzen-2027', 0, false, null],
      [2, 'spruch-2027', 0, false, null],
      [3, 'tore-2027', 0, false, null],
      [4, 'spaet-2027', 0, false, null],
    ]);

    const rows = await t.ctx.db.select().from(challenges).where(eq(challenges.yearId, 'year-2027'));
    const est = rows.find((r) => r.id === 'schaetzen-2027')!;
    expect(est).toMatchObject({
      objectTypeId: 'bfv-erd-estimate',
      headline: 'schaetzen-2026',
      teasertitle: 'Wie viele?',
      points: POINTS,
      prizes: PRIZES,
      startDate: '2027-04-30',
      endDate: '2027-05-30',
      resultsDate: '2027-06-04',
      rightAnswer: null,
      scoring: 'closest',
      withdrawnAt: null,
    });
    expect(rows.find((r) => r.id === 'spruch-2027')).toMatchObject({
      startDateSubmission: '2027-05-31',
      endDateSubmission: '2027-06-09',
      startDateVoting: '2027-06-10',
      endDateVoting: '2027-06-29',
      rightAnswer: null,
      scoring: null,
    });
    expect(rows.find((r) => r.id === 'tore-2027')).toMatchObject({ scoring: 'closest', rightAnswer: null, points: DEFAULT_POINTS_TABLE });

    const ids = rows.map((r) => r.id);
    expect(await t.ctx.db.select().from(participations).where(inArray(participations.challengeId, ids))).toHaveLength(0);
    expect(await t.ctx.db.select().from(votes).where(inArray(votes.challengeId, ids))).toHaveLength(0);
    expect(await t.ctx.db.select().from(publishedResults).where(eq(publishedResults.yearId, 'year-2027'))).toHaveLength(0);

    const [year] = await t.ctx.db.select().from(years).where(eq(years.id, 'year-2027'));
    expect(year).toMatchObject({
      bannerText1: 'JETZT PUNKTEN',
      bannerText2: 'Dein Verein zählt',
      campaign: { claim: 'Ran an die Punkte' },
      teaserMarkdown: { teaser1: 'Hallo **Welt**' },
    });

    const [entry] = await auditOf('season-copy');
    expect(entry).toMatchObject({ subjectType: 'year', subjectId: 'year-2027', details: { from: 'year-2026', offsetDays: 364 } });
    expect((entry!.details as { after: { challenges: unknown[] } }).after.challenges).toContainEqual({
      id: 'schaetzen-2027',
      from: 'schaetzen-2026',
      startDate: '2027-04-30',
      endDate: '2027-05-30',
    });

    // The public site still shows the current season.
    expect((await spaceData()).year.sys.id).toBe('year-2026');
  });

  test('the challenge form reads and changes a challenge of a season that is not the current one', async () => {
    const read = await call('GET', '/api/operator/challenges/spruch-2027');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: 'spruch-2027', yearId: 'year-2027', number: 2, rightAnswer: null });
    const saved = await call('PATCH', '/api/operator/challenges/spruch-2027', {
      expectedUpdatedAt: read.json().updatedAt,
      headline: 'Dein Spruch 2027',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ headline: 'Dein Spruch 2027' });
  });
});

describe('challenges of a draft season', () => {
  test('created: each of the four types, id from the headline, defaults as the import gives them; audited', async () => {
    const cases = [
      { objectTypeId: 'bfv-erd-estimate', headline: 'Wie viele Zuschauer?', startDate: '2027-09-01', endDate: '2027-09-30' },
      { objectTypeId: 'bfv-erd-goals', headline: 'Torjäger', startDate: '2027-09-01', endDate: '2027-09-30' },
      {
        objectTypeId: 'bfv-erd-text-vote',
        headline: 'Dein Spruch 2027',
        startDate: '2027-09-01',
        endDate: '2027-09-30',
        startDateSubmission: '2027-09-01',
        endDateSubmission: '2027-09-10',
        startDateVoting: '2027-09-11',
        endDateVoting: '2027-09-30',
      },
      {
        objectTypeId: 'bfv-erd-picture-vote',
        headline: 'Schönstes Foto',
        startDate: '2027-10-01',
        endDate: '2027-10-31',
        startDateSubmission: '2027-10-01',
        endDateSubmission: '2027-10-10',
        startDateVoting: '2027-10-11',
        endDateVoting: '2027-10-31',
      },
    ];
    const made: string[] = [];
    for (const body of cases) {
      const res = await call('POST', '/api/operator/seasons/year-2027/challenges', body);
      expect(res.statusCode).toBe(201);
      made.push(res.json<SeasonChallengeCreatedDto>().id);
    }
    expect(made).toEqual(['wie-viele-zuschauer-2027', 'torjager-2027', 'dein-spruch-2027', 'schonstes-foto-2027']);
    const rows = await t.ctx.db.select().from(challenges).where(inArray(challenges.id, made));
    const byId = (id: string) => rows.find((r) => r.id === id)!;
    expect(byId('torjager-2027')).toMatchObject({
      points: DEFAULT_POINTS_TABLE,
      scoring: 'highest',
      rightAnswer: null,
      prizes: null,
      startDateVoting: null,
    });
    expect(byId('wie-viele-zuschauer-2027')).toMatchObject({ scoring: 'closest' });
    expect(byId('schonstes-foto-2027')).toMatchObject({ scoring: null, startDateVoting: '2027-10-11' });
    const items = (await season('year-2027')).challengeItems.map((c) => c.id);
    expect(items.slice(-4)).toEqual(made);
    const audit = await auditOf('season-challenge-create');
    expect(audit.map((a) => a.subjectId)).toEqual(made);
    expect(audit[0]).toMatchObject({
      subjectType: 'challenge',
      challengeId: 'wie-viele-zuschauer-2027',
      details: { yearId: 'year-2027', live: false, before: null, after: { position: 5, headline: 'Wie viele Zuschauer?' } },
    });

    // The same headline again: the next free id.
    const again = await call('POST', '/api/operator/seasons/year-2027/challenges', cases[1]);
    expect(again.json<SeasonChallengeCreatedDto>().id).toBe('torjager-2027-2');
  });

  test('refused: dates against the rules, a vote type without its windows, a day that does not exist (400 at the field)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ objectTypeId: 'bfv-erd-estimate', headline: 'X', startDate: '2027-09-30', endDate: '2027-09-01' }, 'startDate'],
      [{ objectTypeId: 'bfv-erd-text-vote', headline: 'X', startDate: '2027-09-01', endDate: '2027-09-30' }, 'startDateSubmission'],
      [
        { objectTypeId: 'bfv-erd-estimate', headline: 'X', startDate: '2027-09-01', endDate: '2027-09-30', startDateVoting: '2027-09-02' },
        'startDateVoting',
      ],
      [{ objectTypeId: 'bfv-erd-estimate', headline: 'X', startDate: '2027-02-30', endDate: '2027-09-30' }, 'startDate'],
      [{ objectTypeId: 'bfv-erd-quiz', headline: 'X', startDate: '2027-09-01', endDate: '2027-09-30' }, 'objectTypeId'],
      [{ objectTypeId: 'bfv-erd-estimate', headline: ' ', startDate: '2027-09-01', endDate: '2027-09-30' }, 'headline'],
    ];
    const before = await t.ctx.db.select().from(challenges).where(eq(challenges.yearId, 'year-2027'));
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/operator/seasons/year-2027/challenges', body);
      expect([body, res.statusCode, res.json().field]).toEqual([body, 400, field]);
    }
    expect(await t.ctx.db.select().from(challenges).where(eq(challenges.yearId, 'year-2027'))).toHaveLength(before.length);
    expect((await call('POST', '/api/operator/seasons/year-1999/challenges', cases[0]![0])).statusCode).toBe(400);
    expect(
      (
        await call('POST', '/api/operator/seasons/year-1999/challenges', {
          objectTypeId: 'bfv-erd-estimate',
          headline: 'X',
          startDate: '2027-09-01',
          endDate: '2027-09-30',
        })
      ).statusCode,
    ).toBe(404);
  });

  test('duplicated: right after it, headline with (Kopie), no right answer, no entries; audited', async () => {
    await t.ctx.db.update(challenges).set({ rightAnswer: 42 }).where(eq(challenges.id, 'schaetzen-2027'));
    const res = await call('POST', '/api/operator/season-challenges/schaetzen-2027/duplicate', {});
    expect(res.statusCode).toBe(201);
    const body = res.json<SeasonChallengeCreatedDto>();
    expect(body.id).toBe('schaetzen-2027-2');
    expect(body.season.challengeItems.slice(0, 3).map((c) => [c.position, c.id, c.headline])).toEqual([
      [1, 'schaetzen-2027', 'schaetzen-2026'],
      [2, 'schaetzen-2027-2', 'schaetzen-2026 (Kopie)'],
      [3, 'spruch-2027', 'Dein Spruch 2027'],
    ]);
    const [row] = await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'schaetzen-2027-2'));
    expect(row).toMatchObject({ rightAnswer: null, points: POINTS, prizes: PRIZES, startDate: '2027-04-30', resultsDate: '2027-06-04' });
    const [audit] = await auditOf('season-challenge-duplicate');
    expect(audit).toMatchObject({ subjectId: 'schaetzen-2027-2', details: { from: 'schaetzen-2027', after: { position: 2 } } });
  });

  test('removed without entries: gone, its unsent mails with it (sent ones stay as records); audited', async () => {
    await t.ctx.db.insert(notifications).values([
      {
        occasion: 'challenge-opens:torjager-2027-2:2027-09-01',
        recipient: 'account:a',
        kind: 'challenges',
        template: 'challenge-opens',
        params: { challengeId: 'torjager-2027-2', day: '2027-09-01' },
      },
      {
        occasion: 'challenge-opens:torjager-2027-2:2027-08-01',
        recipient: 'account:a',
        kind: 'challenges',
        template: 'challenge-opens',
        params: { challengeId: 'torjager-2027-2', day: '2027-08-01' },
        sentAt: TODAY,
      },
    ]);
    const missingReason = await call('DELETE', '/api/operator/season-challenges/torjager-2027-2', {});
    expect(missingReason.statusCode).toBe(400);
    expect(missingReason.json().field).toBe('reason');
    const res = await call('DELETE', '/api/operator/season-challenges/torjager-2027-2', { reason: 'Doppelt angelegt' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminSeasonDto>().challengeItems.map((c) => c.id)).not.toContain('torjager-2027-2');
    const left = await t.ctx.db.select().from(notifications).where(eq(notifications.template, 'challenge-opens'));
    expect(left.map((n) => n.occasion)).toEqual(['challenge-opens:torjager-2027-2:2027-08-01']);
    const [audit] = await auditOf('season-challenge-remove');
    expect(audit).toMatchObject({
      subjectId: 'torjager-2027-2',
      reason: 'Doppelt angelegt',
      details: { after: null, before: { id: 'torjager-2027-2', objectTypeId: 'bfv-erd-goals' }, unsentNotificationsDeleted: 1 },
    });
    expect((await call('DELETE', '/api/operator/season-challenges/torjager-2027-2', { reason: 'Doppelt angelegt' })).statusCode).toBe(404);
  });

  test('reordered: exactly the season’s ids (else 400), positions 1..n; the same order again writes nothing', async () => {
    const ids = (await season('year-2027')).challengeItems.map((c) => c.id);
    for (const wrong of [ids.slice(1), [...ids, 'old-2025'], [...ids.slice(1), ids[1]!], [...ids.slice(1), 'schaetzen-2026']]) {
      const res = await call('PUT', '/api/operator/seasons/year-2027/order', { ids: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'ids',
        message: 'Die Reihenfolge muss jede Challenge der Saison genau einmal enthalten. Lade die Saison neu.',
      });
    }
    const next = [...ids].reverse();
    const res = await call('PUT', '/api/operator/seasons/year-2027/order', { ids: next });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminSeasonDto>().challengeItems.map((c) => [c.position, c.id])).toEqual(next.map((id, i) => [i + 1, id]));
    const rows = await t.ctx.db.select().from(challenges).where(eq(challenges.yearId, 'year-2027'));
    expect(rows.map((r) => [r.id, r.position]).sort()).toEqual(next.map((id, i) => [id, i + 1]).sort());
    expect((await call('PUT', '/api/operator/seasons/year-2027/order', { ids: next })).statusCode).toBe(200);
    const audit = await auditOf('season-challenge-order');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ subjectType: 'year', subjectId: 'year-2027', details: { live: false, before: ids, after: next } });
  });
});

describe('challenges of the live season', () => {
  test('every change of the public numbering needs confirmLive (409 SeasonLive in German), nothing written before', async () => {
    const before = await seasonAudit();
    const cases = [
      call('POST', '/api/operator/seasons/year-2026/challenges', {
        objectTypeId: 'bfv-erd-estimate',
        headline: 'Nachzügler',
        startDate: '2026-09-01',
        endDate: '2026-09-30',
      }),
      call('POST', '/api/operator/season-challenges/spaet-2026/duplicate', {}),
      call('DELETE', '/api/operator/season-challenges/spaet-2026', { reason: 'Fällt aus' }),
      call('POST', '/api/operator/season-challenges/spaet-2026/withdraw', { reason: 'Fällt aus' }),
      call('PUT', '/api/operator/seasons/year-2026/order', { ids: ['spruch-2026', 'schaetzen-2026', 'tore-2026', 'spaet-2026'] }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'SeasonLive',
        field: 'confirmLive',
        message: 'Diese Saison ist live: die Änderung verschiebt die öffentliche Nummerierung (#n) der Challenges. Bitte bestätige sie.',
      });
    }
    expect(await seasonAudit()).toHaveLength(before.length);
    expect(await publicIds()).toEqual(['schaetzen-2026', 'spruch-2026', 'tore-2026', 'spaet-2026']);
  });

  test('removal is refused while a challenge has entries of any state (409 ChallengeHasEntries: withdraw instead)', async () => {
    const res = await call('DELETE', '/api/operator/season-challenges/spruch-2026', { reason: 'Fällt aus', confirmLive: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ChallengeHasEntries', message: expect.stringContaining('Ziehe sie stattdessen zurück') });
    expect(res.json().message).toMatch(/^Zu dieser Challenge gibt es schon 2 Beiträge/);
    expect(await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'spruch-2026'))).toHaveLength(1);
  });

  test('confirmed: a new challenge and a reorder show in the public space data at once', async () => {
    const made = await call('POST', '/api/operator/seasons/year-2026/challenges', {
      objectTypeId: 'bfv-erd-estimate',
      headline: 'Nachzügler',
      startDate: '2026-09-01',
      endDate: '2026-09-30',
      confirmLive: true,
    });
    expect(made.statusCode).toBe(201);
    expect(await publicIds()).toEqual(['schaetzen-2026', 'spruch-2026', 'tore-2026', 'spaet-2026', 'nachzugler-2026']);
    const order = ['spruch-2026', 'schaetzen-2026', 'tore-2026', 'nachzugler-2026', 'spaet-2026'];
    const res = await call('PUT', '/api/operator/seasons/year-2026/order', { ids: order, confirmLive: true, reason: 'Spruch zuerst' });
    expect(res.statusCode).toBe(200);
    expect(await publicIds()).toEqual(order);
    const [audit] = (await auditOf('season-challenge-order')).filter((a) => a.subjectId === 'year-2026');
    expect(audit).toMatchObject({ reason: 'Spruch zuerst', details: { live: true, after: order } });
    const removed = await call('DELETE', '/api/operator/season-challenges/nachzugler-2026', { reason: 'Doch nicht', confirmLive: true });
    expect(removed.statusCode).toBe(200);
    expect(await publicIds()).toEqual(['spruch-2026', 'schaetzen-2026', 'tore-2026', 'spaet-2026']);
  });

  test('withdrawn with a reason: out of the public space data, its entries stay; restored: back; audited both ways', async () => {
    const noReason = await call('POST', '/api/operator/season-challenges/spruch-2026/withdraw', { confirmLive: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().field).toBe('reason');

    const res = await call('POST', '/api/operator/season-challenges/spruch-2026/withdraw', {
      reason: 'Regelverstoß der Aufgabe',
      confirmLive: true,
    });
    expect(res.statusCode).toBe(200);
    const item = res.json<AdminSeasonDto>().challengeItems.find((c) => c.id === 'spruch-2026')!;
    expect(item).toMatchObject({ entries: 2, withdrawn: { reason: 'Regelverstoß der Aufgabe', at: TODAY.toISOString() } });
    expect(res.json<AdminSeasonDto>().challenges).toBe(3);
    expect(await publicIds()).toEqual(['schaetzen-2026', 'tore-2026', 'spaet-2026']);
    expect(await t.ctx.db.select().from(participations).where(eq(participations.challengeId, 'spruch-2026'))).toHaveLength(2);
    expect(await t.ctx.db.select().from(votes).where(eq(votes.challengeId, 'spruch-2026'))).toHaveLength(3);

    // Again: nothing changes, nothing written.
    expect(
      (await call('POST', '/api/operator/season-challenges/spruch-2026/withdraw', { reason: 'Nochmal', confirmLive: true })).statusCode,
    ).toBe(200);
    const withdrawn = await auditOf('season-challenge-withdraw');
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0]).toMatchObject({
      subjectType: 'challenge',
      subjectId: 'spruch-2026',
      reason: 'Regelverstoß der Aufgabe',
      details: { live: true, before: { withdrawn: null } },
    });

    const restored = await call('POST', '/api/operator/season-challenges/spruch-2026/restore', { reason: 'Doch wieder dabei' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<AdminSeasonDto>().challengeItems.find((c) => c.id === 'spruch-2026')!.withdrawn).toBeNull();
    expect(await publicIds()).toEqual(['spruch-2026', 'schaetzen-2026', 'tore-2026', 'spaet-2026']);
    expect((await call('POST', '/api/operator/season-challenges/spruch-2026/restore', { reason: 'Doch wieder dabei' })).statusCode).toBe(
      200,
    );
    const back = await auditOf('season-challenge-restore');
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      reason: 'Doch wieder dabei',
      details: { before: { withdrawn: { reason: 'Regelverstoß der Aufgabe' } }, after: { withdrawn: null } },
    });
  });
});

describe('the switch of the public season', () => {
  test('needs the confirmation and a reason (400), an existing season (404)', async () => {
    for (const [payload, field] of [
      [{ yearId: 'year-2027', confirm: true }, 'reason'],
      [{ yearId: 'year-2027', reason: 'x', confirm: true }, 'reason'],
      [{ yearId: 'year-2027', reason: 'Neue Saison' }, 'confirm'],
      [{ yearId: 'year-2027', reason: 'Neue Saison', confirm: false }, 'confirm'],
    ] as const) {
      const res = await call('PUT', '/api/operator/seasons/current', payload);
      expect([payload, res.statusCode, res.json().field]).toEqual([payload, 400, field]);
    }
    expect(
      (await call('PUT', '/api/operator/seasons/current', { yearId: 'year-1999', reason: 'Neue Saison', confirm: true })).statusCode,
    ).toBe(404);
    expect(await auditOf('season-switch')).toHaveLength(0);
  });

  test('the current one again changes nothing and writes nothing', async () => {
    const res = await call('PUT', '/api/operator/seasons/current', { yearId: 'year-2026', reason: 'Nochmal', confirm: true });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminSeasonListDto>().items.find((s) => s.current)!.id).toBe('year-2026');
    expect(await auditOf('season-switch')).toHaveLength(0);
  });

  test('switched: one audit row with before and after, the public space data shows the new season at once', async () => {
    expect((await spaceData()).year.sys.id).toBe('year-2026');
    const res = await call('PUT', '/api/operator/seasons/current', { yearId: 'year-2027', reason: 'Saisonstart 2027', confirm: true });
    expect(res.statusCode).toBe(200);
    const states = Object.fromEntries(res.json<AdminSeasonListDto>().items.map((s) => [s.id, [s.state, s.current]]));
    expect(states).toEqual({
      'year-2031': ['draft', false],
      'year-2030': ['draft', false],
      'year-2027': ['live', true],
      'year-2026': ['ended', false],
      'year-2025': ['ended', false],
    });
    const data = await spaceData();
    expect(data.year.sys.id).toBe('year-2027');
    expect(data.year.fields.year).toBe(2027);
    const [row] = await t.ctx.db.select().from(site);
    expect(row!.currentYearId).toBe('year-2027');
    const audit = await auditOf('season-switch');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      subjectType: 'year',
      subjectId: 'year-2027',
      actor: ADMIN.email,
      reason: 'Saisonstart 2027',
      details: { before: { currentYearId: 'year-2026', year: 2026 }, after: { currentYearId: 'year-2027', year: 2027 } },
    });
  });

  test('the audit log has every step, readable through its API', async () => {
    const res = await call('GET', '/api/operator/audit?size=200', undefined, moderator);
    expect(res.statusCode).toBe(200);
    const actions = new Set(res.json<{ items: Array<{ action: string }> }>().items.map((i) => i.action));
    for (const action of [
      'season-create',
      'season-copy',
      'season-switch',
      'season-challenge-create',
      'season-challenge-duplicate',
      'season-challenge-remove',
      'season-challenge-withdraw',
      'season-challenge-restore',
      'season-challenge-order',
    ]) {
      expect(actions).toContain(action);
    }
    const rows = await t.ctx.db
      .select()
      .from(moderationLog)
      .where(and(eq(moderationLog.subjectType, 'year'), eq(moderationLog.subjectId, 'year-2027')));
    expect(rows.map((r) => r.action).sort()).toEqual(['season-challenge-order', 'season-copy', 'season-switch']);
  });
});

(process.env.DATABASE_URL ? describe : describe.skip)('two instances on one PostgreSQL database', () => {
  test('a switch through one is served by the other’s public space data at the next page load', async () => {
    const other = await createTestApp({ database: t.database });
    try {
      // The other instance has the current season in its cache.
      expect((await spaceData(other.app)).year.sys.id).toBe('year-2027');
      expect((await spaceData(other.app)).year.sys.id).toBe('year-2027');
      const res = await call('PUT', '/api/operator/seasons/current', { yearId: 'year-2026', reason: 'Zurück zu 2026', confirm: true });
      expect(res.statusCode).toBe(200);
      // The notification arrives within milliseconds; a page load right after the answer may come before it.
      const started = Date.now();
      let seen = '';
      while (Date.now() - started < 5000) {
        seen = (await spaceData(other.app)).year.sys.id;
        if (seen === 'year-2026') break;
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(seen).toBe('year-2026');
      expect(Date.now() - started).toBeLessThan(1000);
      // And back through the other instance: this one sees it too.
      const session = await signInOperator(other.app, ADMIN);
      expect(
        (
          await call(
            'PUT',
            '/api/operator/seasons/current',
            { yearId: 'year-2027', reason: 'Wieder 2027', confirm: true },
            session,
            other.app,
          )
        ).statusCode,
      ).toBe(200);
      const again = Date.now();
      while (Date.now() - again < 5000 && (await spaceData()).year.sys.id !== 'year-2027') await new Promise((r) => setTimeout(r, 5));
      expect((await spaceData()).year.sys.id).toBe('year-2027');
    } finally {
      await other.close();
    }
  });
});
