import type { APIRequestContext, Page } from '@playwright/test';
import { clubs, logIn, logOutFromMenu, registerConfirmed } from './support/accounts';
import { expect, failedLoads, test, visitorPage } from './support/fixtures';

/**
 * Issue 28: a club's account is often shared by several people. 'Ausloggen' ends this device's
 * session only (RevokeToken of its refresh token); 'Überall abmelden' in the profile ends every
 * device's (GlobalSignOut). Two browser contexts are two devices of the same account.
 */

/** The refresh token of the page's stored session (the shared store in session storage). */
const storedRefreshToken = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('bfv-erd-session') ?? '{}').state?.tokens?.refreshToken as string);

/** What the identity service answers to a renewal with this refresh token. */
async function renewal(request: APIRequestContext, refreshToken: string) {
  const config = await (await request.get('/config.json')).json();
  const res = await request.post(config.identity.endpoint, {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: config.identity.clientId,
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  });
  return { status: res.status(), message: (await res.json()).message as string | undefined };
}

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
    if (message.type() === 'error') otherErrors.push(message.text());
  });

  await logIn(page, email);
  await logIn(otherDevice, email);

  // 'Ausloggen' on the first device: it is signed out, its refresh token revoked at the service …
  const firstRefreshToken = await storedRefreshToken(page);
  const otherRefreshToken = await storedRefreshToken(otherDevice);
  expect(firstRefreshToken).not.toBe(otherRefreshToken);
  await logOutFromMenu(page);
  expect(await renewal(request, firstRefreshToken)).toEqual({ status: 400, message: 'Refresh Token has been revoked' });
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/login$/);

  // … and the second device stays signed in: its API calls still work (that its refresh token does
  // too is proved with the real client library in server/src/modules/identity/library.test.ts).
  await otherDevice.goto('/profil');
  await profileLoaded(otherDevice);
  expect((await renewal(request, otherRefreshToken)).status).toBe(200);

  // 'Überall abmelden' on the second device, after its confirmation: it goes home, signed out.
  await logIn(page, email);
  await otherDevice.goto('/profil');
  await profileLoaded(otherDevice);
  const section = otherDevice.getByRole('region', { name: 'Auf allen Geräten abmelden' });
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
