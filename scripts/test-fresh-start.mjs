// The README's start command on a fresh clone, as production sets it up: `NODE_ENV=production npm
// start` in a new clone of the committed HEAD (its own npm install and builds), then the site must
// answer: the health check, the home page, a remote's manifest, the space data. Part of `npm test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, mustRun, root } from './lib.mjs';
import { pathWithoutFetchedNode } from './node-runtime.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'erd-fresh-start-'));
const clone = path.join(dir, 'punktejagd');
let server = null;
const cleanup = () => {
  if (server && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup();
    process.exit(1);
  });
}

async function expectOk(url, check = () => true) {
  const res = await fetch(url);
  const body = await res.text();
  if (!res.ok || !check(res, body)) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
  console.log(`  ✓ ${url} → ${res.status}`);
}

try {
  console.log(`▶ git clone (committed HEAD) into ${clone}`);
  await mustRun('git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`▶ NODE_ENV=production npm start (PORT=${port})`);
  // On the machine's own Node, as a fresh clone finds it (not one that `npm test` fetched): on a
  // Node that is too old, the start must bring Node 24 itself.
  const { DATABASE_URL: _omitted, ...env } = process.env;
  env.PATH = pathWithoutFetchedNode(env.PATH);
  server = spawn('npm', ['start'], {
    cwd: clone,
    detached: true, // its own process group: npm, the start script and the server end together
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn' },
  });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer within 10 minutes');
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  await expectOk(`${base}/healthz`);
  await expectOk(`${base}/`, (res, body) => res.headers.get('content-type')?.startsWith('text/html') && body.includes('id="root"'));
  await expectOk(`${base}/remotes/mf_standings/mf-manifest.json`);
  await expectOk(`${base}/remotes/mf_standings/embed.js`);
  await expectOk(
    `${base}/content/public/spaces/erd/spacedata?include=4`,
    (_res, body) => JSON.parse(body).year?.fields?.challenges?.length > 0,
  );
  process.kill(-server.pid, 'SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  console.log('✓ a fresh clone starts with NODE_ENV=production');
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exitCode = 1;
} finally {
  cleanup();
}
