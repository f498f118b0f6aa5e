import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_ROOT } from './app.js';

/**
 * A real server process (`src/server.ts`, the only process entry) for tests of what happens to a
 * process: signals, `kill -9`, a restart on the same data. It runs from the TypeScript sources
 * (ts-hooks.mjs transpiles them with swc as the build does), so no build is needed first.
 */

const HOOKS = pathToFileURL(path.join(SERVER_ROOT, 'src/test-support/ts-hooks.mjs')).href;

/** Node's arguments that run `entry` (a path below the server package) from the TypeScript sources. */
export function fromSources(entry: string): string[] {
  return [
    '--conditions=source',
    '--import',
    `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(HOOKS)})`,
    path.join(SERVER_ROOT, entry),
  ];
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote (pino lines and errors). */
  output(): string;
  /** Resolves with the exit code (null after a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `src/server.ts` with `env` on top of the test environment (DATABASE_URL is not inherited:
 * pass the test database's own URL, or nothing for PGlite in DATA_DIR) and waits for `GET /ready`.
 */
export async function startServerProcess(env: Record<string, string>, { timeoutMs = 90_000 } = {}): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _inherited, ...base } = process.env;
  const child = spawn(process.execPath, fromSources('src/server.ts'), {
    cwd: path.resolve(SERVER_ROOT, '..'),
    env: { ...base, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the server did not get ready within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output, exited };
}

/** Ends the process (SIGKILL) if it still runs. */
export async function killServerProcess(server: ServerProcess | undefined): Promise<void> {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}
