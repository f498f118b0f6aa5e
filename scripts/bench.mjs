// `npm run bench`: prints, per route, the JavaScript a new visitor downloads (raw and gzip), what a
// route adds to the first page (`/`), which remotes the page loaded and how many copies of the
// Module Federation runtime it ran; then every JavaScript file served with its Cache-Control
// (the no-cache ones are what a returning visitor revalidates: they must stay small), then each
// remote's production build time. Starts the built server on a throwaway data directory; needs
// Debian's chromium (CHROMIUM_PATH to override). BENCH_PORT (default 3299) picks the port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { mustRun, remotes, root } from './lib.mjs';

const BUDGET_HOME_GZIP = 120 * 1024;
/** What a route with a remote may add to the first page's JavaScript. */
const BUDGET_REMOTE_ADDS_GZIP = 25 * 1024;
/**
 * Hook names only @module-federation's runtime core holds: one per copy of it in a file. Since
 * decision 0015 the remotes are webpack's own containers and a page runs none (0 is expected).
 */
const RUNTIME_MARK = /["']beforeInitContainer["']/g;
/** Routes whose page has no remote (every other route waits for its remote's root). */
const ROUTES_WITHOUT_REMOTE = new Set(['/', '/terms', '/not-found']);
const port = Number(process.env.BENCH_PORT ?? 3299);
const base = `http://localhost:${port}`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

await mustRun(process.execPath, [path.join(root, 'scripts/build.mjs')]);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-'));
const server = spawn(process.execPath, [path.join(root, 'server/dist/server.js')], {
  cwd: root,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

let failed = false;
try {
  await waitForServer();
  const space = await (await fetch(`${base}/config.json`)).json();
  const data = await (await fetch(`${base}${space.contentApi.base}/public/spaces/${space.contentApi.spaceId}/spacedata?include=4`)).json();
  const clubs = await (
    await fetch(
      `${base}${space.contentApi.base}/public/spaces/${space.contentApi.spaceId}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=1&from=0`,
    )
  ).json();
  const voteChallenge = data.year.fields.challenges.find((c) => c.sys.objectTypeId.endsWith('-vote')) ?? data.year.fields.challenges[0];
  const challengeId = voteChallenge.sys.id;
  // The last one is the back office, a page of its own (the public routes carry nothing of it).
  const routes = [
    '/',
    '/challenge',
    `/challenge/${challengeId}`,
    '/tabelle',
    `/club/${clubs.items[0].sys.id}`,
    '/login',
    '/profil',
    '/terms',
    '/not-found',
    '/backoffice',
  ];

  const browser = await chromium.launch(chromiumLaunchOptions);
  console.log('\nJavaScript a new visitor downloads, per route (gzip -9 of each file; "adds" = files the first page / did not load):');
  console.log(
    'route'.padEnd(34),
    'files'.padStart(5),
    'raw'.padStart(10),
    'gzip'.padStart(10),
    'adds'.padStart(10),
    'MF rt'.padStart(6),
    '  remotes loaded',
  );
  /** url → { cacheControl, raw, gzip, runtimes } of every JavaScript file served. */
  const served = new Map();
  let homeUrls = new Set();
  for (const route of routes) {
    const context = await browser.newContext();
    await context.addInitScript(() =>
      localStorage.setItem('bfv-age-consent', JSON.stringify({ over18: 'approved', timestamp: Date.now() })),
    );
    const page = await context.newPage();
    const bodies = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
        bodies.push(
          response.body().then(
            (b) => ({
              url: response.url(),
              raw: b.length,
              gzip: gzipSync(b, { level: 9 }).length,
              runtimes: (b.toString('utf8').match(RUNTIME_MARK) ?? []).length,
              cacheControl: response.headers()['cache-control'] ?? '—',
            }),
            () => null,
          ),
        );
      }
    });
    await page.goto(base + route, { waitUntil: 'networkidle' });
    // On a busy machine the page can be idle for a moment between its own start and its remote's
    // first request: wait for the remote's root (`data-mf-build`), then for quiet again.
    if (!ROUTES_WITHOUT_REMOTE.has(route)) {
      await page.locator('[data-mf-build]').first().waitFor({ state: 'attached', timeout: 20_000 });
      await page.waitForLoadState('networkidle');
    }
    const files = (await Promise.all(bodies)).filter(Boolean);
    const raw = files.reduce((s, f) => s + f.raw, 0);
    const gzip = files.reduce((s, f) => s + f.gzip, 0);
    const runtimes = files.reduce((s, f) => s + f.runtimes, 0);
    if (route === '/') homeUrls = new Set(files.map((f) => f.url));
    const added =
      route === '/' || route === '/backoffice' ? null : files.filter((f) => !homeUrls.has(f.url)).reduce((s, f) => s + f.gzip, 0);
    for (const f of files) served.set(f.url, f);
    const loadedRemotes = [...new Set(files.map((f) => new URL(f.url).pathname.match(/^\/remotes\/([^/]+)/)?.[1]).filter(Boolean))];
    console.log(
      route.padEnd(34),
      String(files.length).padStart(5),
      kb(raw).padStart(10),
      kb(gzip).padStart(10),
      (added === null ? '' : kb(added)).padStart(10),
      String(runtimes).padStart(6),
      ' ',
      loadedRemotes.join(', ') || '—',
    );
    if (route === '/' && (gzip > BUDGET_HOME_GZIP || loadedRemotes.length > 0)) {
      failed = true;
      console.log(`  ✗ budget for /: at most ${kb(BUDGET_HOME_GZIP)} gzip and no remote`);
    }
    if (added !== null && loadedRemotes.length > 0 && added > BUDGET_REMOTE_ADDS_GZIP) {
      failed = true;
      console.log(`  ✗ budget for a remote route: it may add at most ${kb(BUDGET_REMOTE_ADDS_GZIP)} gzip to /`);
    }
    if (runtimes > 1) {
      failed = true;
      console.log('  ✗ more than one copy of the Module Federation runtime on the page');
    }
    await context.close();
  }

  // The sponsor's embed is no route of ours: fetched directly.
  const embed = await fetch(`${base}/remotes/mf_standings/embed.js`);
  const embedBody = Buffer.from(await embed.arrayBuffer());
  served.set(embed.url, {
    url: embed.url,
    raw: embedBody.length,
    gzip: gzipSync(embedBody, { level: 9 }).length,
    runtimes: 0,
    cacheControl: embed.headers.get('cache-control') ?? '—',
  });
  console.log('\nEvery JavaScript file served on those routes (and the embed), with its Cache-Control:');
  const byPath = [...served.values()].sort((a, b) =>
    a.cacheControl === b.cacheControl ? b.gzip - a.gzip : a.cacheControl < b.cacheControl ? -1 : 1,
  );
  for (const f of byPath) console.log(new URL(f.url).pathname.padEnd(56), kb(f.gzip).padStart(9), '  ', f.cacheControl);
  const fresh = byPath.filter((f) => !/immutable/.test(f.cacheControl));
  console.log(
    `revalidated (not immutable): ${fresh.length} files, ${kb(fresh.reduce((s, f) => s + f.gzip, 0))} gzip; immutable: ${byPath.length - fresh.length} files`,
  );
  await browser.close();

  console.log('\nProduction build time per remote (webpack + swc, into a temporary folder):');
  for (const { dir } of process.argv.includes('--no-build-times') ? [] : remotes) {
    const out = mkdtempSync(path.join(os.tmpdir(), `bench-${dir}-`));
    const started = process.hrtime.bigint();
    await mustRun('npm', ['run', 'build', '--silent', '-w', dir], { quiet: true, env: { BUILD_OUTPUT_DIR: out } });
    console.log(dir.padEnd(16), `${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
    rmSync(out, { recursive: true, force: true });
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
