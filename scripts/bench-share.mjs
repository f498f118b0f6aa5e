// `npm run bench:share`: link previews and share images (issue 23), printed as figures (not a timed
// test).
//
// 1. builds the contracts and the server when stale (and the host, when host/dist is missing);
// 2. seeds the season of `bench:results` (scripts/bench-season.mjs, BENCH_CLUB_NUMBERS 300 club
//    numbers × 2 teams, 12 challenges) into an embedded database (PGlite) in a temporary DATA_DIR,
//    publishes its results, and gives the first picture entries real pictures (1024 px WebP) so their
//    cards draw a photo; the season runs today (the voting phase) so cards say 'Jetzt abstimmen';
// 3. starts the built server and measures, one request at a time:
//    - share image render time, cold (the first request of each card: slogan, picture, club) and
//      cached (the same cards three times more), on one kept-alive connection, p50/p95/max over BENCH_CARDS cards of each kind
//      (targets: p95 ≤ 250 ms cold, ≤ 5 ms cached, on a 2-core machine);
// 4. 100 crawler fetches at once (a link posted in a big group: WhatsApp's and Facebook's crawlers
//    fetching 50 entry pages and their cards, none made before): time to the last answer, and the
//    server's peak resident memory (VmHWM) before and after;
// 5. the HTML routes at a fixed rate (autocannon `overallRate` BENCH_RATE 1,000 req/s, 10 connections,
//    BENCH_DURATION 10 s after a 3 s warm-up, as a browser asks) over home, overview, a browse list,
//    entries, club pages and the standings: the share of the rate held, p50 and p99 (target p99 ≤ 20 ms).
// BENCH_PORT (3460) for the server. The first-load JavaScript of the public routes is `npm run bench`.
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import {
  benchRun,
  benchServerEnv,
  buildHostWhenMissing,
  buildWhenStale,
  get,
  loadAverage,
  machine,
  percentile,
  startBenchServer,
} from './bench-kit.mjs';
import { seasonServer, seedSeason } from './bench-season.mjs';
import { root } from './lib.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

await ensureSupportedNode();

const CLUB_NUMBERS = Number(process.env.BENCH_CLUB_NUMBERS ?? 300);
const CARDS = Number(process.env.BENCH_CARDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3460);
const BROWSER_ENCODING = 'gzip, deflate, br';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';

const at = (...p) => path.join(root, ...p);
const ms = (n) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const run = benchRun('bench:share');
const { cleanups, track, cleanup } = run;

/** The server's resident memory now and at its peak (kB, /proc/<pid>/status). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

// One kept-alive connection, as a CDN or a crawler's fetcher keeps one: the time is the server's and the transfer's, not a TCP handshake's.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function getKept(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function timed(url, headers = {}) {
  const started = performance.now();
  const res = await getKept(url, headers);
  const took = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { took, res };
}

const stats = (xs) => `p50 ${ms(percentile(xs, 50))}, p95 ${ms(percentile(xs, 95))}, max ${ms(Math.max(...xs))}`;

let exitCode = 0;
try {
  await buildWhenStale();
  await buildHostWhenMissing();
  const { loadConfig, openConfiguredDatabase, schema, normalizeSearch, publishResults, DEFAULT_POINTS_TABLE } = await seasonServer();

  console.log(`${machine()} (other work on the machine moves every figure)`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-share-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' }, { serverRoot: at('server'), cwd: root });
  let opened = await openConfiguredDatabase(config, 'cli');
  const { db } = opened.database;
  const { CHALLENGES } = await seedSeason({
    db,
    schema,
    normalizeSearch,
    DEFAULT_POINTS_TABLE,
    clubNumbers: CLUB_NUMBERS,
    postgres: false,
    log: () => undefined,
  });
  for (const c of CHALLENGES) await publishResults(db, c.id);
  // The season runs today, in its voting phase: the cards say 'Jetzt abstimmen'.
  const today = new Date().toISOString().slice(0, 10);
  const shift = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await db.execute(
    `update challenges set start_date = '${shift(-30)}', end_date = '${shift(30)}', start_date_submission = case when start_date_submission is null then null else '${shift(-30)}'::date end, end_date_submission = case when end_date_submission is null then null else '${shift(-10)}'::date end, start_date_voting = case when start_date_voting is null then null else '${shift(-9)}'::date end, end_date_voting = case when end_date_voting is null then null else '${shift(30)}'::date end`,
  );
  const entries = async (type) =>
    (
      await db.execute(
        `select p.id, p.challenge_id, p.image from participations p join challenges c on c.id = p.challenge_id where c.object_type_id = '${type}' and p.state = 'published' order by p.id limit ${CARDS * 3}`,
      )
    ).rows;
  const slogans = await entries('bfv-erd-text-vote');
  const pictures = await entries('bfv-erd-picture-vote');
  const uploads = path.join(dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  // Real pictures for the picture entries measured: a 1024×768 photo-like WebP (noise over a gradient).
  const photo = await sharp({ create: { width: 1024, height: 768, channels: 3, noise: { type: 'gaussian', mean: 110, sigma: 45 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1024" height="768"><defs><linearGradient id="g"><stop offset="0" stop-color="#2e7d32"/><stop offset="1" stop-color="#f2b705"/></linearGradient></defs><rect width="1024" height="768" fill="url(#g)" opacity="0.6"/></svg>',
        ),
      },
    ])
    .webp({ quality: 80 })
    .toBuffer();
  for (const p of pictures) {
    const image = typeof p.image === 'string' ? JSON.parse(p.image) : p.image;
    const thumb = image.metadata.thumbnails.find((t) => t.width === 1024);
    await sharp(photo).toFile(path.join(uploads, thumb.url.split('/').pop()));
  }
  const clubs = (await db.execute(`select id from clubs order by id limit ${CARDS * 2}`)).rows.map((r) => r.id);
  await opened.close();
  opened = null;
  console.log(
    `Seeded ${CLUB_NUMBERS * 2} clubs, ${CHALLENGES.length} challenges (voting today, ${today}), real pictures for ${pictures.length} picture entries (not measured)`,
  );

  const base = `http://127.0.0.1:${PORT}`;
  const server = await startBenchServer({ track, later: (step) => cleanups.push(step), env: benchServerEnv({ port: PORT, dataDir }) });
  // Fonts and the renderer's first use (not measured): the site's card.
  await timed(`${base}/share/site.png`);

  console.log(`\nShare images, one request at a time (load ${loadAverage()}):`);
  const kinds = [
    ['slogan entry', slogans.slice(0, CARDS).map((e) => `/share/entry/${e.challenge_id}/${e.id}.png`)],
    ['picture entry', pictures.slice(0, CARDS).map((e) => `/share/entry/${e.challenge_id}/${e.id}.png`)],
    ['club', clubs.slice(0, CARDS).map((id) => `/share/club/${id}.png`)],
    ['story (1080×1920)', slogans.slice(0, 5).map((e) => `/share/story/${e.challenge_id}/${e.id}.png`)],
    ['poster (PDF)', pictures.slice(0, 5).map((e) => `/share/poster/${e.challenge_id}/${e.id}.pdf`)],
  ];
  for (const [name, urls] of kinds) {
    const cold = [];
    const cached = [];
    let bytes = 0;
    for (const url of urls) {
      const first = await timed(base + url);
      cold.push(first.took);
      bytes = Math.max(bytes, first.res.body.length);
    }
    // Three rounds from memory.
    for (let round = 0; round < 3; round++) for (const url of urls) cached.push((await timed(base + url)).took);
    console.log(
      `  ${name.padEnd(18)} cold ${stats(cold)}; cached ${stats(cached)}; largest ${(bytes / 1024).toFixed(0)} KB (${urls.length} cards)`,
    );
  }
  const standings = await timed(`${base}/share/standings.png`);
  console.log(`  ${'standings'.padEnd(18)} cold ${ms(standings.took)}; cached ${ms((await timed(`${base}/share/standings.png`)).took)}`);

  const before = memory(server.child.pid);
  const crawled = [...slogans.slice(CARDS, CARDS + 25), ...pictures.slice(CARDS, CARDS + 25)];
  const started = performance.now();
  const answers = await Promise.all(
    crawled.flatMap((e, i) => {
      const agent = i % 2 ? FACEBOOK : WHATSAPP;
      return [
        get(`${base}/challenge/${e.challenge_id}/${e.id}?via=whatsapp`, { 'user-agent': agent }),
        get(`${base}/share/entry/${e.challenge_id}/${e.id}.png`, { 'user-agent': agent }),
      ];
    }),
  );
  const took = performance.now() - started;
  const after = memory(server.child.pid);
  const failed = answers.filter((a) => a.status !== 200).length;
  console.log(
    `\n${answers.length} crawler fetches at once (${crawled.length} entry pages and their cards, none made before): last answer after ${ms(took)}, ${failed} failed; resident memory ${mb(before.rss)} before, peak ${mb(after.peak)} (before: peak ${mb(before.peak)})`,
  );

  const pages = [
    '/',
    '/challenge',
    `/challenge/${slogans[0].challenge_id}`,
    '/tabelle',
    ...slogans.slice(0, 10).map((e) => `/challenge/${e.challenge_id}/${e.id}`),
    ...clubs.slice(0, 10).map((id) => `/club/${id}`),
  ];
  const warm = await autocannon({
    url: base,
    connections: 10,
    overallRate: RATE,
    duration: 3,
    requests: pages.map((p) => ({ method: 'GET', path: p })),
    headers: { 'accept-encoding': BROWSER_ENCODING },
  });
  void warm;
  const result = await autocannon({
    url: base,
    connections: 10,
    overallRate: RATE,
    duration: DURATION,
    requests: pages.map((p) => ({ method: 'GET', path: p })),
    headers: { 'accept-encoding': BROWSER_ENCODING },
  });
  const answered = result['2xx'] + result.non2xx;
  console.log(
    `\nHTML routes (${pages.length} pages: home, overview, a browse list, standings, 10 entries, 10 clubs) at ${RATE} req/s, 10 connections, ${DURATION} s (load ${loadAverage()}): held ${((answered / DURATION / RATE) * 100).toFixed(0)} %, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts} (target p99 ≤ 20 ms)`,
  );
} catch (error) {
  exitCode = run.failed(error);
} finally {
  await cleanup();
}
process.exit(exitCode);
