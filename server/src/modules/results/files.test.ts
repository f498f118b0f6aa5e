import { createTestApp, type TestApp } from '../../test-support/app.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { createResultFiles } from './files.js';
import { publishChallengeResults } from './service.js';

/**
 * The result files in memory: a version published elsewhere (another instance, the CLI) is served
 * once the recheck time has passed, never before its tag changed; the publishing instance drops its copy at once.
 */

let t: TestApp;
const actor = { operatorId: null, name: 'cli:test' };
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T10:00:00Z') });
  await seedYear(t.ctx.db, 'year-f');
  await seedClubs(t.ctx.db, 2);
  await seedChallenge(t.ctx.db, { id: 'f-est', yearId: 'year-f', type: 'bfv-erd-estimate', dates: { startDate: '2026-05-01', endDate: '2026-05-31' }, rightAnswer: 10 });
  await seedParticipation(t.ctx.db, { id: 'f1', challengeId: 'f-est', clubId: 'club-1000-m', objectTypeId: 'bfv-erd-estimate-participation', slogan: null, estimate: 9 });
});
afterAll(() => t.close());

test('served from memory until the recheck; then the new version; invalidate drops it at once', async () => {
  let now = 1_000_000;
  const files = createResultFiles(t.ctx.db, { recheckMs: 1000, clock: () => now });
  const empty = await files.get('overall-year-f.json');
  expect(JSON.parse(empty.body.toString())).toEqual([]);
  expect(empty.lastModified).toBeNull();

  await publishChallengeResults({ ctx: t.ctx, input: { challengeId: 'f-est', body: { expectedVersion: 0 }, actor } });
  now += 999;
  expect(await files.get('overall-year-f.json')).toBe(empty);
  now += 1;
  const published = await files.get('overall-year-f.json');
  expect(JSON.parse(published.body.toString())).toEqual([
    { club: { _id: 'club-1000-m', clubname: 'Verein 0000', clubnumber: '1000', team: 'm' }, points: 100, place: 1 },
  ]);
  expect(published.etag).not.toBe(empty.etag);
  expect(published.lastModified).toEqual(new Date('2026-06-15T10:00:00Z'));

  // Unchanged tag: the same buffers, no new compression.
  now += 5000;
  expect(await files.get('overall-year-f.json')).toBe(published);

  // A correction published here: dropped at once.
  await seedParticipation(t.ctx.db, { id: 'f2', challengeId: 'f-est', clubId: 'club-1000-w', objectTypeId: 'bfv-erd-estimate-participation', slogan: null, estimate: 10 });
  await publishChallengeResults({ ctx: t.ctx, input: { challengeId: 'f-est', body: { expectedVersion: 1, reason: 'Nachtrag' }, actor } });
  files.invalidate('overall', 'year-f');
  const corrected = await files.get('overall-year-f.json');
  expect(JSON.parse(corrected.body.toString()).map((r: { club: { _id: string } }) => r.club._id)).toEqual(['club-1000-w', 'club-1000-m']);
});

test('many requests at once cause one load; unknown names are not kept', async () => {
  const files = createResultFiles(t.ctx.db);
  const all = await Promise.all(Array.from({ length: 50 }, () => files.get('challenge-f-est.json')));
  expect(new Set(all).size).toBe(1);
  await expect(files.get('challenge-unbekannt.json')).rejects.toMatchObject({ statusCode: 404 });
  await expect(files.get('../etc/passwd')).rejects.toMatchObject({ statusCode: 404 });
});
