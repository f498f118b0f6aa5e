// One version of each shared package across all workspaces (Module Federation singletons need it),
// and one statement of the supported Node versions: package.json's engines as scripts/node-runtime.mjs
// reads it, its pinned releases inside it, and the Node running this one of them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';
import { ENGINES, NODE_RELEASES, isSupported } from './node-runtime.mjs';

const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const nodeProblems = [
  rootPackage.engines?.node !== ENGINES &&
    `package.json engines.node is ${JSON.stringify(rootPackage.engines?.node)}, scripts/node-runtime.mjs reads ${JSON.stringify(ENGINES)}`,
  ...Object.values(NODE_RELEASES).map((version) => !isSupported(version) && `Node ${version} (NODE_RELEASES) is outside ${ENGINES}`),
  !isSupported() && `this runs on Node ${process.versions.node}, outside ${ENGINES}`,
].filter(Boolean);
for (const problem of nodeProblems) console.error(`✗ ${problem}`);
if (nodeProblems.length) process.exit(1);
console.log(`✓ Node ${process.versions.node} (supported: ${ENGINES}; tested: ${Object.values(NODE_RELEASES).join(', ')})`);

const workspaces = rootPackage.workspaces;
const seen = new Map();
for (const ws of workspaces) {
  const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
  for (const [name, version] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies })) {
    if (!seen.has(name)) seen.set(name, new Map());
    const versions = seen.get(name);
    versions.set(version, [...(versions.get(version) ?? []), ws]);
  }
}
const conflicts = [...seen].filter(([, versions]) => versions.size > 1);
for (const [name, versions] of conflicts) {
  console.error(`✗ ${name}: ${[...versions].map(([v, ws]) => `${v} (${ws.join(', ')})`).join(' vs ')}`);
}
if (conflicts.length) process.exit(1);
console.log(`✓ one version per package across ${workspaces.length} workspaces (${seen.size} packages)`);
