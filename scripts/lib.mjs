// Helpers shared by the root scripts (start, test, release, bench): run commands, find stale builds.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const remotes = [
  { dir: 'mf-auth', name: 'mf_auth' },
  { dir: 'mf-challenges', name: 'mf_challenges' },
  { dir: 'mf-standings', name: 'mf_standings' },
  { dir: 'mf-profile', name: 'mf_profile' },
  { dir: 'mf-backoffice', name: 'mf_backoffice' },
];

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, { env = {}, cwd = root, quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: quiet ? 'ignore' : 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export async function mustRun(cmd, args, options) {
  const code = await run(cmd, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

/** Newest modification time of the files under `dir` (skipping dist, node_modules, tests). */
export function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '__tests__'].includes(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when `output` is missing or older than any of `inputs` (files or folders). */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some(
    (input) => existsSync(input) && (statSync(input).isDirectory() ? newestMtime(input) : statSync(input).mtimeMs) > built,
  );
}

/** A free TCP port on 127.0.0.1 (the bench and test scripts start their servers on it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}
