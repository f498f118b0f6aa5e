import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const e2eDataDir = path.join(repoRoot, 'test-results/e2e-data');
