import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { e2eDataDir, repoRoot } from './support/paths';

/**
 * Releasing one remote: the documented command builds and publishes mf-standings alone; the running
 * site serves it on the next page load, with the host and the other remotes untouched.
 */
test('a remote released on its own goes live on the next page load', async ({ page, request }) => {
  test.setTimeout(120_000);
  const before = await (await request.get('/config.json')).json();
  const hostEntry = await (await request.get('/main.js')).body();

  await page.goto('/tabelle');
  const root = page.locator('[data-mf-build]').first();
  await expect(root).toBeAttached();
  const oldBuild = await root.getAttribute('data-mf-build');

  const releaseId = `e2e${Date.now()}`;
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/release.mjs'), 'mf-standings', '--id', releaseId], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: e2eDataDir, DATABASE_URL: '' },
    stdio: 'pipe',
  });

  const after = await (await request.get('/config.json')).json();
  const entryOf = (config: { remotes: { name: string; entry: string }[] }, name: string) =>
    config.remotes.find((r) => r.name === name)?.entry;
  expect(entryOf(after, 'mf_standings')).toContain(releaseId);
  for (const other of ['mf_auth', 'mf_challenges', 'mf_profile', 'mf_backoffice']) {
    expect(entryOf(after, other), other).toBe(entryOf(before, other));
  }
  expect(Buffer.compare(await (await request.get('/main.js')).body(), hostEntry)).toBe(0);

  await page.reload();
  await expect(page.locator('[data-mf-build]').first()).toHaveAttribute('data-mf-build', `mf_standings-${releaseId}`);
  expect(oldBuild).not.toBe(`mf_standings-${releaseId}`);
});
