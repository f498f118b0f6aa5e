import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { test } from './fixtures';
import { repoRoot } from './paths';

/**
 * A server of a test's own (own port, data directory and season), for journeys that need a
 * restart — for example the same data seen days later (`CLOCK_OFFSET_DAYS`), which also proves
 * that nothing submitted is lost across a restart.
 */
export interface OwnServer {
  baseURL: string;
  /** The server process. */
  pid: number;
  stop: () => Promise<void>;
  /** Ends the process at once (SIGKILL): a crash, a power cut. */
  kill: () => Promise<void>;
}

/** Whether something accepts connections on the port. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Ends a server that an earlier, aborted run left on the port (a worker torn down mid-hook leaves
 * its child process behind): its pid is kept in the temporary folder. Without this, the health
 * check would be answered by the stale server and a test would talk to the wrong data and clock.
 */
async function freePort(port: number, pidFile: string): Promise<void> {
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
  } catch {
    /* no file, or that process is gone */
  }
  for (let i = 0; i < 40 && (await portInUse(port)); i++) await new Promise((r) => setTimeout(r, 250));
  if (await portInUse(port)) throw new Error(`port ${port} is taken by another process: end it before running this test`);
}

export async function startOwnServer(options: { port: number; dataDir: string; env?: Record<string, string> }): Promise<OwnServer> {
  const baseURL = `http://localhost:${options.port}`;
  // Outside test-results/, which Playwright empties at the start of a run.
  const pidFile = path.join(os.tmpdir(), `erd-e2e-own-server-${options.port}.pid`);
  await freePort(options.port, pidFile);
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, 'server/dist/server.js')], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '20',
      ...options.env,
    },
  });
  if (child.pid) writeFileSync(pidFile, String(child.pid));
  // Ends with the test process however it ends (a normal exit; a torn-down worker is handled by freePort next time).
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      process.removeListener('exit', killOnExit);
      rmSync(pidFile, { force: true });
      resolve();
    }),
  );
  // Up to 60 s: a first start migrates and imports the season, and CI's two cores are busy.
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${options.port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) {
        return {
          baseURL,
          pid: child.pid!,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
          kill: async () => {
            if (child.exitCode === null) child.kill('SIGKILL');
            await exited;
          },
        };
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${options.port} did not start`);
}

/** A back-office operator: an admin unless `role` says otherwise. */
export interface Operator {
  email: string;
  password: string;
  role?: 'admin' | 'moderator';
}

/**
 * Creates a back-office operator on a server's fresh data directory with the CLI, before the
 * server starts (the embedded database is held by one process at a time). An admin unless `role`
 * says otherwise: most specs moderate and publish results (a moderator may not publish results).
 */
export function addOperatorBeforeStart(options: Operator & { dataDir: string; env?: Record<string, string> }): void {
  const role = options.role ?? 'admin';
  execFileSync(
    process.execPath,
    [path.join(repoRoot, 'server/dist/cli.js'), 'operator-add', options.email, '--role', role, '--password', options.password],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: options.dataDir, DATABASE_URL: '', ...options.env },
      stdio: 'pipe',
    },
  );
}

/** A spec's own server and an API client for it. */
export interface OwnSite {
  server: OwnServer;
  api: APIRequestContext;
}

interface OwnSiteOptions {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}

/** Starts the server on its data directory as it is, with an API client for it. */
export async function startOwnSite(options: OwnSiteOptions): Promise<OwnSite> {
  const server = await startOwnServer(options);
  return { server, api: await playwrightRequest.newContext({ baseURL: server.baseURL }) };
}

/**
 * Starts a spec's own server on a fresh data directory (whatever an earlier run left is removed),
 * with the back-office `operators` made by the CLI before the first start.
 */
export async function startFreshOwnSite({ operators = [], ...options }: OwnSiteOptions & { operators?: Operator[] }): Promise<OwnSite> {
  rmSync(options.dataDir, { recursive: true, force: true });
  for (const operator of operators) addOperatorBeforeStart({ dataDir: options.dataDir, ...operator, env: options.env });
  return startOwnSite(options);
}

/** Disposes the API client and stops the server; either may be missing when the start failed. */
export async function stopOwnSite(site: Partial<OwnSite>): Promise<void> {
  await site.api?.dispose();
  await site.server?.stop();
}

/** Stops the site and starts it again on the same data, for example days later (`CLOCK_OFFSET_DAYS` in `env`). */
export async function restartOwnSite(site: Partial<OwnSite>, options: OwnSiteOptions): Promise<OwnSite> {
  await stopOwnSite(site);
  return startOwnSite(options);
}

/** A spec's own site as `ownSiteSpec` keeps it: `server` and `api` are set from the first hook on. */
export interface OwnSiteSpec extends OwnSite {
  /** Stops the site and starts it again on the same data, with `env` over the spec's (e.g. `CLOCK_OFFSET_DAYS`). */
  restart: (env?: Record<string, string>) => Promise<void>;
}

/**
 * The set-up every spec on a server of its own shares: its tests run in order (they share the
 * server's data), pages go to its port, the server starts fresh before the first test (with the
 * `operators` made by the CLI) and stops after the last. The spec's own `beforeAll` hooks run after
 * the start; `allowConsoleErrors` is the spec's default for its tests (see `failedLoads`).
 */
export function ownSiteSpec({
  allowConsoleErrors,
  startTimeout = 240_000,
  ...options
}: OwnSiteOptions & { operators?: Operator[]; allowConsoleErrors?: RegExp; startTimeout?: number }): OwnSiteSpec {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: `http://localhost:${options.port}`, ...(allowConsoleErrors && { allowConsoleErrors }) });
  const site = {
    restart: async (env?: Record<string, string>) => {
      Object.assign(site, await restartOwnSite(site, { ...options, env: { ...options.env, ...env } }));
    },
  } as OwnSiteSpec;
  test.beforeAll(async () => {
    // The CLI runs and a first start (migrations, season import) on CI's two busy cores: up to 4
    // minutes, the most a spec's own set-up allowed before it was shared (backoffice-season's).
    test.setTimeout(startTimeout);
    Object.assign(site, await startFreshOwnSite(options));
  });
  test.afterAll(() => stopOwnSite(site));
  return site;
}
