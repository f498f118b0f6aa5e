// Runs `drizzle-kit generate` for the server. drizzle-kit is hoisted to the root node_modules but
// drizzle-orm lives in server/node_modules, and drizzle-kit loads drizzle-orm with a dynamic
// import() that ignores NODE_PATH: so for the run a link root/node_modules/drizzle-orm is created
// (and removed afterwards) when drizzle-orm is not resolvable from there.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..');
const link = path.join(repoRoot, 'node_modules', 'drizzle-orm');
const target = path.join(serverRoot, 'node_modules', 'drizzle-orm');
const created = !fs.existsSync(link) && fs.existsSync(target);
if (created) fs.symlinkSync(target, link, 'dir');
try {
  const bin = path.join(repoRoot, 'node_modules', 'drizzle-kit', 'bin.cjs');
  const result = spawnSync(process.execPath, [bin, 'generate', ...process.argv.slice(2)], {
    cwd: serverRoot,
    stdio: 'inherit',
  });
  process.exitCode = result.status ?? 1;
} finally {
  if (created) fs.unlinkSync(link);
}
