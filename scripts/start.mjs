// `npm start`: installs and builds what is missing, then serves the embedded default (PGlite in
// ./data, demo season on first start, e-mail to ./data/outbox) on PORT (default 3000).
import { existsSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { mustRun, root } from './lib.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

// On a Node that is too old (a machine's Node 20) the script runs again on Node 24 from the npm registry.
await ensureSupportedNode();

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
// back (instead of one arena per thread holding ~25 MB each), a 1 MB young generation, one V8
// helper thread, and PGlite's WebAssembly in V8's baseline compiler only (Node 24's optimising
// tier took the first start to a ~710 MB peak compiling PostgreSQL; baseline code answers a
// trivial query ~15 % slower and starts sooner): on Node 24 peak ~210 MB and idle ~195 MB instead
// of ~710 and ~230 (`npm run bench:memory`). With DATABASE_URL (PostgreSQL, a production instance)
// the server keeps Node's defaults. Variables or flags set by the caller win.
const embedded = !process.env.DATABASE_URL;
const smallFootprint = embedded
  ? {
      env: { MALLOC_ARENA_MAX: '1', MALLOC_TRIM_THRESHOLD_: '131072', MALLOC_MMAP_THRESHOLD_: '131072' },
      flags: ['--max-semi-space-size=1', '--v8-pool-size=1', '--liftoff-only'],
    }
  : { env: {}, flags: [] };
const server = spawn(process.execPath, [...smallFootprint.flags, path.join(root, 'server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { PORT: '3000', ...smallFootprint.env, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
