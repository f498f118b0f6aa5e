// `npm run release -- <remote> [--id <releaseId>]`: builds ONE remote and publishes it: its build is
// stored as a new release (with DATABASE_URL in PostgreSQL, for every instance; else in
// DATA_DIR/remotes/<name>/<releaseId>/) and the remote's pointer switches to it. The running site
// serves the new release from the next page load on; the host and the other remotes are not rebuilt. `npm run release -- <remote> --list` and `--rollback <releaseId>` too.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isStale, mustRun, remotes, root } from './lib.mjs';

const [dir, ...rest] = process.argv.slice(2);
const remote = remotes.find((r) => r.dir === dir || r.name === dir);
if (!remote) {
  console.error(`usage: npm run release -- <${remotes.map((r) => r.dir).join('|')}> [--id <releaseId>] [--list] [--rollback <releaseId>]`);
  process.exit(2);
}
const cli = path.join(root, 'server/dist/cli.js');
if (isStale(cli, [path.join(root, 'server/src'), path.join(root, 'shared-contracts/src')])) {
  await mustRun('npm', ['run', 'build', '--silent', '-w', 'shared-contracts']);
  await mustRun('npm', ['run', 'build', '--silent', '-w', 'server']);
}

if (rest[0] === '--list') {
  await mustRun(process.execPath, [cli, 'releases', remote.dir]);
} else if (rest[0] === '--rollback') {
  await mustRun(process.execPath, [cli, 'rollback', remote.dir, rest[1] ?? '']);
} else {
  const idIndex = rest.indexOf('--id');
  const releaseId = idIndex >= 0 ? rest[idIndex + 1] : undefined;
  // Built into a folder of its own: the workspace's dist (which the site may be serving) stays as it is.
  const out = mkdtempSync(path.join(os.tmpdir(), `release-${remote.dir}-`));
  try {
    console.log(`▶ building ${remote.dir}`);
    await mustRun('npm', ['run', 'build', '--silent', '-w', remote.dir], {
      env: { BUILD_OUTPUT_DIR: out, BUILD_ID: releaseId ? `${remote.name}-${releaseId}` : (process.env.BUILD_ID ?? '') },
    });
    await mustRun(process.execPath, [cli, 'release', remote.dir, '--dist', out, ...(releaseId ? ['--id', releaseId] : [])]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
