import { clubs, logIn, logOutFromMenu, registerConfirmed } from './support/accounts';
import { expect, test } from './support/fixtures';

test('the menu opens and closes by keyboard, shifts the body and links the main areas', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menü öffnen' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu).toBeVisible();
  await expect(page.locator('body')).toHaveClass(/erd-menu-open/);
  for (const name of ['Home', 'Challenges', 'Tabelle', 'Teilnahme', 'Einloggen']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveClass(/erd-menu-open/);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeFocused();

  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Tabelle' }).click();
  await expect(page).toHaveURL(/\/tabelle$/);
  await expect(page.getByRole('heading', { name: 'Gesamttabelle' })).toBeVisible();
  await expect(page.getByText('Noch ist es still...')).toBeVisible();
  await expect(page.getByText('Pssst! Komm wieder wenn die ersten Punkte vergeben wurden!')).toBeVisible();
});

test('a visitor’s profile button stores the redirect and goes to the login', async ({ page }) => {
  await page.goto('/challenge');
  await page.getByRole('banner').getByRole('link', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('bfv-erd-redirectAfterLogin'))).toBe('/profil');
  await page.getByRole('banner').getByRole('link', { name: 'Jetzt mitmachen' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('one session store for host and remotes: a logout in the host reaches the challenges remote', async ({ page, request }, testInfo) => {
  const club = (await clubs(request))[40 + testInfo.retry]!;
  const email = await registerConfirmed(request, club);
  // The login happens in mf-auth; the host's header and the challenges remote see it at once.
  await logIn(page, email);
  await expect(page).toHaveURL(/\/challenge$/);
  await expect(page.getByRole('heading', { name: 'Alle Challenges' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Teilnehmen' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/challenge');

  await logOutFromMenu(page);
  // Back to the already loaded remote, without a page load: it reads the store the host changed.
  await page.goBack();
  await expect(page).toHaveURL(/\/challenge$/);
  await expect(page.getByRole('link', { name: 'Teilnehmen' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Teilnehmen' }).first()).toHaveAttribute('href', '/login');
});
