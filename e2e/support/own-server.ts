import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths';

/**
 * A server of a test's own (own port, data directory and season), for journeys that need a
 * restart — for example the same data seen days later (`CLOCK_OFFSET_DAYS`), which also proves
 * that nothing submitted is lost across a restart.
 */
export interface OwnServer {
  baseURL: string;
  stop: () => Promise<void>;
}

export async function startOwnServer(options: { port: number; dataDir: string; env?: Record<string, string> }): Promise<OwnServer> {
  const baseURL = `http://localhost:${options.port}`;
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
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Up to 60 s: a first start migrates and imports the season, and CI's two cores are busy.
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${options.port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) {
        return {
          baseURL,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
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

/**
 * Creates a back-office operator on a server's fresh data directory with the CLI, before the
 * server starts (the embedded database is held by one process at a time).
 */
export function addOperatorBeforeStart(options: { dataDir: string; email: string; password: string; env?: Record<string, string> }): void {
  execFileSync(process.execPath, [path.join(repoRoot, 'server/dist/cli.js'), 'operator-add', options.email, '--password', options.password], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: options.dataDir, DATABASE_URL: '', ...options.env },
    stdio: 'pipe',
  });
}
