// One version of each shared package across all workspaces (Module Federation singletons need it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const workspaces = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
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
