import { eq } from 'drizzle-orm';
import { publicSeasonPaths, type PublicClubSeasonsDto, type PublicSeasonsDto } from '@erd/shared-contracts/schemas';
import type { StandingRowDto } from '@erd/shared-contracts/wire';
import { challenges, publishedResults, site, years } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import {
  seedChallenges,
  seedClubs,
  seedEstimateEntry,
  seedParticipation,
  seedYear,
  voteDates,
  yearTeasers,
} from '../../test-support/seed.js';
import { announce, topics } from '../cache/changes.js';

/**
 * The public archive of seasons (issue 26) through HTTP: the current season and the ended ones
 * with their public challenges (drafts and withdrawn challenges never), the club's results of the
 * ended seasons, and the result files of a season that is no longer current.
 */

let t: TestApp;
const TODAY = new Date('2026-06-15T10:00:00Z');
const teasers = yearTeasers();

const d2025 = voteDates(['2025-05-01', '2025-05-15'], ['2025-05-16', '2025-05-31']);

function row(clubId: string, place: number, points: number, extra: Partial<StandingRowDto> = {}): StandingRowDto {
  return {
    club: { _id: clubId, clubname: `Verein ${clubId}`, clubnumber: clubId.slice(5, 9), team: clubId.endsWith('-w') ? 'w' : 'm' },
    place,
    points,
    ...extra,
  } as StandingRowDto;
}

async function publish(kind: 'overall' | 'challenge', key: string, yearId: string, rows: StandingRowDto[]) {
  const body = JSON.stringify(rows);
  await t.ctx.db.insert(publishedResults).values({ kind, key, yearId, version: 1, rows, body, etag: `"${kind}-${key}-1"` });
}

beforeAll(async () => {
  t = await createTestApp({ now: TODAY });
  const db = t.ctx.db;
  const estimate = 'bfv-erd-estimate';
  await seedClubs(db, 6);
  // 2026: the current season (seedYear makes it current).
  await seedYear(db, 'year-2026');
  await seedChallenges(db, [
    { id: 'c26-est', yearId: 'year-2026', position: 0, type: estimate, dates: { startDate: '2026-06-01', endDate: '2026-06-30' } },
    { id: 'c26-slogan', yearId: 'year-2026', position: 1 },
  ]);
  // 2025: ended (its days are over; it has entries and published results), one challenge withdrawn.
  await db.insert(years).values([
    { id: 'year-2025', year: 2025, teasers },
    // 2027: a draft that starts next spring.
    { id: 'year-2027', year: 2027, teasers },
    // 2024: a draft without challenges (never public, no start).
    { id: 'year-2024', year: 2024, teasers },
    // 2028: a draft whose days lie in the future too, but later than 2027's.
    { id: 'year-2028', year: 2028, teasers },
  ]);
  await seedChallenges(db, [
    { id: 'a25-est', yearId: 'year-2025', position: 0, type: estimate, dates: { startDate: '2025-04-01', endDate: '2025-04-30' } },
    { id: 'a25-gone', yearId: 'year-2025', position: 1, dates: d2025 },
    { id: 'a25-slogan', yearId: 'year-2025', position: 2, dates: d2025 },
  ]);
  await db
    .update(challenges)
    .set({ withdrawnAt: new Date('2025-05-10T10:00:00Z'), withdrawnReason: 'Doppelt angelegt' })
    .where(eq(challenges.id, 'a25-gone'));
  await seedChallenges(db, [
    { id: 'n27-est', yearId: 'year-2027', position: 0, type: estimate, dates: { startDate: '2027-03-01', endDate: '2027-03-31' } },
    { id: 'n28-est', yearId: 'year-2028', position: 0, type: estimate, dates: { startDate: '2028-03-01', endDate: '2028-03-31' } },
  ]);

  await seedEstimateEntry(db, { id: 'e25-1', challengeId: 'a25-est', clubId: 'club-1000-m', estimate: 1200 });
  await seedParticipation(db, { id: 's25-1', challengeId: 'a25-slogan', clubId: 'club-1000-m', slogan: 'Auf geht’s!' });
  await seedParticipation(db, { id: 's25-2', challengeId: 'a25-slogan', clubId: 'club-1001-w', slogan: 'Hopp' });
  await seedParticipation(db, { id: 'g25-1', challengeId: 'a25-gone', clubId: 'club-1000-m', slogan: 'Weg' });
  // 2026 has an entry: once the site switches away from it, it is an ended season, not a draft.
  await seedEstimateEntry(db, { id: 'e26-1', challengeId: 'c26-est', clubId: 'club-1002-m', estimate: 7 });
  await publish('challenge', 'a25-est', 'year-2025', [row('club-1000-m', 1, 100, { estimate: 1200, rightEstimate: 1234 })]);
  await publish('challenge', 'a25-gone', 'year-2025', [row('club-1000-m', 1, 60, { votes: 3, slogan: 'Weg' })]);
  await publish('challenge', 'a25-slogan', 'year-2025', [
    row('club-1001-w', 1, 100, { votes: 9, slogan: 'Hopp', participationId: 's25-2' }),
    row('club-1000-m', 2, 80, { votes: 4, slogan: 'Auf geht’s!', participationId: 's25-1' }),
  ]);
  await publish('overall', 'year-2025', 'year-2025', [row('club-1000-m', 1, 180), row('club-1001-w', 2, 100)]);
});
afterAll(() => t.close());

const seasons = async () => {
  const res = await t.app.inject({ url: publicSeasonPaths.seasons, headers: { 'accept-encoding': 'identity' } });
  expect(res.statusCode).toBe(200);
  return { res, body: res.json() as PublicSeasonsDto };
};

describe('GET /api/public/seasons', () => {
  test('the current season and the ended one, newest first; drafts hidden; the next draft’s start', async () => {
    const { res, body } = await seasons();
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toContain('s-maxage=30');
    expect(body.currentId).toBe('year-2026');
    expect(body.seasons.map((s) => [s.id, s.year, s.state])).toEqual([
      ['year-2026', 2026, 'live'],
      ['year-2025', 2025, 'ended'],
    ]);
    expect(body.next).toEqual({ year: 2027, startDate: '2027-03-01' });
    const [live, ended] = body.seasons;
    expect(live!.resultsPublished).toBe(false);
    expect(live!.challenges.map((c) => [c.id, c.number])).toEqual([
      ['c26-est', 1],
      ['c26-slogan', 2],
    ]);
    expect(ended).toEqual({
      id: 'year-2025',
      year: 2025,
      state: 'ended',
      startDate: '2025-04-01',
      endDate: '2025-05-31',
      resultsPublished: true,
      challenges: [
        {
          id: 'a25-est',
          number: 1,
          objectTypeId: 'bfv-erd-estimate',
          headline: 'a25-est',
          startDate: '2025-04-01',
          endDate: '2025-04-30',
          resultsPublished: true,
        },
        // The withdrawn challenge is left out and not counted: the slogan challenge is #2.
        {
          id: 'a25-slogan',
          number: 2,
          objectTypeId: 'bfv-erd-text-vote',
          headline: 'a25-slogan',
          startDate: '2025-05-01',
          endDate: '2025-05-31',
          resultsPublished: true,
        },
      ],
    });
  });

  test('answered from memory with an ETag (304), and new after a switch of the current season', async () => {
    const first = await seasons();
    const etag = first.res.headers.etag as string;
    const again = await t.app.inject({ url: publicSeasonPaths.seasons, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    // The switch to 2027 (as the back office does it, announced on the change feed): 2026 is ended now, 2027 live.
    await t.ctx.db.update(site).set({ currentYearId: 'year-2027' }).where(eq(site.id, 'site'));
    await announce(t.ctx, [topics.content]);
    try {
      const after = await seasons();
      expect(after.res.headers.etag).not.toBe(etag);
      expect(after.body.currentId).toBe('year-2027');
      expect(after.body.seasons.map((s) => [s.year, s.state])).toEqual([
        [2027, 'live'],
        [2026, 'ended'],
        [2025, 'ended'],
      ]);
      expect(after.body.next).toEqual({ year: 2028, startDate: '2028-03-01' });
    } finally {
      await t.ctx.db.update(site).set({ currentYearId: 'year-2026' }).where(eq(site.id, 'site'));
      await announce(t.ctx, [topics.content]);
    }
    expect((await seasons()).body.currentId).toBe('year-2026');
  });

  test('a draft whose last day has passed counts as ended (listed); one that has not stays hidden', async () => {
    t.setNow(new Date('2027-04-15T10:00:00Z'));
    try {
      const { body } = await seasons();
      // 2027's only challenge ended on 31 March: a season of the past, listed; 2028 is still ahead.
      expect(body.seasons.map((s) => [s.year, s.state])).toEqual([
        [2027, 'ended'],
        [2026, 'live'],
        [2025, 'ended'],
      ]);
      expect(body.next).toEqual({ year: 2028, startDate: '2028-03-01' });
    } finally {
      t.setNow(TODAY);
    }
  });
});

describe('GET /api/public/clubs/{clubId}/seasons', () => {
  const club = async (clubId: string) => t.app.inject({ url: publicSeasonPaths.clubSeasons(clubId) });

  test('the club’s place, points and challenge rows of each ended season; the withdrawn challenge left out', async () => {
    const res = await club('club-1000-m');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual<PublicClubSeasonsDto>({
      clubId: 'club-1000-m',
      seasons: [
        {
          id: 'year-2025',
          year: 2025,
          overall: { place: 1, points: 180 },
          challenges: [
            {
              id: 'a25-est',
              number: 1,
              objectTypeId: 'bfv-erd-estimate',
              headline: 'a25-est',
              startDate: '2025-04-01',
              endDate: '2025-04-30',
              place: 1,
              points: 100,
              estimate: 1200,
              rightEstimate: 1234,
            },
            {
              id: 'a25-slogan',
              number: 2,
              objectTypeId: 'bfv-erd-text-vote',
              headline: 'a25-slogan',
              startDate: '2025-05-01',
              endDate: '2025-05-31',
              place: 2,
              points: 80,
              votes: 4,
              slogan: 'Auf geht’s!',
              participationId: 's25-1',
            },
          ],
        },
      ],
    });
  });

  test('a club without results in ended seasons has none; an unknown club is 404, a bad id 400', async () => {
    expect((await club('club-1002-m')).json()).toEqual({ clubId: 'club-1002-m', seasons: [] });
    const unknown = await club('club-9999-m');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Diesen Verein gibt es nicht.');
    expect((await t.app.inject({ url: '/api/public/clubs/a%01b/seasons' })).statusCode).toBe(400);
  });
});

describe('result files of a season that is no longer current', () => {
  test('the overall and challenge files of 2025 and 2026 are served before and after the switch', async () => {
    const names = [
      'overall-year-2025.json',
      'challenge-a25-est.json',
      'challenge-a25-slogan.json',
      'overall-year-2026.json',
      'challenge-c26-est.json',
    ];
    const read = async () =>
      Promise.all(
        names.map(async (name) => {
          const res = await t.app.inject({ url: `/results/${name}`, headers: { 'accept-encoding': 'identity' } });
          return [name, res.statusCode, (res.json() as StandingRowDto[]).map((r) => [r.club._id, r.place, r.points])];
        }),
      );
    const before = await read();
    expect(before[0]).toEqual([
      'overall-year-2025.json',
      200,
      [
        ['club-1000-m', 1, 180],
        ['club-1001-w', 2, 100],
      ],
    ]);
    expect(before[3]).toEqual(['overall-year-2026.json', 200, []]);
    await t.ctx.db.update(site).set({ currentYearId: 'year-2027' }).where(eq(site.id, 'site'));
    await announce(t.ctx, [topics.content]);
    try {
      expect(await read()).toEqual(before);
    } finally {
      await t.ctx.db.update(site).set({ currentYearId: 'year-2026' }).where(eq(site.id, 'site'));
      await announce(t.ctx, [topics.content]);
    }
  });
});
