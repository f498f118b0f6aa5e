// `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling: its defaults) on
// the public pages of the built site, for a fresh visitor and for one who passed the age gate,
// printed as a table of medians (not a timed test).
//
// 1. expects `npm run build` done (it builds nothing);
// 2. starts the built server on a free port (BENCH_PORT to choose one) with a temporary DATA_DIR:
//    embedded PGlite, the demo season imported on first start, as the end-to-end run does;
// 3. finds a running picture-vote challenge (else the first challenge) and a club with a logo
//    through the public content API;
// 4. per page × visitor × run: a new Chromium (chrome-launcher, a fresh profile: cold cache, no
//    storage), for the approved visitor `localStorage['bfv-age-consent']` set on the origin first
//    (through a cheap same-origin URL, so no page asset is cached), then Lighthouse's navigation.
//
// Targets (issue 10): performance ≥ 95, accessibility 100, CLS ≤ 0.02, LCP ≤ 2.0 s. A missed
// target is reported (✗ in the table), not an error: the exit code is non-zero only when the run
// itself failed (server, browser, Lighthouse error). Knobs: --runs N (3), --pages a,b (home,
// challenge, browse, tabelle, club), --visitors fresh,approved, --details (the simulated LCP graph,
// the LCP element and the layout shifts of each page's median run), --compare DIR (also the
// front-end build in DIR, e.g. an unpacked older commit after its `npm run build`, measured
// alternately with this one: under a changing load only such pairs compare). Single runs swing by
// up to 20 points on 2 busy cores: compare medians, with the 1-minute load average printed beside
// them. --compare-server DIR: the reference is served by the server build of the checkout in DIR
// (its server/dist, with this front-end unless --compare names another), for a change on the
// server's side. The pages are loaded as a phone reaches the public site (decision 0016): through
// the deployment's nginx site (deploy/nginx) listening with HTTPS and HTTP/2, a certificate made
// for the run; needs `nginx` and `openssl`. --plain: Chromium talks HTTP/1.1 to the server on
// loopback instead (what rounds 1–5 measured), where the phone model opens a new connection per
// parallel request, each with its own TCP slow start.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import puppeteer from 'puppeteer-core';
import { benchRun, freePort, median } from './bench-kit.mjs';
import { deployNginxConfig, selfSignedCertificate } from './deploy-nginx.mjs';
import { root } from './lib.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    pages: { type: 'string', default: 'home,challenge,browse,tabelle,club' },
    visitors: { type: 'string', default: 'fresh,approved' },
    details: { type: 'boolean', default: false },
    compare: { type: 'string' },
    'compare-server': { type: 'string' },
    plain: { type: 'boolean', default: false },
  },
});
const RUNS = Number(opts.runs);
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// measuring.md: without the background-networking flags Chromium's own connections are refused.
// Chromium 156's headless browser also builds its WebUI omnibox popup (some 300 chrome:// files in
// a renderer of its own) while the first page loads: on 2 cores that takes CPU from the page, whose
// tasks Lighthouse then counts four times over. A phone's browser has its UI up before a page loads.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
  // The edge's certificate is made for the run.
  ...(!opts.plain ? ['--ignore-certificate-errors'] : []),
];
const CONSENT_KEY = 'bfv-age-consent';
const TARGET = { perf: 95, a11y: 100, cls: 0.02, lcp: 2000 };

const run = benchRun('bench:lighthouse');
const { cleanups, track, cleanup } = run;
const load = () => os.loadavg()[0].toFixed(2);

async function waitFor(url, what, server, tries = 480) {
  for (let i = 0; i < tries; i++) {
    if (server.child.exitCode !== null) throw new Error(`${what} exited with ${server.child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

async function getJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** The ids of the pages with a parameter: a running picture challenge (its entries) and a club with a logo. */
async function findIds(base) {
  const config = await getJson(`${base}/config.json`);
  const api = `${base}${config.contentApi.base}/public/spaces/${config.contentApi.spaceId}`;
  const space = await getJson(`${api}/spacedata?include=4`);
  const challenges = space.year?.fields?.challenges ?? [];
  if (!challenges.length) throw new Error('the demo season has no challenge');
  const today = new Date().toISOString().slice(0, 10);
  const running = challenges.filter((c) => c.fields.startDate <= today && today <= c.fields.endDate);
  const challenge = running.find((c) => /picture/.test(c.sys.objectTypeId)) ?? running[0] ?? challenges[0];
  const { items } = await getJson(`${api}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=100&from=0`);
  const club = items.find((c) => c.fields.logourl) ?? items[0];
  if (!club) throw new Error('the demo season has no club');
  return { challengeId: challenge.sys.id, clubId: club.sys.id };
}

class LighthouseRunError extends Error {}

/** One Lighthouse navigation in a fresh Chromium; the approved visitor gets the consent first. */
async function measure(url, visitor) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  // A stop (Ctrl-C, SIGTERM) while this browser runs ends it too.
  const stopChrome = () => chrome.kill();
  cleanups.push(stopChrome);
  let result;
  try {
    // Lighthouse is handed this page (puppeteer over the launched browser's debugging port).
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      const page = await browser.newPage();
      if (visitor === 'approved') {
        // A same-origin URL without page assets: the consent is stored, the cache stays cold.
        await page.goto(new URL('/healthz', url).href);
        // The record the age gate writes on 'Ja' (host/src/lib/age-consent.ts).
        await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ over18: 'approved', timestamp: Date.now() })), CONSENT_KEY);
      }
      // The profile is new for every run, so nothing is to be reset; a reset would drop the consent.
      result = await lighthouse(
        url,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
        },
        undefined,
        page,
      );
      // The page Lighthouse loaded must be the visitor it claims: the gate shows for a fresh one only.
      const gate = await page.evaluate(() => !!document.querySelector('[role="dialog"][aria-modal="true"]'));
      if (gate !== (visitor === 'fresh')) throw new Error(`${url} (${visitor}): the age gate ${gate ? 'showed' : 'did not show'}`);
    } finally {
      await browser.disconnect();
    }
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse on ${url}: ${lhr.runtimeError.code}`);
    const perf = lhr.categories.performance.score;
    const a11y = lhr.categories.accessibility.score;
    if (perf === null || a11y === null) throw new Error(`Lighthouse on ${url} gave no score (${lhr.runWarnings?.join('; ')})`);
    const audit = (id) => lhr.audits[id];
    return {
      perf: Math.round(perf * 100),
      a11y: Math.round(a11y * 100),
      cls: audit('cumulative-layout-shift').numericValue,
      lcp: audit('largest-contentful-paint').numericValue,
      tbt: audit('total-blocking-time').numericValue,
      load: load(),
      failedA11y: Object.values(lhr.audits)
        .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
        .map((a) => a.id),
      lcpElement: audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      shifts: (audit('layout-shifts')?.details?.items ?? []).map((i) => `${i.score?.toFixed(3)} ${i.node?.snippet ?? '?'}`),
      bootup: (audit('bootup-time')?.details?.items ?? [])
        .slice(0, 4)
        .map((i) => `${Math.round(i.scripting)} ms scripting, ${Math.round(i.scriptParseCompile)} ms parse ${i.url}`),
      fcp: audit('first-contentful-paint').numericValue,
      longTasks: (audit('long-tasks')?.details?.items ?? []).slice(0, 3).map((i) => `${Math.round(i.duration)} ms ${i.url}`),
      // What Lighthouse's pessimistic estimate of LCP counts: every request started before the LCP
      // of the (unthrottled) observed run competes for the simulated phone's bandwidth.
      requests: requestsBeforeLcp(lhr),
      work: (audit('mainthread-work-breakdown')?.details?.items ?? [])
        .map((i) => `${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`)
        .join(', '),
      simulated: simulatedLcp(),
    };
  } finally {
    chrome.kill();
    cleanups.splice(cleanups.indexOf(stopChrome), 1);
  }
}

/**
 * The graph behind the LCP figure: Lighthouse's optimistic simulation of this run (its estimate is
 * the mean of that and the pessimistic one), each request with its simulated start and end, and the
 * main-thread time the simulation charges (observed task time × the CPU slowdown).
 */
function simulatedLcp() {
  const timings = Lantern.Simulation.Simulator.allNodeTimings.get('optimisticLargestContentfulPaint');
  if (!timings) return undefined;
  let cpu = 0;
  const requests = [];
  for (const [node, t] of timings) {
    if (node.type === 'cpu') cpu += t.endTime - t.startTime;
    else
      requests.push(
        `${Math.round(t.startTime)}–${Math.round(t.endTime)} ms ${(node.request.transferSize / 1024).toFixed(1)} KB ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`,
      );
  }
  const end = Math.max(...[...timings.values()].map((t) => t.endTime));
  return { end: Math.round(end), cpu: Math.round(cpu), requests };
}

function requestsBeforeLcp(lhr) {
  const observedLcp = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  if (observedLcp === undefined || !items.length) return undefined;
  const first = Math.min(...items.map((i) => i.networkRequestTime ?? i.startTime ?? Infinity));
  const before = items.filter((i) => (i.networkRequestTime ?? i.startTime) - first <= observedLcp);
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const metrics = lhr.audits.metrics.details.items[0];
  return {
    observed: `observed (unthrottled) FCP ${Math.round(metrics.observedFirstContentfulPaint)} ms, LCP ${Math.round(observedLcp)} ms`,
    ends: items
      .filter((i) => i.networkEndTime !== undefined)
      .map(
        (i) =>
          `${Math.round(i.networkRequestTime - first)}–${Math.round(i.networkEndTime - first)} ms ${i.priority} ${i.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)}`,
      ),
    count: before.length,
    kb: kb(before.reduce((sum, i) => sum + (i.transferSize ?? 0), 0)),
    largest: [...before]
      .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
      .slice(0, 8)
      .map((i) => `${kb(i.transferSize ?? 0)} KB ${i.url.replace(/^https?:\/\/[^/]+/, '')}`),
  };
}

/**
 * Lighthouse's trace sometimes misses the navigation start on a busy machine (NO_NAVSTART, NO_FCP
 * and the like): such a run is repeated, up to twice, in a new browser; any other error ends the run.
 */
async function measureWithRetry(url, visitor) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, visitor);
    } catch (error) {
      if (!(error instanceof LighthouseRunError) || attempt > 2) throw error;
      console.log(`  (${error.message}: repeated)`);
    }
  }
}

/** The edge's folder and its self-signed certificate for 127.0.0.1 (nginx and openssl must be there). */
function prepareEdge() {
  for (const command of ['nginx', 'openssl']) {
    try {
      execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    } catch {
      throw new Error(`the HTTPS edge needs ${command} (apt-get install -y nginx openssl; --plain measures without it)`);
    }
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-edge-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, certificate: selfSignedCertificate(dir) };
}

/**
 * The edge: per build, an nginx with the deployment's own site (deploy/nginx, decision 0016) whose
 * listener speaks HTTPS with HTTP/2, both of its instances being the build's one server.
 */
async function startEdge({ dir, certificate }, builds) {
  for (const [i, build] of builds.entries()) {
    const nginxDir = path.join(dir, `nginx-${i}`);
    mkdirSync(nginxDir);
    const server = new URL(build.base).host;
    const conf = path.join(nginxDir, 'nginx.conf');
    writeFileSync(
      conf,
      deployNginxConfig({
        dir: nginxDir,
        // S3_ORIGIN: the pages load no bucket picture (the demo season's are in the database).
        values: {
          APP_A: server,
          APP_B: server,
          S3_ORIGIN: '127.0.0.1:9',
          S3_BUCKET: 'none',
          LISTEN: `127.0.0.1:${build.edgePort} ssl http2`,
        },
        http: certificate,
      }),
    );
    const nginx = track(
      spawn('nginx', ['-p', nginxDir, '-c', conf, '-e', path.join(nginxDir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] }),
    );
    cleanups.push(() => nginx.stop());
    for (let tries = 0; ; tries++) {
      const up = await new Promise((resolve) => {
        https
          .get(`${build.url}/healthz`, { rejectUnauthorized: false }, (res) => resolve(res.resume() && res.statusCode === 200))
          .on('error', () => resolve(false));
      });
      if (up) break;
      if (nginx.child.exitCode !== null || tries > 80) throw new Error(`nginx did not answer at ${build.url}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`▶ ${build.label}: HTTPS with HTTP/2 through deploy/nginx on ${build.url}`);
  }
}

const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
const mark = (ok) => (ok ? ' ' : '✗');

async function main() {
  const serverJs = path.join(root, 'server/dist/server.js');
  for (const built of [serverJs, path.join(root, 'host/dist/index.html')]) {
    if (!existsSync(built)) throw new Error(`${path.relative(root, built)} is missing: run \`npm run build\` first`);
  }
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (CHROMIUM_PATH)`);
  const wanted = opts.pages.split(',').map((s) => s.trim());
  const visitors = opts.visitors.split(',').map((s) => s.trim());
  for (const v of visitors) if (!['fresh', 'approved'].includes(v)) throw new Error(`unknown visitor ${v} (fresh, approved)`);
  if (!(RUNS >= 1)) throw new Error('--runs must be at least 1');

  // This build, and with --compare the front-end build of another checkout (its host/dist and
  // mf-*/dist, served by this server through WEB_ROOT), measured alternately in the same run.
  const builds = [{ label: 'this', webRoot: root, serverJs }];
  if (opts.compare || opts['compare-server']) {
    const ref = path.resolve(opts.compare ?? root);
    if (!existsSync(path.join(ref, 'host/dist/index.html'))) throw new Error(`${ref}/host/dist/index.html is missing (--compare)`);
    const refServer = opts['compare-server'] ? path.resolve(opts['compare-server'], 'server/dist/server.js') : serverJs;
    if (!existsSync(refServer)) throw new Error(`${refServer} is missing (--compare-server)`);
    builds.push({ label: 'ref', webRoot: ref, serverJs: refServer });
  }
  const { DATABASE_URL: _omitted, ...env } = process.env;
  const edge = opts.plain ? null : prepareEdge();
  const usedPorts = new Set();
  for (const [i, build] of builds.entries()) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-lighthouse-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + i : await freePort();
    build.base = `http://127.0.0.1:${port}`;
    // Where Chromium loads the pages: the server's HTTPS edge, or (--plain) the server itself, on a port of
    // its own (a free port is only free until someone binds it: the servers have not yet).
    usedPorts.add(port);
    build.edgePort = null;
    while (edge && (build.edgePort === null || usedPorts.has(build.edgePort))) build.edgePort = await freePort();
    usedPorts.add(build.edgePort);
    build.url = edge ? `https://127.0.0.1:${build.edgePort}` : build.base;
    console.log(
      `▶ built server on ${build.base} (${build.label}: ${path.relative(root, build.serverJs) || build.serverJs}, front-end of ${build.webRoot}; PGlite in ${dataDir}, demo season)`,
    );
    const server = track(
      spawn(process.execPath, [build.serverJs], {
        cwd: path.resolve(path.dirname(build.serverJs), '../..'),
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...env,
          NODE_ENV: 'production',
          PORT: String(port),
          DATA_DIR: dataDir,
          PUBLIC_URL: build.url,
          WEB_ROOT: build.webRoot,
          LOG_LEVEL: 'warn',
        },
      }),
    );
    cleanups.push(() => server.stop());
    await waitFor(`${build.base}/healthz`, 'the server', server);
  }
  if (edge) await startEdge(edge, builds);
  const base = builds[0].base;

  const { challengeId, clubId } = await findIds(base);
  const pages = {
    home: '/',
    challenge: '/challenge',
    browse: `/challenge/${challengeId}`,
    tabelle: '/tabelle',
    club: `/club/${clubId}`,
  };
  for (const p of wanted) if (!pages[p]) throw new Error(`unknown page ${p} (${Object.keys(pages).join(', ')})`);
  console.log(`▶ Lighthouse ${RUNS}× per page and visitor (mobile, simulated throttling), load ${load()} at start`);

  const rows = [];
  for (const name of wanted) {
    for (const visitor of visitors) {
      const results = new Map(builds.map((b) => [b, []]));
      for (let i = 0; i < RUNS; i++) {
        for (const build of builds) {
          if (run.stopping) return 130;
          const r = await measureWithRetry(`${build.url}${pages[name]}`, visitor);
          results.get(build).push(r);
          console.log(
            `  ${pad(pages[name], 40)} ${pad(visitor, 8)}${builds.length > 1 ? ` ${pad(build.label, 4)}` : ''} run ${i + 1}: perf ${r.perf}, a11y ${r.a11y}, CLS ${r.cls.toFixed(3)}, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms (load ${r.load})`,
          );
        }
      }
      for (const build of builds) {
        const list = results.get(build);
        const byPerf = [...list].sort((a, b) => a.perf - b.perf);
        rows.push({
          path: pages[name],
          visitor: builds.length > 1 ? `${visitor} ${build.label}` : visitor,
          perf: median(list.map((r) => r.perf)),
          a11y: median(list.map((r) => r.a11y)),
          cls: median(list.map((r) => r.cls)),
          lcp: median(list.map((r) => r.lcp)),
          tbt: median(list.map((r) => r.tbt)),
          load: load(),
          mid: byPerf[Math.floor((byPerf.length - 1) / 2)],
        });
      }
    }
  }

  const vw = builds.length > 1 ? 13 : 9;
  console.log(
    `\nMedians of ${RUNS} run(s); targets: perf ≥ ${TARGET.perf}, a11y ${TARGET.a11y}, CLS ≤ ${TARGET.cls}, LCP ≤ ${TARGET.lcp / 1000} s (✗ = missed)`,
  );
  console.log(
    `${pad('page', 44)} ${pad('visitor', vw)} ${lpad('perf', 5)}  ${lpad('a11y', 5)}  ${lpad('CLS', 6)}  ${lpad('LCP', 7)}  ${lpad('TBT', 7)}  load1`,
  );
  for (const r of rows) {
    console.log(
      `${pad(r.path, 44)} ${pad(r.visitor, vw)} ${lpad(r.perf, 5)}${mark(r.perf >= TARGET.perf)} ${lpad(r.a11y, 5)}${mark(r.a11y >= TARGET.a11y)} ${lpad(r.cls.toFixed(3), 6)}${mark(r.cls <= TARGET.cls)} ${lpad(`${(r.lcp / 1000).toFixed(2)} s`, 7)}${mark(r.lcp <= TARGET.lcp)} ${lpad(`${Math.round(r.tbt)} ms`, 7)}  ${r.load}`,
    );
  }
  const missed = rows.filter((r) => r.perf < TARGET.perf || r.a11y < TARGET.a11y || r.cls > TARGET.cls || r.lcp > TARGET.lcp).length;
  console.log(
    `\n${missed ? `${missed} of ${rows.length} page × visitor rows miss a target` : 'every row meets the targets'} (${opts.plain ? 'HTTP/1.1 on loopback, --plain' : 'HTTPS with HTTP/2 through deploy/nginx'}); 1-min load average ${load()}`,
  );
  if (opts.details) {
    for (const r of rows) {
      console.log(`\n${r.path} (${r.visitor}), median run:`);
      console.log(`  LCP element: ${r.mid.lcpElement ?? '–'}`);
      for (const s of r.mid.shifts) console.log(`  shift ${s}`);
      console.log(`  FCP ${Math.round(r.mid.fcp)} ms, LCP ${Math.round(r.mid.lcp)} ms`);
      for (const t of r.mid.longTasks) console.log(`  long task ${t}`);
      if (r.mid.requests) {
        console.log(`  requests started before the observed LCP: ${r.mid.requests.count}, ${r.mid.requests.kb} KB transferred`);
        for (const q of r.mid.requests.largest) console.log(`    ${q}`);
        console.log(`  ${r.mid.requests.observed}; requests:`);
        for (const q of r.mid.requests.ends) console.log(`    ${q}`);
      }
      if (r.mid.simulated) {
        console.log(`  simulated (optimistic) LCP ${r.mid.simulated.end} ms, of it main thread ${r.mid.simulated.cpu} ms; requests:`);
        for (const q of r.mid.simulated.requests) console.log(`    ${q}`);
      }
      console.log(`  main thread: ${r.mid.work}`);
      for (const b of r.mid.bootup) console.log(`  script ${b}`);
      if (r.mid.failedA11y.length) console.log(`  a11y audits failed: ${r.mid.failedA11y.join(', ')}`);
    }
  }
  return 0;
}

let code;
try {
  code = await main();
} catch (error) {
  code = run.failed(error);
} finally {
  await cleanup();
}
process.exit(code);
