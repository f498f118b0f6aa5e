import { spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_ROOT } from './app.js';
import { fromSources } from './server-process.js';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the operator command line as a process (`src/cli.ts` from the sources, as
 * server-process.ts starts the server) with `env` on top of the test's environment (without its
 * DATABASE_URL and CLOCK_OFFSET_DAYS: a test says which database and clock it means).
 */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  const { DATABASE_URL: _url, CLOCK_OFFSET_DAYS: _offset, ...base } = process.env;
  const child = spawn(process.execPath, [...fromSources('src/cli.ts'), ...args], {
    cwd: path.resolve(SERVER_ROOT, '..'),
    env: { ...base, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
