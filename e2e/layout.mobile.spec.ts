import { expect, test } from './support/fixtures';

// Runs in the 360 px "phone" project.
test('no page scrolls sideways at 360 px, and the menu works by touch', async ({ page }) => {
  for (const path of [
    '/',
    '/challenge',
    '/challenge/challenge-schlachtruf',
    '/tabelle',
    '/terms',
    '/imprint',
    '/login',
    '/gibt-es-nicht',
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Menü öffnen' }).tap();
  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Challenges' }).tap();
  await expect(page).toHaveURL(/\/challenge$/);
  await expect(page.getByRole('heading', { name: 'Alle Challenges' })).toBeVisible();
});
