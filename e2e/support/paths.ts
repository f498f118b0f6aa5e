import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const e2eDataDir = path.join(repoRoot, 'test-results/e2e-data');

/** The data directory of a spec's own server, beside the shared one: test-results/e2e-<name>-data. */
export const ownDataDir = (name: string) => path.join(path.dirname(e2eDataDir), `e2e-${name}-data`);
