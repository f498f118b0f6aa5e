// Builds what is missing or older than its sources: contracts (for the server), server, host and remotes.
// `node scripts/build.mjs --all` rebuilds everything.
import path from 'node:path';
import { isStale, mustRun, remotes, root } from './lib.mjs';

const all = process.argv.includes('--all');
const at = (...p) => path.join(root, ...p);
const shared = [at('shared-contracts/src'), at('config/webpack.mf.cjs'), at('package-lock.json')];

const steps = [
  { ws: 'shared-contracts', output: at('shared-contracts/dist/wire.js'), inputs: [at('shared-contracts/src')] },
  { ws: 'server', output: at('server/dist/server.js'), inputs: [at('server/src'), at('shared-contracts/src')] },
  { ws: 'host', output: at('host/dist/index.html'), inputs: [at('host/src'), at('config/index.html'), ...shared] },
  ...remotes.map(({ dir }) => ({ ws: dir, output: at(dir, 'dist/mf-manifest.json'), inputs: [at(dir, 'src'), ...shared] })),
];

for (const step of steps) {
  if (all || isStale(step.output, step.inputs)) {
    console.log(`▶ building ${step.ws}`);
    await mustRun('npm', ['run', 'build', '--silent', '-w', step.ws]);
  }
}
