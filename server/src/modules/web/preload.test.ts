import path from 'node:path';
import { eq } from 'drizzle-orm';
import { challenges } from '../../db/schema/index.js';
import { createTestApp, writeFiles, type TestApp } from '../../test-support/app.js';
import { seedChallenge, seedYear, voteDates } from '../../test-support/seed.js';
import { topics } from '../cache/changes.js';

/** The preload hints of the app's page (issue 10): the route's remote is fetched with the page. */
let t: TestApp;
const INDEX =
  '<!doctype html><html><head><title>x</title><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';
const manifest = (expose: string, file: string) =>
  JSON.stringify({
    name: 'mf_x',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
    exposes: [{ path: expose, assets: { js: { sync: [file], async: ['9.00000000.js'] } } }],
  });

beforeAll(async () => {
  t = await createTestApp();
  writeFiles(path.join(t.webRoot, 'host/dist'), { 'index.html': INDEX, 'main.js': 'm()', 'mf-runtime.0123abcd.js': 'rt()' });
  writeFiles(path.join(t.webRoot, 'mf-challenges/dist'), {
    'mf-manifest.json': manifest('./ChallengesApp', '__federation_expose_ChallengesApp.11111111.js'),
    'remoteEntry.js': 'var mf_challenges;',
  });
  writeFiles(path.join(t.webRoot, 'mf-standings/dist'), {
    // Not the manifest of a build: the page goes out without the remote's hints.
    'mf-manifest.json': '{"broken": ',
  });
});
afterAll(() => t.close());

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return res;
};
const links = (html: string) => [...html.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
const SPACE_DATA = '<link rel="preload" as="fetch" crossorigin="anonymous" href="/content/public/spaces/erd/spacedata?include=4">';

test('every page preloads the space data the app reads at start; a page without a remote nothing else', async () => {
  for (const url of ['/', '/terms', '/not-found', '/profil']) {
    const res = await page(url);
    expect([url, links(res.body)]).toEqual([url, [SPACE_DATA]]);
    // before </head> (after the route's own head, modules/previews), the rest of the page untouched
    expect(res.body.indexOf(SPACE_DATA)).toBe(res.body.indexOf('</head>') - SPACE_DATA.length);
    expect(res.body.replace(SPACE_DATA, '').replace(/<title>.*<\/head>/, '</head>')).toBe(INDEX.replace('<title>x</title>', ''));
  }
});

test('a remote route preloads its manifest, the runtime chunk, remoteEntry.js and the exposed module’s own files', async () => {
  for (const url of ['/challenge', '/CHALLENGE/', '/challenge/c-1', '/challenge/c-1/p-1']) {
    expect([url, links((await page(url)).body)]).toEqual([
      url,
      [
        SPACE_DATA,
        '<link rel="preload" as="script" href="/mf-runtime.0123abcd.js">',
        '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/mf_challenges/mf-manifest.json">',
        '<link rel="preload" as="script" href="/remotes/mf_challenges/remoteEntry.js">',
        '<link rel="preload" as="script" href="/remotes/mf_challenges/__federation_expose_ChallengesApp.11111111.js">',
      ],
    ]);
  }
});

test('an unreadable manifest or a remote without a build: the page without that remote’s hints', async () => {
  expect(links((await page('/tabelle')).body)).toEqual([SPACE_DATA]);
  expect(links((await page('/login')).body)).toEqual([SPACE_DATA]);
});

test(`a released remote: the hints name the live release’s files (${process.env.DATABASE_URL ? 'database' : 'DATA_DIR'}), and follow the next release`, async () => {
  const release = async (id: string, file: string) => {
    const dist = path.join(t.dataDir, `build-${id}`);
    writeFiles(dist, { 'mf-manifest.json': manifest('./ChallengesApp', file), 'remoteEntry.js': id, [file]: 'x()' });
    await t.releases.create({ name: 'mf_challenges', distDir: dist, id });
  };
  await release('r1', 'static/js/expose.aaaaaaaa.js');
  expect(links((await page('/challenge')).body).slice(2)).toEqual([
    '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/mf_challenges/r1/mf-manifest.json">',
    '<link rel="preload" as="script" href="/remotes/mf_challenges/r1/remoteEntry.js">',
    '<link rel="preload" as="script" href="/remotes/mf_challenges/r1/static/js/expose.aaaaaaaa.js">',
  ]);
  // the manifest named in /config.json is the one preloaded
  const config = (await t.app.inject({ method: 'GET', url: '/config.json' })).json() as { remotes: { name: string; entry: string }[] };
  expect(config.remotes.find((r) => r.name === 'mf_challenges')?.entry).toBe('/remotes/mf_challenges/r1/mf-manifest.json');
  await release('r2', 'static/js/expose.bbbbbbbb.js');
  expect(links((await page('/challenge')).body).at(-1)).toBe(
    '<link rel="preload" as="script" href="/remotes/mf_challenges/r2/static/js/expose.bbbbbbbb.js">',
  );
});

test('the challenge overview preloads the first challenge’s picture, as the content is now', async () => {
  const image = (name: string) => ({
    sys: { id: name },
    fields: { title: name, file: { url: `/media/${name}.jpg` } },
    metadata: { thumbnails: [{ url: `/media/${name}.w1024.webp`, format: 'webp' }] },
  });
  await seedYear(t.ctx.db);
  await seedChallenge(t.ctx.db, { id: 'c-second', position: 2 });
  await seedChallenge(t.ctx.db, { id: 'c-first', position: 1 });
  await t.ctx.db
    .update(challenges)
    .set({ teaserImage: image('first') })
    .where(eq(challenges.id, 'c-first'));
  await t.ctx.db
    .update(challenges)
    .set({ teaserImage: image('second') })
    .where(eq(challenges.id, 'c-second'));
  await t.ctx.changes?.announce([topics.content]);
  const picture = async (url: string) => links((await page(url)).body).filter((l) => l.includes('as="image"'));
  expect(await picture('/challenge')).toEqual(['<link rel="preload" as="image" fetchpriority="high" href="/media/first.w1024.webp">']);
  // only on the overview
  expect(await picture('/challenge/c-first')).toEqual([]);
  expect(await picture('/')).toEqual([]);
  // a change of the season's content shows in the next page
  await t.ctx.db.update(challenges).set({ position: 3 }).where(eq(challenges.id, 'c-first'));
  await t.ctx.changes?.announce([topics.content]);
  expect(await picture('/challenge')).toEqual(['<link rel="preload" as="image" fetchpriority="high" href="/media/second.w1024.webp">']);
  // no picture (or only a file elsewhere): no hint
  await t.ctx.db.update(challenges).set({ teaserImage: null }).where(eq(challenges.id, 'c-second'));
  await t.ctx.changes?.announce([topics.content]);
  expect(await picture('/challenge')).toEqual([]);
});

test('the standings and a club’s page preload the data their screens wait for', async () => {
  // (after the test above: year-seed with c-first and c-second, running this year)
  await seedChallenge(t.ctx.db, {
    id: 'c-done',
    position: 5,
    dates: voteDates(['2025-01-01', '2025-06-30'], ['2025-07-01', '2025-12-31']),
  });
  await t.ctx.changes?.announce([topics.content]);
  const data = async (url: string) => links((await page(url)).body).filter((l) => l.includes('/results/') || l.includes('/objects/'));
  const file = (name: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="/results/${name}.json">`;
  expect(await data('/tabelle')).toEqual([file('overall-year-seed')]);
  expect(await data('/tabelle/c-done')).toEqual([file('challenge-c-done')]);
  // not a challenge of the year: the screen shows its 404 and reads no file
  expect(await data('/tabelle/c-unknown')).toEqual([]);
  expect(await data('/club/club%201')).toEqual([
    '<link rel="preload" as="fetch" crossorigin="anonymous" href="/content/public/spaces/erd/objects/club%201?include=1">',
    file('overall-year-seed'),
    file('challenge-c-done'),
  ]);
  expect(await data('/challenge')).toEqual([]);
});

test('a vote challenge’s browse page preloads the first page of its entries, as the app asks for it', async () => {
  // (after the tests above: c-first and c-second are slogan challenges)
  await seedChallenge(t.ctx.db, { id: 'c-estimate', type: 'bfv-erd-estimate', position: 6 });
  await seedChallenge(t.ctx.db, { id: 'Bild & Ton', type: 'bfv-erd-picture-vote', position: 7 });
  await t.ctx.changes?.announce([topics.content]);
  const entries = async (url: string) => links((await page(url)).body).filter((l) => l.includes('/objects/search'));
  const hint = (query: string) =>
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="/content/public/spaces/erd/objects/search?${query}">`;
  expect(await entries('/challenge/c-first')).toEqual([
    hint('include=1&amp;fields.challenge.id=c-first&amp;from=0&amp;size=10&amp;sort=-createdAt'),
  ]);
  expect(await entries('/challenge/Bild%20%26%20Ton/')).toEqual([
    hint('include=1&amp;fields.challenge.id=Bild+%26+Ton&amp;from=0&amp;size=10&amp;sort=-createdAt'),
  ]);
  // an estimate has no browse page, an unknown id shows the 404, one entry's page reads no list
  expect(await entries('/challenge/c-estimate')).toEqual([]);
  expect(await entries('/challenge/c-unknown')).toEqual([]);
  expect(await entries('/challenge/c-first/p-1')).toEqual([]);
  expect(await entries('/challenge')).toEqual([]);
});
