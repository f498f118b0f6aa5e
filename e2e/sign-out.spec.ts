import type { Page } from '@playwright/test';
import { clubs, logIn, logOutFromMenu, registerConfirmed } from './support/accounts';
import { expect, failedLoads, test, visitorPage } from './support/fixtures';

/**
 * Issue 28: a club's account is often shared by several people. 'Ausloggen' ends this device's
 * session only (RevokeToken of its refresh token); 'Überall abmelden' in the profile ends every
 * device's (GlobalSignOut). Two browser contexts are two devices of the same account.
 */

const profileLoaded = (page: Page) => expect(page.getByLabel('Vorname')).toHaveValue(/\S/, { timeout: 15_000 });

// The first device's profile call after 'Überall abmelden' is refused (401), then its refresh (400).
test.use({ allowConsoleErrors: failedLoads(400, 401) });

test("'Ausloggen' signs out this device only; 'Überall abmelden' signs out every device", async ({ browser, page, request }, testInfo) => {
  test.setTimeout(120_000);
  const club = (await clubs(request))[50 + testInfo.retry + 5 * testInfo.repeatEachIndex]!;
  const email = await registerConfirmed(request, club);
  const otherDevice = await visitorPage(browser);
  const otherErrors: string[] = [];
  otherDevice.on('console', (message) => {
    // The other device's profile call after 'Überall abmelden' is refused once, on purpose.
    if (message.type() === 'error' && !failedLoads(400, 401).test(message.text())) otherErrors.push(message.text());
  });

  await logIn(page, email);
  await logIn(otherDevice, email);

  // 'Ausloggen' on the first device: it is signed out …
  await logOutFromMenu(page);
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/login$/);

  // … and the second device stays signed in: its API calls still work (that its refresh token does
  // too is proved with the real client library in server/src/modules/identity/library.test.ts).
  await otherDevice.goto('/profil');
  await profileLoaded(otherDevice);

  // 'Überall abmelden' on the second device, after its confirmation: it goes home, signed out.
  await logIn(page, email);
  await otherDevice.goto('/profil');
  await profileLoaded(otherDevice);
  const section = otherDevice.getByRole('region', { name: 'Angemeldete Geräte' });
  await expect(section).toContainText('„Ausloggen“ im Menü meldet nur dieses Gerät ab.');
  await section.getByRole('button', { name: 'Überall abmelden' }).click();
  await expect(section.getByText('Wirklich überall abmelden?', { exact: false })).toBeVisible();
  await section.getByRole('button', { name: 'Ja, überall abmelden' }).click();
  await expect(otherDevice).toHaveURL(/\/$/);
  await expect(otherDevice.getByRole('banner').getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/login');

  // The first device, signed in again meanwhile, is signed out too: its next call is refused and
  // its refresh token no longer works, so the profile says the session has ended, signed out.
  await page.goto('/profil');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Deine Sitzung ist abgelaufen. Bitte logge dich erneut ein.', {
    timeout: 15_000,
  });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/login');
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('bfv-erd-session') ?? '{}').state?.status ?? null)).toBeNull();
  expect(otherErrors).toEqual([]);
  await otherDevice.context().close();
});
