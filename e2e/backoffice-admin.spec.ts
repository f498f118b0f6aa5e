import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { clubs, registerConfirmed } from './support/accounts';
import { clubHeaders } from './support/api-client';
import { backofficeBar as bar, signInToBackoffice } from './support/backoffice';
import { expect, failedLoads, test } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';
import { ownDataDir, repoRoot } from './support/paths';

/**
 * The back office's own administration (issue 8) on a server of its own with the e2e season: an
 * admin made with the CLI sees the 'Überblick' (the slogan challenge's phase today, the entry
 * waiting for review, today's registration and the charts), adds a moderator under 'Operatoren';
 * the moderator signs in with the start password the admin chose and is sent to choose their own
 * (nothing else is open: no screens in the bar, every address leads there), changes it, then has
 * no 'Operatoren' in the bar (and the address says 'Dafür fehlt dir die Berechtigung.') and signs
 * in with the new one; the 'Protokoll'
 * shows both steps, filters by action, and its CSV holds the filtered rows.
 */

const ADMIN = { email: 'leitung@punktejagd.example', password: 'Leitung#Saison2026' };
const MODERATOR = { email: 'neu-im-team@punktejagd.example', password: 'Erstes#Passwort2026', next: 'Eigenes#Passwort2027' };
const dataDir = ownDataDir('backoffice-admin');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season') };

// The session check before signing in (401) and the wrong current password (400).
const site = ownSiteSpec({ port: 3296, dataDir, env: serverEnv, operators: [ADMIN], allowConsoleErrors: failedLoads(400, 401) });

async function signIn(page: Page, who: { email: string; password: string }, { startPassword = false } = {}): Promise<void> {
  await signInToBackoffice(page, who);
  if (startPassword) await expect(page.getByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeVisible();
  else await expect(bar(page)).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/backoffice\/anmeldung/);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A club registers today and sends a slogan: one entry waits for review.
  const [club] = await clubs(site.api);
  const email = await registerConfirmed(site.api, club!, { dataDir });
  const saved = await site.api.put('/api/challenge/particpation/e2e-spruch', {
    headers: await clubHeaders(site.api, email),
    data: { slogan: 'Heute wird gefeiert – alkoholfrei!' },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
});

test("an admin sees the overview, adds a moderator; the moderator has no 'Operatoren' and changes their password; the log shows it, filters and exports", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await expect(bar(page).getByRole('link').first()).toHaveText('Überblick');

  // Überblick: today's phase, the waiting entry, the activity and the latest log entries.
  await bar(page).getByRole('link', { name: 'Überblick' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Überblick' })).toBeVisible();
  const challenge = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'E2E Spruch' }) });
  await expect(challenge.getByRole('cell').nth(1)).toHaveText('Teilnahme läuft');
  await expect(challenge.getByRole('cell').last()).toHaveText('1');
  await expect(page.getByText('1 Beitrag wartet auf Prüfung.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zur Moderation' })).toHaveAttribute('href', '/backoffice');
  const perDay = page.getByRole('table', { name: 'Stimmen und Registrierungen pro Tag' });
  await expect(perDay.getByRole('row')).toHaveCount(31);
  await expect(perDay.getByRole('row').last().getByRole('cell').last()).toHaveText('1');
  await expect(page.getByTestId('chart-registrations').locator('svg rect').first()).toBeAttached();
  await expect(
    page
      .getByRole('table', { name: 'Die letzten Einträge im Protokoll, neueste zuerst' })
      .getByRole('rowheader', { name: 'Operator angelegt' }),
  ).toBeVisible();
  await page.setViewportSize({ width: 768, height: 1000 });
  await page.screenshot({ path: test.info().outputPath('ueberblick-768.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath('ueberblick-1280.png'), fullPage: true });

  // Operatoren: a new moderator; a weak password first gets the rule at the field.
  await bar(page).getByRole('link', { name: 'Operatoren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operatoren' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill(MODERATOR.email);
  await page.getByLabel('Erstes Passwort').fill('zu-kurz');
  await page.getByRole('button', { name: 'Operator anlegen' }).click();
  await expect(page.getByText(/^Das Passwort braucht mindestens 12 Zeichen/)).toBeVisible();
  await page.getByLabel('Erstes Passwort').fill(MODERATOR.password);
  await page.getByRole('button', { name: 'Operator anlegen' }).click();
  await expect(page.getByText(`${MODERATOR.email} ist als Moderation angelegt.`)).toBeVisible();
  await expect(
    page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: MODERATOR.email }) })
      .getByRole('cell')
      .first(),
  ).toHaveText('Moderation');
  await page.screenshot({ path: test.info().outputPath('operatoren-1280.png'), fullPage: true });
  await signOut(page);

  // The moderator, on the start password the admin chose: only 'Passwort ändern' is open (the
  // server answers nothing else until it is changed), from any address.
  await signIn(page, MODERATOR, { startPassword: true });
  await expect(page.getByText(/Dein Konto hat noch das Start-Passwort/)).toBeVisible();
  await expect(bar(page)).toHaveCount(0);
  await page.goto('/backoffice/ueberblick');
  await expect(page).toHaveURL(/\/backoffice\/passwort$/);
  await page.getByLabel('Aktuelles Passwort').fill('Falsch#Passwort2026');
  await page.getByLabel('Neues Passwort', { exact: true }).fill(MODERATOR.next);
  await page.getByLabel('Neues Passwort wiederholen').fill(MODERATOR.next);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText('Das aktuelle Passwort stimmt nicht.')).toBeVisible();
  await page.getByLabel('Aktuelles Passwort').fill(MODERATOR.password);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByText(/^Dein Passwort ist geändert\./)).toBeVisible();
  // Now the screens open; 'Operatoren' is not one of a moderator's, and its address refuses.
  await expect(bar(page).getByRole('link', { name: 'Protokoll' })).toBeVisible();
  await expect(bar(page).getByRole('link', { name: 'Operatoren' })).toHaveCount(0);
  await page.goto('/backoffice/operatoren');
  await expect(page.getByText('Dafür fehlt dir die Berechtigung.')).toBeVisible();
  // Subscriber addresses are for admins only (issue 22): no 'Newsletter' for a moderator, and its
  // address shows the refusal without asking the server for a single address.
  await expect(bar(page).getByRole('link', { name: 'Newsletter' })).toHaveCount(0);
  const addressReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/operator/newsletter/')) addressReads.push(request.url());
  });
  await page.goto('/backoffice/newsletter');
  await expect(page.getByText('Dafür fehlt dir die Berechtigung.')).toBeVisible();
  await expect(page.getByText(/^Die Newsletter-Adressen sind personenbezogene Daten/)).toBeVisible();
  expect(addressReads).toEqual([]);
  await signOut(page);
  await signIn(page, { email: MODERATOR.email, password: MODERATOR.next });

  // Protokoll (the moderator reads it): both steps, a filter by action, and the CSV with that filter.
  await bar(page).getByRole('link', { name: 'Protokoll' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
  const log = page.getByRole('table', { name: /^Protokoll, neueste zuerst/ });
  const passwordRow = log.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Passwort geändert' }) });
  await expect(passwordRow.getByRole('cell').nth(1)).toHaveText(MODERATOR.email);
  const added = log
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Operator angelegt' }) })
    .filter({ hasText: ADMIN.email });
  await expect(added).toHaveCount(1);
  await added.getByRole('button', { name: /^Details: Operator angelegt/ }).click();
  await expect(
    page.getByRole('table', { name: /^Operator angelegt am .*: Angaben$/ }).getByRole('cell', { name: MODERATOR.email, exact: true }),
  ).toBeVisible();

  await page.getByLabel('Aktion').selectOption({ label: 'Operator angelegt' });
  await page.getByRole('button', { name: 'Filtern' }).click();
  // The CLI's admin and the moderator added in the browser.
  await expect(page.getByRole('heading', { level: 2, name: '2 Einträge' })).toBeVisible();
  await expect(log.getByRole('rowheader', { name: 'Passwort geändert' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('protokoll-1280.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV exportieren' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFID;')).toBe(true);
  const rows = csv.trim().split('\r\n').slice(1);
  expect(rows).toHaveLength(2);
  expect(rows.every((row) => row.includes(';operator-add;'))).toBe(true);
  expect(csv).toContain(ADMIN.email);
  expect(csv).not.toContain('password-change');
});
