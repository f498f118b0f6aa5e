import fs from 'node:fs';
import path from 'node:path';
import { tempDir, writeFiles } from '../../test-support/app.js';
import { createRelease, listReleases, parseRemoteName, readCurrentRelease, releaseEntry, rollbackRelease } from './service.js';

let root: string;
let remotesDir: string;
let dist: string;

beforeEach(() => {
  root = tempDir('erd-releases-');
  remotesDir = path.join(root, 'remotes');
  dist = path.join(root, 'mf-standings/dist');
  writeFiles(dist, {
    'mf-manifest.json': '{"name":"mf_standings"}',
    'remoteEntry.js': 'entry',
    'static/js/1.abcdef12.js': 'chunk',
  });
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

test('parseRemoteName accepts the folder or the container name', () => {
  expect(parseRemoteName('mf-standings')).toBe('mf_standings');
  expect(parseRemoteName('mf_auth')).toBe('mf_auth');
  expect(() => parseRemoteName('mf-nope')).toThrow(
    /Unknown remote "mf-nope"\. Use one of: mf-auth, mf-challenges, mf-standings, mf-profile, mf-backoffice$/,
  );
  expect(parseRemoteName('mf-backoffice')).toBe('mf_backoffice');
});

test('release copies the build and switches current.json; rollback switches back', async () => {
  expect(await readCurrentRelease(remotesDir, 'mf_standings')).toBeNull();
  const now = new Date('2026-05-01T12:34:56.789Z');
  const first = await createRelease({ remotesDir, name: 'mf_standings', distDir: dist, now });
  expect(first.id).toMatch(/^20260501T123456Z-[0-9a-f]{8}$/);
  expect(first.files).toBe(3);
  expect(fs.readFileSync(path.join(remotesDir, 'mf_standings', first.id, 'static/js/1.abcdef12.js'), 'utf8')).toBe('chunk');
  expect(await readCurrentRelease(remotesDir, 'mf_standings')).toEqual({
    release: first.id,
    entry: `/remotes/mf_standings/${first.id}/mf-manifest.json`,
    publishedAt: '2026-05-01T12:34:56.789Z',
  });

  // Same build again later: a new id (timestamp), same content hash.
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'entry v2');
  const second = await createRelease({ remotesDir, name: 'mf_standings', distDir: dist, id: 'v2' });
  expect((await readCurrentRelease(remotesDir, 'mf_standings'))?.release).toBe('v2');
  expect(second.pointer.entry).toBe(releaseEntry('mf_standings', 'v2'));

  // No temp files are left behind.
  expect(fs.readdirSync(path.join(remotesDir, 'mf_standings')).sort()).toEqual([first.id, 'current.json', 'v2'].sort());

  const releases = await listReleases(remotesDir, 'mf_standings');
  expect(releases.map((r) => [r.id, r.current])).toEqual(
    expect.arrayContaining([
      [first.id, false],
      ['v2', true],
    ]),
  );

  const back = await rollbackRelease({ remotesDir, name: 'mf_standings', id: first.id });
  expect(back.release).toBe(first.id);
  expect((await readCurrentRelease(remotesDir, 'mf_standings'))?.release).toBe(first.id);
});

test('refuses a build without manifest, an existing or invalid id, and an unknown rollback target', async () => {
  const empty = path.join(root, 'empty');
  fs.mkdirSync(empty);
  await expect(createRelease({ remotesDir, name: 'mf_auth', distDir: empty })).rejects.toThrow(/has no mf-manifest\.json/);
  await createRelease({ remotesDir, name: 'mf_auth', distDir: dist, id: 'x1' });
  await expect(createRelease({ remotesDir, name: 'mf_auth', distDir: dist, id: 'x1' })).rejects.toThrow(/already exists/);
  await expect(createRelease({ remotesDir, name: 'mf_auth', distDir: dist, id: '../evil' })).rejects.toThrow(/Invalid release id/);
  await expect(rollbackRelease({ remotesDir, name: 'mf_auth', id: 'nope' })).rejects.toThrow(/not found/);
  expect((await readCurrentRelease(remotesDir, 'mf_auth'))?.release).toBe('x1');
  expect(await listReleases(remotesDir, 'mf_profile')).toEqual([]);
});

test('the pointer is replaced atomically: readers never see a partial file', async () => {
  await createRelease({ remotesDir, name: 'mf_profile', distDir: dist, id: 'a' });
  await createRelease({ remotesDir, name: 'mf_profile', distDir: dist, id: 'b' });
  const ids = new Set<string | undefined>();
  let stop = false;
  const reader = (async () => {
    while (!stop) {
      const raw = fs.readFileSync(path.join(remotesDir, 'mf_profile/current.json'), 'utf8');
      ids.add((JSON.parse(raw) as { release: string }).release);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  for (let i = 0; i < 20; i++) await rollbackRelease({ remotesDir, name: 'mf_profile', id: i % 2 ? 'a' : 'b' });
  stop = true;
  await reader;
  expect([...ids].every((id) => id === 'a' || id === 'b')).toBe(true);
});
