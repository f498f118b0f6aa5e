import type { StandingRowDto } from '@erd/shared-contracts/wire';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { seedChallenge, seedResult, seedYear } from '../../test-support/seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rows: StandingRowDto[] = [
  { club: { _id: 'club-1-m', clubname: 'Eins', clubnumber: '1', team: 'm' }, points: 180, place: 1 },
  { club: { _id: 'club-2-w', clubname: 'Zwei', clubnumber: '2', team: 'w', logourl: '/media/z.0123456789abcdef.svg' }, points: 80, place: 2 },
];

test('an existing year or challenge without published results has an empty table', async () => {
  await seedYear(t.ctx.db, 'year-empty');
  await seedChallenge(t.ctx.db, { id: 'challenge-empty', yearId: 'year-empty' });
  for (const url of ['/results/overall-year-empty.json', '/results/challenge-challenge-empty.json']) {
    const res = await t.app.inject({ url });
    expect([url, res.statusCode]).toEqual([url, 200]);
    expect(res.json()).toEqual([]);
    expect(res.headers['last-modified']).toBeUndefined();
  }
});

test('404 for unknown years, challenges and file names', async () => {
  for (const url of ['/results/overall-year-2026.json', '/results/challenge-challenge-a.json', '/results/other.json', '/results/overall-.json']) {
    const res = await t.app.inject({ url });
    expect([url, res.statusCode]).toEqual([url, 404]);
    expect(res.json()).toMatchObject({ code: 'NotFound' });
  }
});

test('200 with the JSON array of standing rows once published', async () => {
  await seedResult(t.ctx.db, 'overall', 'year-2026', rows);
  await seedResult(t.ctx.db, 'challenge', 'challenge-a', [{ ...rows[0]!, challengeNumber: 1, estimate: 1200, rightEstimate: 1234 }]);
  const overall = await t.app.inject({ url: '/results/overall-year-2026.json' });
  expect(overall.statusCode).toBe(200);
  expect(overall.headers['access-control-allow-origin']).toBe('*');
  expect(overall.headers['last-modified']).toBe('Fri, 01 May 2026 10:00:00 GMT');
  expect(overall.json()).toEqual(rows);
  const challenge = await t.app.inject({ url: '/results/challenge-challenge-a.json' });
  expect(challenge.json()).toEqual([{ ...rows[0], challengeNumber: 1, estimate: 1200, rightEstimate: 1234 }]);
  expect((await t.app.inject({ url: '/results/challenge-year-2026.json' })).statusCode).toBe(404);
});
