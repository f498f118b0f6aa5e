import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, writeFiles, type TestApp } from '../../test-support/app.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { CACHE_HTML, CACHE_IMMUTABLE } from './cache.js';

let t: TestApp;
const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>';
const BACKOFFICE =
  '<!doctype html><html><head><meta name="robots" content="noindex"></head><body><div id="root"></div><script src="/backoffice.js"></script></body></html>';
const BIG_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  t = await createTestApp();
  await seedClubs(t.ctx.db, 2); // club-1000-m, club-1000-w
  await seedYear(t.ctx.db);
  await seedChallenge(t.ctx.db, { id: 'c-1' });
  await seedParticipation(t.ctx.db, { id: 'p-1', challengeId: 'c-1', clubId: 'club-1000-m' });
  await seedParticipation(t.ctx.db, { id: 'p-2', challengeId: 'c-1', clubId: 'club-1000-w', state: 'pending' });
  writeFiles(path.join(t.webRoot, 'host/dist'), {
    'index.html': INDEX,
    'backoffice.html': BACKOFFICE,
    'main.js': 'console.log("main")',
    'backoffice.js': 'console.log("backoffice")',
    '123.0a1b2c3d.js': BIG_JS,
    '123.0a1b2c3d.js.br': zlib.brotliCompressSync(BIG_JS),
    '123.0a1b2c3d.js.gz': zlib.gzipSync(BIG_JS),
    'assets/logo.9f8e7d6c5b.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  writeFiles(path.join(t.webRoot, 'mf-challenges/dist'), {
    'mf-manifest.json': '{"name":"mf_challenges"}',
    'remoteEntry.js': 'var mf_challenges;',
    '456.abcdef12.js': 'chunk()',
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('HTML routing', () => {
  test.each([
    '/',
    '/challenge',
    '/challenge/c-1',
    '/challenge/c-1/p-1',
    '/login',
    '/profil',
    '/tabelle',
    '/tabelle/c-1',
    '/terms',
    '/dataprotection',
    '/imprint',
    '/club/club-1000-w',
  ])('%s → the app with 200', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe(CACHE_HTML);
    expect(res.body).toBe(INDEX);
  });

  test.each([
    '/not-found',
    '/does/not/exist',
    '/club/club-unknown-m',
    '/challenges',
    '/challenge/c-9',
    '/challenge/c-1/p-9',
    '/challenge/c-1/p-2',
    '/challenge/c-9/p-1',
    '/tabelle/c-9',
  ])('%s → the app with 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe(CACHE_HTML);
    expect(res.body).toBe(INDEX);
  });

  test('public pages carry no robots header', async () => {
    for (const url of ['/', '/challenge', '/not-found', '/backoffices', '/back/office']) {
      expect([url, (await get(url)).headers['x-robots-tag']]).toEqual([url, undefined]);
    }
    expect((await get('/backoffices')).statusCode).toBe(404);
  });

  test('the pages set no cookie: they are publicly cacheable (the anti-forgery cookie has its own private answer)', async () => {
    for (const url of ['/', '/challenge', '/not-found', '/backoffice', '/backoffice/anmeldung']) {
      const res = await get(url);
      expect([url, res.headers['cache-control'], res.headers['set-cookie']]).toEqual([url, CACHE_HTML, undefined]);
    }
  });

  test('a missing file or API path is a plain 404, not the app', async () => {
    for (const url of ['/missing.js', '/assets/nope.png', '/api/nothing', '/content/whatever', '/results/', '/identity']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json()).toMatchObject({ code: 'NotFound' });
    }
  });
});

describe('back office', () => {
  test.each(['/backoffice', '/backoffice/', '/backoffice/anmeldung', '/backoffice/gibt/es/nicht', '/backoffice?x=1'])(
    '%s → the back-office page with 200 and noindex',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['cache-control']).toBe(CACHE_HTML);
      expect(res.body).toBe(BACKOFFICE);
    },
  );

  test('its files carry noindex as well; the public entry does not', async () => {
    const entry = await get('/backoffice.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['x-robots-tag']).toBe('noindex');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect((await get('/backoffice.html')).headers['x-robots-tag']).toBe('noindex');
    expect((await get('/main.js')).headers['x-robots-tag']).toBeUndefined();
  });

  test('a host build without the back-office page answers 503 there, and the site still works', async () => {
    fs.renameSync(path.join(t.webRoot, 'host/dist/backoffice.html'), path.join(t.webRoot, 'host/backoffice-away.html'));
    try {
      const res = await get('/backoffice');
      expect(res.statusCode).toBe(503);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect((await get('/')).statusCode).toBe(200);
    } finally {
      fs.renameSync(path.join(t.webRoot, 'host/backoffice-away.html'), path.join(t.webRoot, 'host/dist/backoffice.html'));
    }
  });

  test('the back-office remote is served like the others', async () => {
    writeFiles(path.join(t.webRoot, 'mf-backoffice/dist'), { 'mf-manifest.json': '{"name":"mf_backoffice"}' });
    const manifest = await get('/remotes/mf_backoffice/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'mf_backoffice' });
  });
});

describe('static files', () => {
  test('hashed files are immutable, entry files revalidated', async () => {
    const hashed = await get('/123.0a1b2c3d.js');
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(hashed.headers['content-type']).toMatch(/javascript/);
    expect((await get('/assets/logo.9f8e7d6c5b.svg')).headers['cache-control']).toBe(CACHE_IMMUTABLE);
    const main = await get('/main.js');
    expect(main.statusCode).toBe(200);
    expect(main.headers['cache-control']).toBe('no-cache');
    expect(main.body).toBe('console.log("main")');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  test('precompressed siblings are served when accepted', async () => {
    const br = await get('/123.0a1b2c3d.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await get('/123.0a1b2c3d.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await get('/123.0a1b2c3d.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  test('hashed files from memory: read once, validators and 304; a range request from the disk', async () => {
    const first = await get('/123.0a1b2c3d.js', { 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['last-modified']).toEqual(expect.any(String));
    // Rewritten on disk (a hashed name never is): the copy in memory is what is sent.
    writeFiles(path.join(t.webRoot, 'host/dist'), { '123.0a1b2c3d.js.gz': zlib.gzipSync('console.log("anders")') });
    const again = await get('/123.0a1b2c3d.js', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(again.rawPayload).toString()).toBe(BIG_JS);
    expect(again.headers.etag).toBe(etag);
    expect((await get('/123.0a1b2c3d.js', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/123.0a1b2c3d.js', { 'if-modified-since': first.headers['last-modified'] as string })).statusCode).toBe(304);
    const range = await get('/123.0a1b2c3d.js', { range: 'bytes=0-3' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe(BIG_JS.slice(0, 4));
    writeFiles(path.join(t.webRoot, 'host/dist'), { '123.0a1b2c3d.js.gz': zlib.gzipSync(BIG_JS) });
  });

  test('a remote from its workspace build, with CORS and cache headers', async () => {
    const manifest = await get('/remotes/mf_challenges/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'mf_challenges' });
    expect((await get('/remotes/mf_challenges/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    const chunk = await get('/remotes/mf_challenges/456.abcdef12.js');
    expect(chunk.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect((await get('/remotes/mf_challenges/nope.js')).statusCode).toBe(404);
    // A missing hashed name: a 404 nobody keeps (a build being deployed may bring it a moment later).
    const missing = await get('/remotes/mf_challenges/457.abcdef12.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable|max-age=[1-9]/);
    expect((await get('/remotes/mf_unknown/mf-manifest.json')).statusCode).toBe(404);
  });

  test(`a released remote is served from its release (${process.env.DATABASE_URL ? 'database' : 'DATA_DIR/remotes/<name>/<id>/'})`, async () => {
    const dist = path.join(t.dataDir, 'build-v2');
    writeFiles(dist, { 'mf-manifest.json': '{"v":2}', 'remoteEntry.js': 'v2', 'static/js/9.0a1b2c3d.js': BIG_JS });
    await t.releases.create({ name: 'mf_challenges', distDir: dist, id: 'r2' });
    const res = await get('/remotes/mf_challenges/r2/mf-manifest.json');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ v: 2 });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // Under its release id even the entry files never change.
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    const chunk = await get('/remotes/mf_challenges/r2/static/js/9.0a1b2c3d.js', { 'accept-encoding': 'br, gzip' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(chunk.headers['content-type']).toMatch(/^application\/javascript/);
    expect(zlib.brotliDecompressSync(chunk.rawPayload).toString()).toBe(BIG_JS);
    // A file the release does not have: a 404 nobody keeps.
    const missing = await get('/remotes/mf_challenges/r2/static/js/8.0a1b2c3d.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/max-age=[1-9]|immutable/);
    // the stable path (what a sponsor's page embeds) follows the live release, revalidated
    const stable = await get('/remotes/mf_challenges/mf-manifest.json');
    expect(stable.json()).toEqual({ v: 2 });
    expect(stable.headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/mf_challenges/remoteEntry.js')).body).toBe('v2');
    for (const url of ['/remotes/mf_challenges/r2/..%2F..%2Fmf_auth%2Fx', '/remotes/mf_challenges/r2/%2e%2e/current.json']) {
      expect([403, 404]).toContain((await get(url)).statusCode);
    }
  });

  test('a remote that is not built answers 503 with a German text', async () => {
    const res = await get('/remotes/mf_auth/mf-manifest.json');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/Bitte versuche es/);
  });

  test('media files are immutable', async () => {
    const name = 'logo.0123456789abcdef.svg';
    writeFiles(path.join(t.dataDir, 'media'), { [name]: '<svg/>' });
    const res = await get(`/media/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect((await get('/media/../secret')).statusCode).toBe(404);
    const unknown = await get('/media/unknown.0123456789abcdef.svg');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control'] ?? '').not.toMatch(/immutable|max-age=[1-9]/);
  });
});

describe('without a host build', () => {
  test('pages answer 503 with a German text instead of crashing', async () => {
    fs.renameSync(path.join(t.webRoot, 'host/dist'), path.join(t.webRoot, 'host/dist-away'));
    try {
      const res = await get('/challenge');
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/Die Seite wird gerade vorbereitet/);
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      fs.renameSync(path.join(t.webRoot, 'host/dist-away'), path.join(t.webRoot, 'host/dist'));
    }
  });
});
