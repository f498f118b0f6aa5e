import { createTestApp, type TestApp } from '../../test-support/app.js';
import { seedChallenge, seedClubs, seedEstimateEntry, seedYear } from '../../test-support/seed.js';
import { createChangeFeed, topics } from '../cache/changes.js';
import { createResultFiles } from './files.js';
import { publishChallengeResults } from './service.js';

/**
 * The result files in memory (modules/cache): kept until a publication announces them — at once on
 * the publishing instance, on another one when the notification arrives (the CLI only notifies) —
 * read from the database on every request while the change feed is not live.
 */

let t: TestApp;
const actor = { operatorId: null, name: 'cli:test' };
const ids = (file: { body: Buffer }) => (JSON.parse(file.body.toString()) as { club: { _id: string } }[]).map((r) => r.club._id);

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T10:00:00Z') });
  await seedYear(t.ctx.db, 'year-f');
  await seedClubs(t.ctx.db, 3);
  await seedChallenge(t.ctx.db, {
    id: 'f-est',
    yearId: 'year-f',
    type: 'bfv-erd-estimate',
    dates: { startDate: '2026-05-01', endDate: '2026-05-31' },
    rightAnswer: 10,
  });
  await seedEstimateEntry(t.ctx.db, { id: 'f1', challengeId: 'f-est', clubId: 'club-1000-m', estimate: 9 });
});
afterAll(() => t.close());

test('kept in memory until a publication of this instance, which drops it before it returns', async () => {
  const files = createResultFiles(t.ctx.db, t.app.changes);
  const empty = await files.get('overall-year-f.json');
  expect(JSON.parse(empty.body.toString())).toEqual([]);
  expect(empty.lastModified).toBeNull();
  expect(await files.get('overall-year-f.json')).toBe(empty);

  await publishChallengeResults({ ctx: t.ctx, input: { challengeId: 'f-est', body: { expectedVersion: 0 }, actor } });
  const published = await files.get('overall-year-f.json');
  expect(JSON.parse(published.body.toString())).toEqual([
    { club: { _id: 'club-1000-m', clubname: 'Verein 0000', clubnumber: '1000', team: 'm' }, points: 100, place: 1 },
  ]);
  expect(published.etag).not.toBe(empty.etag);
  expect(published.lastModified).toEqual(new Date('2026-06-15T10:00:00Z'));
  // Compressed once: the same buffers until the next change.
  expect(await files.get('overall-year-f.json')).toBe(published);
});

test('a publication elsewhere (the CLI: a notification only) is served once it arrives, and not from memory before', async () => {
  const files = createResultFiles(t.ctx.db, t.app.changes);
  const before = await files.get('overall-year-f.json');
  // Written behind the cache's back (no announcement): the copy in memory stays.
  await seedEstimateEntry(t.ctx.db, { id: 'f2', challengeId: 'f-est', clubId: 'club-1000-w', estimate: 10 });
  expect(await files.get('overall-year-f.json')).toBe(before);
  const cli = { db: t.ctx.db, now: t.ctx.now, log: t.ctx.log };
  const topic = [topics.result('overall', 'year-f')];
  const changedAt = t.app.changes.changedAt(topic);
  await publishChallengeResults({ ctx: cli, input: { challengeId: 'f-est', body: { expectedVersion: 1, reason: 'Nachtrag' }, actor } });
  for (let waited = 0; t.app.changes.changedAt(topic) === changedAt; waited += 10) {
    if (waited > 5000) throw new Error('no notification within 5 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  const after = await files.get('overall-year-f.json');
  expect(after).not.toBe(before);
  expect(ids(after)).toEqual(['club-1000-w', 'club-1000-m']);
});

test('many requests at once cause one load; unknown names are not kept', async () => {
  const files = createResultFiles(t.ctx.db, t.app.changes);
  const all = await Promise.all(Array.from({ length: 50 }, () => files.get('challenge-f-est.json')));
  expect(new Set(all).size).toBe(1);
  await expect(files.get('challenge-unbekannt.json')).rejects.toMatchObject({ statusCode: 404 });
  await expect(files.get('../etc/passwd')).rejects.toMatchObject({ statusCode: 404 });
});

test('while the feed is not live every request reads the database (unchanged bytes are not compressed again)', async () => {
  let onLive: (live: boolean) => void = () => undefined;
  const feed = createChangeFeed({
    db: t.ctx.db,
    listen: async (_channel, _payload, live) => {
      onLive = live;
      live(true);
      return async () => undefined;
    },
  });
  await feed.start();
  const files = createResultFiles(t.ctx.db, feed);
  const first = await files.get('overall-year-f.json');
  onLive(false);
  await seedEstimateEntry(t.ctx.db, { id: 'f3', challengeId: 'f-est', clubId: 'club-1001-m', estimate: 11 });
  // Published without any announcement reaching this feed: still served at once.
  await publishChallengeResults({
    ctx: { db: t.ctx.db, now: t.ctx.now, log: t.ctx.log },
    input: { challengeId: 'f-est', body: { expectedVersion: 2, reason: 'Nachtrag 2' }, actor },
  });
  const fresh = await files.get('overall-year-f.json');
  expect(fresh.etag).not.toBe(first.etag);
  expect(ids(fresh)).toContain('club-1001-m');
  expect(await files.get('overall-year-f.json')).toBe(fresh);
  // Back: every copy loaded before is dropped, and kept again from then on.
  onLive(true);
  const again = await files.get('overall-year-f.json');
  expect(again.etag).toBe(fresh.etag);
  expect(await files.get('overall-year-f.json')).toBe(again);
  expect(feed.changedAt([topics.result('overall', 'year-f')])).toBeGreaterThan(0);
  await feed.stop();
});
