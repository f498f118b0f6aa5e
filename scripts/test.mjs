// `npm test`: every test. Versions check, type-check, lint, the formatter's check, unit and server tests (PGlite; and
// PostgreSQL too when DATABASE_URL is set), the server tests once more on the other maintained Node
// line (22 or 24, from the npm registry), a build of what is stale, then Playwright end-to-end
// tests against the composed site in Debian's Chromium, the production topology (two built server
// instances behind nginx on PostgreSQL, with S3 and SMTP; when DATABASE_URL is set), and last the
// README's start command on a fresh clone of the committed HEAD under NODE_ENV=production.
import os from 'node:os';
import path from 'node:path';
import { root, run } from './lib.mjs';
import { ensureSupportedNode } from './node-runtime.mjs';

// On a Node that is too old (a machine's Node 20) the tests run on Node 24 from the npm registry.
await ensureSupportedNode();

const { DATABASE_URL, ...envWithoutDb } = process.env;
const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules/.bin', name);
// Everything runs on the Node that runs this; the server tests also on the other LTS line.
const otherLine = Number(process.versions.node.split('.')[0]) === 24 ? 22 : 24;

// The server-only runs use every core: jest's default is one worker fewer, one on a two-core machine, and
// each suite has a database of its own (PGlite in memory, or a new PostgreSQL database), so two run
// side by side safely. Measured on this 2-core machine: all 115 server suites in 10.9 min with two
// workers; with one, 54 of them took 723 s (about 25 min for all at that rate).
const serverWorkers = [`--maxWorkers=${Math.max(2, os.availableParallelism() - 1)}`];

const steps = [
  ['versions', node, [path.join(root, 'scripts/check-versions.mjs')]],
  ['typecheck', bin('tsc'), ['-b']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['format (prettier --check; npm run format writes it)', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ['unit + server (PGlite)', bin('jest'), ['--ci'], { DATABASE_URL: '' }],
  ...(DATABASE_URL
    ? [['server (PostgreSQL)', bin('jest'), ['--ci', '--selectProjects', 'server', ...serverWorkers], { DATABASE_URL }]]
    : []),
  [
    `server on Node ${otherLine} (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
    node,
    [
      path.join(root, 'scripts/node-runtime.mjs'),
      'exec',
      String(otherLine),
      'node',
      bin('jest'),
      '--ci',
      '--selectProjects',
      'server',
      ...serverWorkers,
    ],
    { DATABASE_URL: DATABASE_URL ?? '' },
  ],
  ['build', node, [path.join(root, 'scripts/build.mjs')]],
  ['end-to-end (Chromium)', bin('playwright'), ['test'], { DATABASE_URL: '' }],
  ...(DATABASE_URL
    ? [
        [
          'topology: two instances behind nginx on PostgreSQL, S3, SMTP',
          node,
          [path.join(root, 'scripts/test-topology.mjs')],
          { DATABASE_URL },
        ],
      ]
    : []),
  ['fresh clone: NODE_ENV=production npm start', node, [path.join(root, 'scripts/test-fresh-start.mjs')]],
];

const failed = [];
console.log(`Node ${process.versions.node}`);
for (const [name, cmd, args, env = {}] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const code = await run(cmd, args, { env: { ...envWithoutDb, ...env } });
  console.log(`━━ ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (code !== 0) failed.push(name);
  if (code !== 0 && name === 'build') break;
}
if (!DATABASE_URL) console.log('\n(no DATABASE_URL: server tests ran on PGlite only, and the topology test did not run)');
if (failed.length) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\n✓ all test steps passed');
