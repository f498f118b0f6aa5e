// `npm run bench:memory`: the memory of the embedded default. Starts the server the way `npm start`
// does (scripts/start.mjs, NODE_ENV=production, no DATABASE_URL: PGlite in a fresh temporary
// DATA_DIR, the demo season imported on first start) and samples the resident memory (VmRSS, and
// the kernel's high-water mark VmHWM) of the server process and of its child processes (the picture
// child, when one runs) every 100 ms from /proc/<pid>/status. Prints, per start: the peak until
// GET /ready answers 200, the memory after a warm-up load over the public pages and APIs, and the
// memory after ~30 s idle. Then a second start on the same DATA_DIR (no import).
//
//   node scripts/bench-memory.mjs [--rounds N] [--idle S] [--requests N]     (BENCH_PORT to pin the port)
//
// Needs the built server (`npm run build`); start.mjs checks that again and builds what is stale.
// Linux only (/proc). Figures in MB (MiB).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { benchRun, freePort, median } from './bench-kit.mjs';
import { mustRun, root } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '1' },
    idle: { type: 'string', default: '30' },
    requests: { type: 'string', default: '400' },
  },
});
const ROUNDS = Math.max(1, Number(args.rounds));
const IDLE_MS = Math.max(1, Number(args.idle)) * 1000;
const REQUESTS = Math.max(10, Number(args.requests));
const SAMPLE_MS = 100;
const READY_LIMIT_MS = 5 * 60_000;

const run = benchRun('bench-memory');
const mb = (kb) => (Number.isFinite(kb) ? (kb / 1024).toFixed(0) : '—');

// ---------------------------------------------------------------------------------------------
// /proc

/** VmRSS and VmHWM of `pid` in kB; null when it has gone. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
    return { rss: field('VmRSS'), hwm: field('VmHWM') };
  } catch {
    return null;
  }
}

/** Parent pid and command line of every process (one pass over /proc). */
function processTable() {
  const table = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      table.set(Number(entry), { ppid, cmdline });
    } catch {
      /* gone meanwhile */
    }
  }
  return table;
}

function descendants(pid, table) {
  const out = [];
  const walk = (parent) => {
    for (const [child, { ppid }] of table) {
      if (ppid === parent) {
        out.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return out;
}

/**
 * Samples the server (the node process running server/dist/server.js below `launcher`) and its
 * descendants every 100 ms. `mark(name)` starts a phase; the phases' peaks are kept apart.
 */
function sampler(launcherPid) {
  let serverPid = null;
  let phase = 'start';
  const phases = new Map();
  const childPeaks = new Map(); // pid → peak VmHWM of a child (it may have exited since)
  let last = { server: NaN, children: NaN, launcher: NaN };
  const phaseOf = (name) => {
    if (!phases.has(name)) phases.set(name, { server: 0, children: 0, sum: 0, samples: 0 });
    return phases.get(name);
  };
  const tick = () => {
    const table = processTable();
    if (serverPid === null) {
      const found = descendants(launcherPid, table).find((pid) => table.get(pid).cmdline.includes('server/dist/server.js'));
      if (found === undefined) return;
      serverPid = found;
    }
    const server = memoryOf(serverPid);
    if (!server) return;
    let children = 0;
    for (const pid of descendants(serverPid, table)) {
      const m = memoryOf(pid);
      if (!m) continue;
      children += m.rss;
      childPeaks.set(pid, Math.max(childPeaks.get(pid) ?? 0, m.hwm));
    }
    const launcher = memoryOf(launcherPid);
    last = { server: server.rss, serverHwm: server.hwm, children, launcher: launcher?.rss ?? NaN };
    const p = phaseOf(phase);
    p.server = Math.max(p.server, server.rss);
    p.children = Math.max(p.children, children);
    p.sum = Math.max(p.sum, server.rss + children);
    p.samples++;
  };
  const timer = setInterval(tick, SAMPLE_MS);
  tick();
  return {
    get serverPid() {
      return serverPid;
    },
    mark(name) {
      tick();
      phase = name;
      phaseOf(name);
    },
    phase: (name) => phaseOf(name),
    now() {
      tick();
      return last;
    },
    childPeak: () => Math.max(0, ...childPeaks.values()),
    stop: () => clearInterval(timer),
  };
}

// ---------------------------------------------------------------------------------------------
// The server

async function startServer(dataDir, port) {
  const { DATABASE_URL: _omitted, ...env } = process.env;
  const launcher = run.track(
    spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    }),
  );
  const samples = sampler(launcher.child.pid);
  const started = Date.now();
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (launcher.child.exitCode !== null) throw new Error(`npm start exited with ${launcher.child.exitCode}`);
    if (Date.now() - started > READY_LIMIT_MS) throw new Error('not ready within 5 minutes');
    try {
      if ((await fetch(`${base}/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await delay(SAMPLE_MS);
  }
  const readyMs = Date.now() - started;
  samples.mark('ready');
  const atReady = samples.now();
  return { launcher, samples, base, readyMs, atReady };
}

/** The public pages and APIs a visitor's browser asks for (read from the running site). */
async function publicUrls(base) {
  const json = async (url) => (await fetch(base + url)).json();
  const space = await json('/config.json');
  const api = `${space.contentApi.base}/public/spaces/${space.contentApi.spaceId}`;
  const data = await json(`${api}/spacedata?include=4`);
  const clubs = await json(`${api}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=20&from=0`);
  const challenges = data.year.fields.challenges;
  const html = await (await fetch(`${base}/`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const media = [...new Set(JSON.stringify(data).match(/\/media\/[a-z0-9.-]+/g) ?? [])];
  return [
    '/',
    '/challenge',
    '/tabelle',
    '/terms',
    ...challenges.map((c) => `/challenge/${c.sys.id}`),
    ...clubs.items.slice(0, 5).map((c) => `/club/${c.sys.id}`),
    '/config.json',
    '/health',
    `${api}/spacedata?include=4`,
    `${api}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=20&from=0`,
    `${api}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=20&from=20`,
    ...challenges.map((c) => `${api}/objects/${c.sys.id}?include=2`),
    ...clubs.items.slice(0, 5).map((c) => `${api}/objects/${c.sys.id}`),
    '/remotes/mf_standings/mf-manifest.json',
    '/remotes/mf_challenges/mf-manifest.json',
    ...assets,
    ...media,
  ];
}

/** `total` GET requests over `urls`, 8 at a time, with gzip like a browser. Returns [ok, failed]. */
async function warmUp(base, urls, total) {
  let next = 0;
  let ok = 0;
  let failed = 0;
  const worker = async () => {
    while (next < total) {
      const url = urls[next++ % urls.length];
      try {
        const res = await fetch(base + url, { headers: { 'accept-encoding': 'gzip, br' } });
        await res.arrayBuffer();
        if (res.status < 400) ok++;
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return [ok, failed];
}

async function measureStart(label, dataDir, port) {
  const server = await startServer(dataDir, port);
  const { samples, base } = server;
  const startPhase = samples.phase('start');
  const result = {
    label,
    readyMs: server.readyMs,
    startPeakServer: Math.max(startPhase.server, server.atReady.serverHwm),
    startPeakServerSampled: startPhase.server,
    startPeakChildren: startPhase.children,
    startPeakSum: startPhase.sum,
    readyServer: server.atReady.server,
    launcher: server.atReady.launcher,
  };
  const urls = await publicUrls(base);
  samples.mark('load');
  const loadStarted = Date.now();
  const [ok, failed] = await warmUp(base, urls, REQUESTS);
  result.loadMs = Date.now() - loadStarted;
  result.loadRequests = { ok, failed, distinct: urls.length };
  if (failed) console.warn(`  ! ${failed} of ${REQUESTS} warm-up requests failed`);
  const afterLoad = samples.now();
  const loadPhase = samples.phase('load');
  result.loadPeakServer = loadPhase.server;
  result.loadPeakChildren = loadPhase.children;
  result.afterLoadServer = afterLoad.server;
  result.afterLoadChildren = afterLoad.children;
  samples.mark('idle');
  await delay(IDLE_MS);
  const idle = samples.now();
  result.idleServer = idle.server;
  result.idleChildren = idle.children;
  result.serverHwm = idle.serverHwm;
  result.childPeak = samples.childPeak();
  samples.stop();
  await server.launcher.stop('SIGTERM', 30_000);
  return result;
}

// ---------------------------------------------------------------------------------------------

const rows = [
  ['ready after (s)', (r) => (r.readyMs / 1000).toFixed(1)],
  ['start peak, server VmHWM', (r) => mb(r.startPeakServer)],
  ['start peak, server sampled', (r) => mb(r.startPeakServerSampled)],
  ['start peak, children', (r) => mb(r.startPeakChildren)],
  ['start peak, server+children', (r) => mb(r.startPeakSum)],
  ['at ready, server', (r) => mb(r.readyServer)],
  ['warm-up peak, server', (r) => mb(r.loadPeakServer)],
  ['warm-up peak, children', (r) => mb(r.loadPeakChildren)],
  ['after warm-up, server', (r) => mb(r.afterLoadServer)],
  [`idle ${IDLE_MS / 1000} s, server`, (r) => mb(r.idleServer)],
  [`idle ${IDLE_MS / 1000} s, children`, (r) => mb(r.idleChildren)],
  [`idle ${IDLE_MS / 1000} s, server+children`, (r) => mb(r.idleServer + r.idleChildren)],
  ['launcher (start.mjs), at ready', (r) => mb(r.launcher)],
];

function print(title, results) {
  console.log(`\n${title} (MB; ${results.length === 1 ? 'one round' : `median of ${results.length} rounds`})`);
  for (const [name, value] of rows) {
    const values = results.map(value);
    const numeric = values.map(Number);
    const decimals = values[0].split('.')[1]?.length ?? 0;
    const shown =
      values.length === 1 || numeric.some(Number.isNaN)
        ? values.join(' / ')
        : `${median(numeric).toFixed(decimals)}   (${values.join(', ')})`;
    console.log(`  ${name.padEnd(34)} ${shown}`);
  }
}

try {
  await mustRun(process.execPath, [path.join(root, 'scripts/build.mjs')]);
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const first = [];
  const second = [];
  for (let round = 1; round <= ROUNDS && !run.stopping; round++) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'erd-bench-memory-'));
    run.cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    console.log(`▶ round ${round}/${ROUNDS}: first start (import) in ${dataDir}, port ${port}, load ${os.loadavg()[0].toFixed(2)}`);
    first.push(await measureStart('first', dataDir, port));
    console.log(`▶ round ${round}/${ROUNDS}: second start (same DATA_DIR), load ${os.loadavg()[0].toFixed(2)}`);
    second.push(await measureStart('second', dataDir, port));
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    `\nwarm-up: ${REQUESTS} GET requests over ${first[0].loadRequests.distinct} public URLs, 8 at a time; samples every ${SAMPLE_MS} ms`,
  );
  print('First start (empty DATA_DIR: database created, migrations, demo season import)', first);
  print('Second start (same DATA_DIR, no import)', second);
  console.log(`\n1-min load average at the end: ${os.loadavg()[0].toFixed(2)} (${os.cpus().length} cores)`);
} catch (error) {
  process.exitCode = run.failed(error);
} finally {
  await run.cleanup();
}
