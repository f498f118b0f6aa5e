import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { remoteReleaseFiles, remoteReleases } from '../../db/schema/index.js';
import { tempDir, writeFiles } from '../../test-support/app.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { createChangeFeed, topics } from '../cache/changes.js';
import { createDatabaseReleaseStore } from './database-store.js';
import { releaseEntry } from './service.js';

/**
 * Releases in the database (PostgreSQL in production; the same code on PGlite here when
 * DATABASE_URL is not set): release, list, rollback; a release and its pointer in one
 * transaction, so a copy that fails half-way leaves the old release live and nothing of the new one.
 */

let database: TestDatabase;
let root: string;
let dist: string;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(() => {
  root = tempDir('erd-db-releases-');
  dist = path.join(root, 'mf-standings/dist');
  writeFiles(dist, {
    'mf-manifest.json': '{"name":"mf_standings"}',
    'remoteEntry.js': 'entry',
    'static/js/1.abcdef12.js': 'chunk',
    'static/js/1.abcdef12.js.br': Buffer.from([1, 2, 3]),
  });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const store = (readFile?: (file: string) => Promise<Buffer>) => createDatabaseReleaseStore({ ctx: { db: database.db }, readFile });

test('release stores the build and switches the pointer; list; rollback switches back', async () => {
  const releases = store();
  expect((await releases.index()).live.get('mf_standings')).toBeUndefined();
  expect(await releases.list('mf_standings')).toEqual([]);
  const now = new Date('2026-05-01T12:34:56.789Z');
  const first = await releases.create({ name: 'mf_standings', distDir: dist, now });
  expect(first.id).toMatch(/^20260501T123456Z-[0-9a-f]{8}$/);
  expect(first.files).toBe(4);
  expect(first.pointer).toEqual({
    release: first.id,
    entry: `/remotes/mf_standings/${first.id}/mf-manifest.json`,
    publishedAt: '2026-05-01T12:34:56.789Z',
  });
  const files = await releases.files('mf_standings', first.id, [
    'static/js/1.abcdef12.js',
    'static/js/1.abcdef12.js.br',
    'mf-manifest.json',
    'nope.js',
  ]);
  expect(Object.fromEntries(files.map((f) => [f.path, [f.contentType, f.data.toString('hex')]]))).toEqual({
    'mf-manifest.json': ['application/json; charset=utf-8', Buffer.from('{"name":"mf_standings"}').toString('hex')],
    'static/js/1.abcdef12.js': ['application/javascript; charset=utf-8', Buffer.from('chunk').toString('hex')],
    'static/js/1.abcdef12.js.br': ['application/octet-stream', '010203'],
  });
  expect(Buffer.isBuffer(files[0]!.data)).toBe(true);
  expect([...((await releases.paths('mf_standings', first.id)) ?? new Map())].sort()).toEqual([
    ['mf-manifest.json', 23],
    ['remoteEntry.js', 5],
    ['static/js/1.abcdef12.js', 5],
    ['static/js/1.abcdef12.js.br', 3],
  ]);

  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'entry v2');
  const second = await releases.create({ name: 'mf_standings', distDir: dist, id: 'v2', now: new Date('2026-05-02T00:00:00Z') });
  expect(second.pointer.entry).toBe(releaseEntry('mf_standings', 'v2'));
  expect((await releases.index()).live.get('mf_standings')?.release).toBe('v2');
  expect((await releases.list('mf_standings')).map((r) => [r.id, r.current])).toEqual([
    [first.id, false],
    ['v2', true],
  ]);

  const back = await releases.rollback({ name: 'mf_standings', id: first.id, now: new Date('2026-05-03T00:00:00Z') });
  expect(back).toEqual({ release: first.id, entry: releaseEntry('mf_standings', first.id), publishedAt: '2026-05-03T00:00:00.000Z' });
  const index = await releases.index();
  expect(index.live.get('mf_standings')?.release).toBe(first.id);
  expect(index.releases).toEqual(new Set([`mf_standings/${first.id}`, 'mf_standings/v2']));
  // The other remotes are untouched.
  expect(index.live.get('mf_auth')).toBeUndefined();
});

test('refuses a build without manifest, an existing or invalid id, and an unknown rollback target', async () => {
  const releases = store();
  const empty = path.join(root, 'empty');
  fs.mkdirSync(empty);
  await expect(releases.create({ name: 'mf_auth', distDir: empty })).rejects.toThrow(/has no mf-manifest\.json/);
  await releases.create({ name: 'mf_auth', distDir: dist, id: 'x1' });
  await expect(releases.create({ name: 'mf_auth', distDir: dist, id: 'x1' })).rejects.toThrow(/Release "x1" of mf_auth already exists/);
  await expect(releases.create({ name: 'mf_auth', distDir: dist, id: '../evil' })).rejects.toThrow(/Invalid release id/);
  await expect(releases.rollback({ name: 'mf_auth', id: 'nope' })).rejects.toThrow(/Release "nope" of mf_auth not found/);
  await expect(releases.rollback({ name: 'mf_auth', id: '../x' })).rejects.toThrow(/not found/);
  // A release id of another remote is not this remote's.
  await expect(releases.rollback({ name: 'mf_profile', id: 'x1' })).rejects.toThrow(/not found/);
  expect((await releases.index()).live.get('mf_auth')?.release).toBe('x1');
  expect(await releases.list('mf_profile')).toEqual([]);
});

test('a copy that fails half-way leaves the old release live and nothing of the new one', async () => {
  // Enough files for several INSERT statements before the failure.
  writeFiles(
    dist,
    Object.fromEntries(
      Array.from({ length: 450 }, (_, i) => [`static/media/${String(i).padStart(3, '0')}.0a1b2c3d.svg`, `<svg>${i}</svg>`]),
    ),
  );
  await store().create({ name: 'mf_challenges', distDir: dist, id: 'good' });
  let reads = 0;
  const failing = store(async (file) => {
    reads += 1;
    if (reads === 420) throw new Error('disk gone');
    return fs.promises.readFile(file);
  });
  await expect(failing.create({ name: 'mf_challenges', distDir: dist, id: 'bad' })).rejects.toThrow('disk gone');
  expect(reads).toBe(420);
  const releases = store();
  expect((await releases.index()).live.get('mf_challenges')?.release).toBe('good');
  expect((await releases.list('mf_challenges')).map((r) => r.id)).toEqual(['good']);
  const left = await database.db.execute(sql`select count(*)::int as n from ${remoteReleaseFiles} where release_id = 'bad'`);
  expect((left as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  // The id is free again: the same release made once the build is readable.
  await releases.create({ name: 'mf_challenges', distDir: dist, id: 'bad' });
  expect((await releases.paths('mf_challenges', 'bad'))?.size).toBe(454);
  expect((await database.db.select().from(remoteReleases)).find((r) => r.id === 'bad')?.bytes).toBeGreaterThan(450 * 11);
});

test('readers never see a release without its files: the pointer and the files commit together', async () => {
  const releases = store();
  await releases.create({ name: 'mf_profile', distDir: dist, id: 'p1' });
  let stop = false;
  const seen: string[] = [];
  const reader = (async () => {
    while (!stop) {
      const live = (await releases.index()).live.get('mf_profile');
      if (live) {
        const manifest = await releases.files('mf_profile', live.release, ['mf-manifest.json']);
        seen.push(`${live.release}:${manifest.length}`);
      }
      // PGlite answers without touching the event loop: let the release's file reads run.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  for (let i = 2; i <= 6; i++) await releases.create({ name: 'mf_profile', distDir: dist, id: `p${i}` });
  stop = true;
  await reader;
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((s) => !s.endsWith(':1'))).toEqual([]);
});

test('a release and a rollback are announced on the change feed (the CLI has no feed: by notification)', async () => {
  const feed = createChangeFeed(database);
  await feed.start();
  try {
    const before = feed.changedAt([topics.releases]);
    await store().create({ name: 'mf_backoffice', distDir: dist, id: 'b1' });
    for (const started = Date.now(); feed.changedAt([topics.releases]) === before;) {
      if (Date.now() - started > 5000) throw new Error('no notification within 5 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    const afterRelease = feed.changedAt([topics.releases]);
    await store().create({ name: 'mf_backoffice', distDir: dist, id: 'b2' });
    // A store with the instance's own feed: its copies are dropped before the call answers.
    const own = createDatabaseReleaseStore({ ctx: { db: database.db, changes: feed } });
    const beforeRollback = feed.changedAt([topics.releases]);
    await own.rollback({ name: 'mf_backoffice', id: 'b1' });
    expect(feed.changedAt([topics.releases])).toBeGreaterThan(Math.max(beforeRollback, afterRelease));
  } finally {
    await feed.stop();
  }
});
