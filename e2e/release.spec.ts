import { expect, test } from './support/fixtures';
import { e2eDataDir } from './support/paths';
import { releaseRemote, remoteEntry } from './support/release';

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

  const releaseId = releaseRemote('mf-standings', e2eDataDir);

  const after = await (await request.get('/config.json')).json();
  expect(remoteEntry(after, 'mf_standings')).toContain(releaseId);
  for (const other of ['mf_auth', 'mf_challenges', 'mf_profile', 'mf_backoffice']) {
    expect(remoteEntry(after, other), other).toBe(remoteEntry(before, other));
  }
  expect(Buffer.compare(await (await request.get('/main.js')).body(), hostEntry)).toBe(0);

  await page.reload();
  await expect(page.locator('[data-mf-build]').first()).toHaveAttribute('data-mf-build', `mf_standings-${releaseId}`);
  expect(oldBuild).not.toBe(`mf_standings-${releaseId}`);
});
