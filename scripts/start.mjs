// `npm start`: installs and builds what is missing, then serves the embedded default (PGlite in
// ./data, demo season on first start, e-mail to ./data/outbox) on PORT (default 3000).
import { existsSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { mustRun, root } from './lib.mjs';

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules/.package-lock.json');
// The build needs the dev dependencies (swc, webpack). With NODE_ENV=production — where people set
// it — npm would leave them out, so they are asked for explicitly, and an install without them
// (an earlier `npm install` under NODE_ENV=production) counts as incomplete.
const buildTools = ['node_modules/.bin/swc', 'node_modules/.bin/webpack'].map((p) => path.join(root, p));
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs || buildTools.some((tool) => !existsSync(tool))) {
  console.log('▶ npm install');
  await mustRun('npm', ['install', '--no-audit', '--no-fund', '--include=dev']);
}
await mustRun(process.execPath, [path.join(root, 'scripts/build.mjs')]);

// The embedded default runs on a laptop or a small box beside other programs: a small footprint
// matters more than the last per cent of throughput there. One malloc arena that gives freed memory
// back (instead of one arena per thread holding ~25 MB each), a 1 MB young generation and one V8
// helper thread: idle RSS about 195 MB instead of about 290 MB (`npm run bench:memory`). With
// DATABASE_URL (PostgreSQL, a production instance) the server keeps Node's defaults. Variables or
// flags set by the caller win.
const embedded = !process.env.DATABASE_URL;
const smallFootprint = embedded
  ? {
      env: { MALLOC_ARENA_MAX: '1', MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' },
      flags: ['--max-semi-space-size=1', '--v8-pool-size=1'],
    }
  : { env: {}, flags: [] };
const server = spawn(process.execPath, [...smallFootprint.flags, path.join(root, 'server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { PORT: '3000', ...smallFootprint.env, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
