import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './paths';

/** The site's /config.json as far as releases go: each remote's manifest address. */
export interface RemotesConfig {
  remotes: { name: string; entry: string }[];
}

/**
 * Releases one remote with the documented command (`scripts/release.mjs <remote> --id …`) into the
 * running site's data directory; the release id.
 */
export function releaseRemote(remote: string, dataDir: string): string {
  const releaseId = `e2e${Date.now()}`;
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/release.mjs'), remote, '--id', releaseId], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'pipe',
  });
  return releaseId;
}

/** The manifest address of the remote `name` in a /config.json. */
export const remoteEntry = (config: RemotesConfig, name: string) => config.remotes.find((r) => r.name === name)?.entry;
