import { expect, test } from './support/fixtures';

test('home: hero, banner strips, teasers, prizes and the active challenge', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The demo season has five prize images: four are shown.
  const prizes = page.getByRole('region', { name: "Das gibt's zu gewinnen" });
  await expect(prizes).toBeVisible();
  await expect(prizes.getByRole('img')).toHaveCount(4);

  const durations = await page.evaluate(() =>
    [...document.querySelectorAll('*')].map((el) => getComputedStyle(el).animationDuration).filter((d) => d === '50s' || d === '30s'),
  );
  expect(new Set(durations)).toEqual(new Set(['50s', '30s']));

  // Demo season: #2 (picture vote) is the active challenge (the spec's teaser, below 'Läuft gerade').
  const active = page.locator('section[aria-labelledby="active-challenge-title"]');
  await expect(active.getByText('#2', { exact: true })).toBeVisible();
  await active.getByRole('link', { name: 'JETZT MITMACHEN', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await page.locator('section[aria-labelledby="active-challenge-title"]').getByRole('link', { name: 'STÖBERN' }).click();
  await expect(page).toHaveURL(/\/challenge\/challenge-schoenster-jubel$/);
  await expect(page.getByText('Bisher keine Teilnahmen vorhanden')).toBeVisible();
});

test('legal pages show the site content chosen by the route', async ({ page }) => {
  for (const [path, title] of [
    ['/terms', 'Teilnahmebedingungen'],
    ['/dataProtection', 'Datenschutz'],
    ['/dataprotection', 'Datenschutz'],
    ['/imprint', 'Impressum'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
  await expect(page.getByText('Musterbrauerei Oberland GmbH').first()).toBeVisible();
  // Footer links navigate inside the app.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Teilnahmebedingungen' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Teilnahmebedingungen' })).toBeVisible();
});
