import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * A remote that fails to load leaves the header, footer and other areas working and shows a German
 * fallback with a retry, never a white page.
 */
test.use({ allowConsoleErrors: true });

const manifest = '**/remotes/mf_challenges/**/mf-manifest.json';

async function expectFallbackThenRecovery(page: Page, pattern: string, breakIt: (route: Route) => Promise<void> | void) {
  await page.route(pattern, breakIt);
  await page.goto('/challenge');
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toBeVisible({ timeout: 15_000 });
  await expect(fallback.getByRole('heading', { name: 'Da ist leider was schief gelaufen.' })).toBeVisible();
  // The shell around it still works.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // Retry after the remote is back.
  await page.unroute(pattern);
  await fallback.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  await expect(page.locator('[data-mf-build]').first()).toBeAttached();
}

test('manifest 404', async ({ page }) => {
  await expectFallbackThenRecovery(page, manifest, (route) => route.fulfill({ status: 404, body: 'nope' }));
});

test('manifest 500', async ({ page }) => {
  await expectFallbackThenRecovery(page, manifest, (route) => route.fulfill({ status: 500, body: 'kaputt' }));
});

test('connection refused', async ({ page }) => {
  await expectFallbackThenRecovery(page, manifest, (route) => route.abort('connectionrefused'));
});

test('remoteEntry.js 404', async ({ page }) => {
  await expectFallbackThenRecovery(page, '**/remotes/mf_challenges/**/remoteEntry.js', (route) => route.fulfill({ status: 404, body: '' }));
});

test('the exposed module throws while rendering', async ({ page }) => {
  await expectFallbackThenRecovery(page, '**/remotes/mf_challenges/**/__federation_expose_*.js', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: 'throw new Error("kaputt beim Laden");' }),
  );
});

test('manifest never answers: the timeout gives the fallback', async ({ page }) => {
  test.setTimeout(45_000);
  await expectFallbackThenRecovery(page, manifest, () => {
    /* never answered */
  });
});

test('other areas keep working while one remote is down', async ({ page }) => {
  await page.route(manifest, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/challenge');
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  await page.goto('/tabelle');
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  await expect(page.locator('[data-mf-build]').first()).toBeAttached();
});
