// What the bench scripts share: small statistics, a free port, the run's life cycle (every
// child process and temporary thing undone in reverse order, also on an error or a signal), the
// build when stale, a temporary PostgreSQL database and the figures that say where a run ran.
import { existsSync } from 'node:fs';
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
