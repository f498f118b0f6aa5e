import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { RuntimeConfigDto } from '@erd/shared-contracts/wire';
import { openDatabase } from '../../db/client.js';
import { createTestApp, writeFiles, type TestApp } from '../../test-support/app.js';
import type { TestDatabase } from '../../test-support/db.js';
import { mediaName } from '../media/store.js';
import { CHANGES_CHANNEL } from '../cache/changes.js';
import { CACHE_IMMUTABLE } from '../web/cache.js';
import { createReleaseStore } from './storage.js';

/**
 * Two instances of the app on one database (PostgreSQL: each with its own connections and
 * listener; PGlite: the same storage, `storage: 'database'`): a release made by the command line
 * (no change feed: a notification) or by one instance is named by /config.json on both at their
 * next request, and both serve its files; so is a rollback. Media stored by one instance are served
 * by the other. Nothing of it is in either instance's DATA_DIR.
 */

let a: TestApp;
let b: TestApp;
let secondDatabase: TestDatabase | null = null;

beforeAll(async () => {
  a = await createTestApp({ storage: 'database' });
  if (a.database.url) {
    const opened = await openDatabase({ databaseUrl: a.database.url });
    secondDatabase = { ...opened, url: a.database.url, destroy: () => opened.close() };
  }
  b = await createTestApp({ storage: 'database', database: secondDatabase ?? a.database });
  for (const t of [a, b]) writeFiles(path.join(t.webRoot, 'mf-standings/dist'), { 'mf-manifest.json': '{"build":"workspace"}' });
});
afterAll(async () => {
  await b.close();
  await secondDatabase?.destroy();
  await a.close();
});

const BIG = `console.log(${JSON.stringify('standings '.repeat(400))});`;

function build(version: string): string {
  const dir = path.join(a.dataDir, `standings-${version}`);
  writeFiles(dir, {
    'mf-manifest.json': JSON.stringify({ version }),
    'remoteEntry.js': `var mf_standings = "${version}";`,
    [`static/js/main.${version.padEnd(8, '0')}.js`]: BIG,
  });
  return dir;
}

const standings = async (t: TestApp) => {
  const res = await t.app.inject({ url: '/config.json' });
  expect(res.statusCode).toBe(200);
  return res.json<RuntimeConfigDto>().remotes.find((r) => r.name === 'mf_standings');
};

/** The other instance learns of a change by notification: a few milliseconds. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (const started = Date.now(); ;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > 5000) throw new Error(`not within 5 s: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The remote as the instance names it once the release is live there. */
const liveOn = (t: TestApp, release: string) =>
  until(
    () => standings(t),
    (r) => r?.release === release,
  );

/** What the command line does with DATABASE_URL: a store on the database without a change feed. */
const cli = () => createReleaseStore({ config: a.config, database: a.database });

test('a release by the command line is live on both instances; files under its id are immutable on both', async () => {
  expect(await standings(a)).toEqual({ name: 'mf_standings', entry: '/remotes/mf_standings/mf-manifest.json' });
  expect(await standings(b)).toEqual({ name: 'mf_standings', entry: '/remotes/mf_standings/mf-manifest.json' });
  expect((await b.app.inject({ url: '/remotes/mf_standings/mf-manifest.json' })).json()).toEqual({ build: 'workspace' });

  const created = await cli().create({ name: 'mf_standings', distDir: build('one'), id: 'one' });
  expect(created.pointer.entry).toBe('/remotes/mf_standings/one/mf-manifest.json');
  for (const t of [a, b]) {
    expect(await liveOn(t, 'one')).toEqual({
      name: 'mf_standings',
      entry: '/remotes/mf_standings/one/mf-manifest.json',
      release: 'one',
    });
    const manifest = await t.app.inject({ url: '/remotes/mf_standings/one/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ version: 'one' });
    expect(manifest.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    const chunk = await t.app.inject({ url: '/remotes/mf_standings/one/static/js/main.one00000.js', headers: { 'accept-encoding': 'br' } });
    expect(chunk.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(chunk.rawPayload).toString()).toBe(BIG);
    // The stable path follows the live release.
    expect((await t.app.inject({ url: '/remotes/mf_standings/remoteEntry.js' })).body).toBe('var mf_standings = "one";');
  }
  // Not a folder of either instance.
  for (const t of [a, b]) expect((await t.app.inject({ url: '/remotes/mf_standings/one/mf-manifest.json' })).statusCode).toBe(200);
  expect(fs.existsSync(path.join(a.dataDir, 'remotes'))).toBe(false);
  expect(fs.existsSync(path.join(b.dataDir, 'remotes'))).toBe(false);
});

test('a release and a rollback through one instance reach the other at its next page load', async () => {
  await a.releases.create({ name: 'mf_standings', distDir: build('two'), id: 'two' });
  // The releasing instance knows at once.
  expect((await standings(a))?.release).toBe('two');
  expect((await liveOn(b, 'two'))?.entry).toBe('/remotes/mf_standings/two/mf-manifest.json');
  expect((await b.app.inject({ url: '/remotes/mf_standings/two/mf-manifest.json' })).json()).toEqual({ version: 'two' });

  await b.releases.rollback({ name: 'mf_standings', id: 'one' });
  expect((await standings(b))?.release).toBe('one');
  expect((await liveOn(a, 'one'))?.entry).toBe('/remotes/mf_standings/one/mf-manifest.json');
  expect((await a.app.inject({ url: '/remotes/mf_standings/remoteEntry.js' })).body).toBe('var mf_standings = "one";');
  // Both releases stay servable under their ids (pages loaded before the switch still work).
  expect((await a.app.inject({ url: '/remotes/mf_standings/two/remoteEntry.js' })).body).toBe('var mf_standings = "two";');
});

test('while the feed is live the pointers come from memory; the change notification makes them current', async () => {
  await liveOn(b, 'one');
  // A pointer moved in the database without a notification is not seen (no read per request) …
  await a.database.db.execute(sql`update remote_live_releases set release_id = 'two' where remote = 'mf_standings'`);
  expect((await standings(b))?.release).toBe('one');
  // … until the change is announced.
  await cli().rollback({ name: 'mf_standings', id: 'two' });
  expect((await liveOn(b, 'two'))?.release).toBe('two');
});

(process.env.DATABASE_URL ? test : test.skip)(
  'PostgreSQL: while an instance does not listen, it reads the pointers per request',
  async () => {
    await liveOn(b, 'two');
    const listener = `LISTEN "${CHANGES_CHANNEL}"`;
    // Both instances' listening connections end (e.g. a network cut); they reconnect on their own.
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${listener}`,
    );
    await until(
      async () => b.app.changes.live,
      (live) => !live,
    );
    await a.database.db.execute(sql`update remote_live_releases set release_id = 'one' where remote = 'mf_standings'`);
    expect((await standings(b))?.release).toBe('one');
    await until(
      async () => b.app.changes.live,
      (live) => live,
    );
    await a.database.db.execute(sql`update remote_live_releases set release_id = 'two' where remote = 'mf_standings'`);
    // Back: what it keeps was loaded after the reconnection; a change needs its notification again.
    await cli().rollback({ name: 'mf_standings', id: 'two' });
    expect((await liveOn(b, 'two'))?.release).toBe('two');
  },
);

test('a file a release does not have is a 404 that is not kept', async () => {
  const res = await b.app.inject({ url: '/remotes/mf_standings/two/static/js/other.00000000.js' });
  expect(res.statusCode).toBe(404);
  expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable|max-age=[1-9]/);
  expect((await b.app.inject({ url: '/remotes/mf_standings/nope/mf-manifest.json' })).statusCode).toBe(404);
});

test('media stored by one instance are served by the other', async () => {
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><text>${'Punkte '.repeat(300)}</text></svg>`);
  const name = mediaName(svg, 'Teaser.svg');
  // Not there yet: a 404, not kept …
  expect((await b.app.inject({ url: `/media/${name}` })).statusCode).toBe(404);
  const stored = await a.ctx.media.put(svg, 'Teaser.svg');
  expect(stored).toEqual({ name, url: `/media/${name}`, created: true });
  expect(await a.ctx.media.put(svg, 'Teaser.svg')).toMatchObject({ created: false });
  // … served once stored, by both.
  for (const t of [b, a]) {
    const res = await t.app.inject({ url: stored.url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).equals(svg)).toBe(true);
    const again = await t.app.inject({ url: stored.url, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  }
  expect(fs.existsSync(path.join(a.dataDir, 'media'))).toBe(false);
});
