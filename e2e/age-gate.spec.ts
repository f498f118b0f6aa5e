import { test as base, expect } from '@playwright/test';

// No pre-approved consent here: the visitor meets the gate.
const test = base;

test('the age gate covers every page until approved, and hides the header and footer controls', async ({ page }) => {
  await page.goto('/');
  const gate = page.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' });
  await expect(gate).toBeVisible();
  await expect(gate.getByText('Ich bestätige, dass ich mindestens 18 Jahre alt bin.')).toBeVisible();
  await expect(gate.getByText('Ich bin noch keine 18 Jahre alt.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jetzt mitmachen' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toHaveCount(0);

  await page.goto('/gibt-es-nicht');
  await expect(page.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' })).toBeVisible();
});

test('JA stores the approval and lets the visitor in', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /^JA/ }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('bfv-age-consent') ?? 'null'));
  expect(stored).toMatchObject({ over18: 'approved' });
  expect(typeof stored.timestamp).toBe('number');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Nein is remembered and shows the denied message, also after a reload', async ({ page }) => {
  await page.goto('/challenge');
  await page.getByRole('button', { name: /^Nein/ }).click();
  await expect(page.getByText('SCHADE! NÄCHSTES JAHR VIELLEICHT?')).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('bfv-age-consent') ?? 'null'))).toMatchObject({ over18: 'denied' });
  await page.reload();
  await expect(page.getByText('SCHADE! NÄCHSTES JAHR VIELLEICHT?')).toBeVisible();
});

test('the Impressum and the privacy notice are reachable from the gate and readable without a consent, also after a Nein', async ({
  page,
}) => {
  // A fresh visitor lands on the Impressum: no gate covers it, its legal links are in the footer.
  await page.goto('/imprint');
  await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jetzt mitmachen' })).toHaveCount(0);

  // Elsewhere the gate asks; it links to both legal pages, and a Nein does not lock them away.
  await page.goto('/tabelle');
  await page.getByRole('button', { name: /^Nein/ }).click();
  const denied = page.getByRole('dialog', { name: 'SCHADE! NÄCHSTES JAHR VIELLEICHT?' });
  await expect(denied).toBeVisible();
  await denied.getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page).toHaveURL(/\/dataProtection$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Back on a page of the campaign the denial holds, and 'Doch schon 18?' asks again.
  await page.goto('/');
  await page.getByRole('button', { name: 'Doch schon 18?' }).click();
  await expect(page.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'JA' })).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('bfv-age-consent'))).toBeNull();
});

test('the gate is usable with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('dialog')).toBeVisible();
  // Focus starts inside the dialog; tab to JA and press Enter (the dialog holds JA, Nein and the two
  // legal links; the app may move the focus to JA while the loop tabs).
  for (let i = 0; i < 10; i++) {
    const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (/^JA/.test(name.trim())) break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('before the app has started (its code held back)', () => {
  test.beforeEach(async ({ page }) => {
    await page.route(/\.js(\?|$)/, (route) => route.abort());
  });

  test('a fresh visitor meets the gate from the page itself, with its texts', async ({ page }) => {
    await page.goto('/tabelle');
    const gate = page.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' });
    await expect(gate).toBeVisible();
    await expect(gate.getByRole('button', { name: 'JA' })).toBeVisible();
    await expect(gate.getByText('Ich bin noch keine 18 Jahre alt.')).toBeVisible();
    await expect(gate.getByText('Die Teilnahme an der Punktejagd und die Gewinne sind nur für Personen ab 18 Jahren.')).toBeVisible();
    await expect(page.getByText('SCHADE! NÄCHSTES JAHR VIELLEICHT?')).toBeHidden();
  });

  test('one who passed it sees no gate; one who said Nein the denied message', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('bfv-age-consent', JSON.stringify({ over18: 'approved', timestamp: Date.now() })));
    await page.reload();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.evaluate(() => localStorage.setItem('bfv-age-consent', JSON.stringify({ over18: 'denied', timestamp: Date.now() })));
    await page.reload();
    await expect(page.getByText('SCHADE! NÄCHSTES JAHR VIELLEICHT?')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' })).toHaveCount(0);
  });

  test('it leaves the legal pages readable, links to them, and Doch schon 18? takes a Nein back', async ({ page }) => {
    await page.goto('/imprint');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/');
    await page.getByRole('button', { name: 'Nein' }).click();
    const denied = page.getByRole('dialog', { name: 'SCHADE! NÄCHSTES JAHR VIELLEICHT?' });
    await expect(denied).toBeVisible();
    await expect(denied.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
    await denied.getByRole('button', { name: 'Doch schon 18?' }).click();
    await expect(page.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('bfv-age-consent'))).toBeNull();
  });

  test('JA chosen on it is stored and holds when the app starts', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'JA' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('bfv-age-consent') ?? 'null'))).toMatchObject({ over18: 'approved' });
    await page.unroute(/\.js(\?|$)/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
