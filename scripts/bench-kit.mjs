// What the bench scripts share: small statistics, a free port, the run's life cycle (every
// child process and temporary thing undone in reverse order, also on an error or a signal), the
// build when stale, a temporary PostgreSQL database, the bench's own server, nginx and wrk, and
// the figures that say where a run ran.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { isStale, mustRun, root } from './lib.mjs';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/** An error, short: a failed query's message lists every parameter of a bulk insert. */
export const brief = (error) =>
  String(error?.stack ?? error)
    .split('\n')
    .slice(0, 8)
    .join('\n')
    .slice(0, 1500);

/** Seeded random numbers in [0, 1) (mulberry32): the same data every run. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export { freePort } from './lib.mjs';

/**
 * The life cycle of one bench run named `label`: push undo steps to `cleanups`, register child
 * processes with `track`; `cleanup()` runs the steps once, newest first. SIGINT/SIGTERM/SIGHUP set
 * `stopping`, clean up and exit 130; an uncaught error cleans up and exits 2; no tracked child
 * outlives the script.
 */
export function benchRun(label) {
  const cleanups = [];
  const children = new Set();
  let cleaning = null;
  let stopping = false;

  function cleanup() {
    cleaning ??= (async () => {
      while (cleanups.length) {
        const step = cleanups.pop();
        try {
          await step();
        } catch (error) {
          console.error('clean-up step failed:', error?.message ?? error);
        }
      }
    })();
    return cleaning;
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stopping = true;
      console.error(`\n${signal}: cleaning up`);
      cleanup().finally(() => process.exit(130));
    });
  }
  for (const event of ['uncaughtException', 'unhandledRejection']) {
    process.on(event, (error) => {
      if (!stopping) console.error(`\n✗ ${label} failed (${event}):`, brief(error));
      cleanup().finally(() => process.exit(2));
    });
  }
  // A closed pipe (`… | head`) must not end the run before its clean-up.
  process.stdout.on('error', () => undefined);
  // Last resort (an exception between steps): no child outlives the script.
  process.on('exit', () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  function track(child) {
    children.add(child);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.once('exit', () => children.delete(child));
    return {
      child,
      exited,
      async stop(signal = 'SIGTERM', graceMs = 10_000) {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      },
    };
  }

  /** The exit code for an error that ended the run (printed unless a signal ended it). */
  function failed(error) {
    if (stopping) return 130;
    console.error(`\n✗ ${label} failed:`, brief(error));
    if (error?.cause) console.error('  cause:', brief(error.cause));
    return 2;
  }

  return {
    cleanups,
    track,
    cleanup,
    failed,
    get stopping() {
      return stopping;
    },
  };
}

/** A GET with the raw bytes (no decompression) and the headers. */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Waits until `url` answers below 500 (a server or nginx that is starting). */
export async function waitFor(url, what, tries = 240) {
  for (let i = 0; i < tries; i++) {
    try {
      const res = await get(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer at ${url}`);
}

const at = (...p) => path.join(root, ...p);

/** The contracts (the server imports them at run time) and the server: what most benches build when stale. */
export const SERVER_BUILD = [
  { ws: 'shared-contracts', output: at('shared-contracts/dist/wire.js'), inputs: [at('shared-contracts/src')] },
  { ws: 'server', output: at('server/dist/server.js'), inputs: [at('server/src'), at('shared-contracts/src')] },
];

/** Builds the workspace of each step whose output is missing or older than its inputs (a workspace once). */
export async function buildWhenStale(steps = SERVER_BUILD) {
  const built = new Set();
  for (const step of steps) {
    if (!built.has(step.ws) && isStale(step.output, step.inputs)) {
      console.log(`▶ building ${step.ws}`);
      await mustRun('npm', ['run', 'build', '--silent', '-w', step.ws]);
      built.add(step.ws);
    }
  }
}

/** Builds the host when it has no build (its pages and files are served, not changed, by these benches). */
export async function buildHostWhenMissing() {
  if (!existsSync(at('host/dist/index.html'))) {
    console.log('▶ building host');
    await mustRun('npm', ['run', 'build', '--silent', '-w', 'host']);
  }
}

/**
 * Creates the database `name` on the PostgreSQL server of `adminUrl` and answers its URL; the step
 * that drops it again (and says so) goes to `later`.
 */
export async function temporaryDatabase(adminUrl, name, later) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  later(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
      console.log(`dropped database ${name}`);
    } finally {
      await dropper.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The server's database opened for seeding (`openConfiguredDatabase` of the built server, as its
 * CLI opens it): its `db`, and `close` (once; also the step given to `later`). PGlite takes one
 * process at a time: close it before the server starts on it.
 */
export async function openForSeeding(openConfiguredDatabase, config, later) {
  let opened = await openConfiguredDatabase(config, 'cli');
  const close = async () => {
    if (opened) await opened.close();
    opened = null;
  };
  later(close);
  return { db: opened.database.db, close };
}

/** The database's product and version (`PostgreSQL 17.5`), as the figures name it. */
export async function databaseVersion(db) {
  return String((await db.execute('select version() as v')).rows[0].v)
    .split(' ')
    .slice(0, 2)
    .join(' ');
}

/** The 1-minute load average (other work on the machine moves every figure). */
export const loadAverage = () => os.loadavg()[0].toFixed(2);

/** Where the figures were measured: `Machine: <n> cores, Node <version>, 1-minute load <load>`. */
export const machine = () => `Machine: ${os.cpus().length} cores, Node ${process.version}, 1-minute load ${loadAverage()}`;

/** A logger that drops everything: the server's services want one, the figures do not. */
export const silentLog = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => silentLog, level: 'silent' };

/** Whether the shell finds the command (`wrk`, `nginx`): the steps that need one are skipped without it. */
export const hasCommand = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** What a caller's environment may hold that would change a bench server's figures: a season folder, basic auth, a shifted clock, Node flags. */
const NOT_INHERITED = ['SEASON_DIR', 'BASIC_AUTH_USER', 'BASIC_AUTH_PASSWORD', 'CLOCK_OFFSET_DAYS', 'NODE_OPTIONS'];

/**
 * The environment of a bench's own server at http://127.0.0.1:`port` on `dataDir` and `databaseUrl`
 * ('' for PGlite in the data directory), logging warnings only: this process's environment without
 * the settings that would change the figures (and the names in `drop`), then `settings`.
 */
export function benchServerEnv({ port, dataDir, databaseUrl = '', settings = {}, drop = [] }) {
  const env = { ...process.env };
  for (const name of [...NOT_INHERITED, ...drop]) delete env[name];
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...settings,
  };
}

/**
 * Starts the built server (`script`, server/dist/server.js unless another build is named) with
 * `env` (see `benchServerEnv`), tracked by the run, its stop given to `later`; answers once its
 * /healthz answers.
 */
export async function startBenchServer({ track, later, env, script = path.join(root, 'server/dist/server.js') }) {
  const server = track(spawn(process.execPath, [script], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env }));
  later(() => server.stop());
  await waitFor(`http://127.0.0.1:${env.PORT}/healthz`, 'the server');
  return server;
}

/**
 * An nginx of the bench's own in `dir` (one worker, in the foreground, its pid, error log and temp
 * files in `dir`; no access log), `http` the rest of its http block. Tracked by the run, its stop
 * given to `later`; answers once `probe` (a URL it serves) answers.
 */
export async function startNginx({ track, later, dir, http, probe }) {
  const conf = path.join(dir, 'nginx.conf');
  const temp = (name) => `${name}_temp_path ${path.join(dir, `${name}_temp`)};`;
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${http}}
`,
  );
  const nginx = track(
    spawn('nginx', ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'inherit', 'inherit'] }),
  );
  later(() => nginx.stop('SIGTERM'));
  await waitFor(probe, 'nginx');
  return nginx;
}

/** Runs wrk with `args`, tracked by the run: its report (stdout), or an error when it fails. */
export function runWrk(track, args) {
  return new Promise((resolve, reject) => {
    const wrk = track(spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] }));
    let out = '';
    wrk.child.stdout.on('data', (d) => (out += d));
    wrk.child.on('error', reject);
    wrk.exited.then((code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}:\n${out}`))));
  });
}
