import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { clubs } from './support/accounts';
import { backofficeBar, signInToBackoffice } from './support/backoffice';
import { expect, failedLoads, test } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';
import { e2eDataDir, ownDataDir, repoRoot } from './support/paths';

/**
 * Clubs in the back office (issue 8) on a server of its own with the e2e season: an admin made
 * with the CLI imports a clubs CSV with one bad row (the preview shows its line and reason, and
 * 'Übernehmen' is not possible), fixes the file and imports it; the public clubs API then lists
 * the new club.
 */

const ADMIN = { email: 'verwaltung@punktejagd.example', password: 'Vereine#2026' };
const dataDir = ownDataDir('backoffice-clubs');
const filesDir = path.join(path.dirname(e2eDataDir), 'e2e-backoffice-clubs-files');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season') };
const seasonCsv = readFileSync(path.join(repoRoot, 'e2e/season/clubs.csv'), 'utf8').replace(/\r\n/g, '\n').trimEnd();

// The session check before signing in (401).
const site = ownSiteSpec({ port: 3297, dataDir, env: serverEnv, operators: [ADMIN], allowConsoleErrors: failedLoads(401) });

test.beforeAll(() => rmSync(filesDir, { recursive: true, force: true }));

function csvFile(name: string, extraRows: string[]): string {
  const file = path.join(filesDir, name);
  mkdirSync(filesDir, { recursive: true });
  writeFileSync(file, `${seasonCsv}\n${extraRows.join('\n')}\n`);
  return file;
}

test('an admin imports a clubs CSV: a bad row blocks it, the fixed file goes in, the public clubs list has the new club', async ({
  page,
}) => {
  const lines = seasonCsv.split('\n').length;
  expect((await clubs(site.api)).some((c) => c.name === 'SV Neuling Haar')).toBe(false);

  await signInToBackoffice(page, ADMIN, '/backoffice/vereine');
  await backofficeBar(page).getByRole('link', { name: 'Vereine' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vereine' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Name oder Vereinsnummer' }).fill('Eching');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '2 Vereine' })).toBeVisible();

  await page.getByRole('link', { name: 'CSV importieren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CSV importieren' })).toBeVisible();
  await page
    .getByLabel('CSV-Datei')
    .setInputFiles(csvFile('mit-fehler.csv', ['99001,SV Neuling Haar,m,,https://sv-haar.example', '99002,FC Ohne Team,x,,']));
  const bad = page.getByRole('region', { name: 'Fehlerhafte Zeilen (1)' });
  await expect(bad).toBeVisible();
  await expect(bad.getByRole('row', { name: `${lines + 2} team muss "m" oder "w" sein` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Übernehmen' })).toBeDisabled();
  expect((await clubs(site.api)).some((c) => c.name === 'SV Neuling Haar')).toBe(false);

  await page
    .getByLabel('CSV-Datei')
    .setInputFiles(csvFile('korrigiert.csv', ['99001,SV Neuling Haar,m,,https://sv-haar.example', '99002,FC Ohne Team,w,,']));
  await expect(page.getByRole('region', { name: 'Neu (2)' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Fehlerhafte Zeilen/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByRole('heading', { name: 'Vereinsliste übernommen' })).toBeFocused();
  await expect(page.getByText('2 neu', { exact: true })).toBeVisible();

  const listed = await clubs(site.api);
  expect(
    listed
      .filter((c) => c.name === 'SV Neuling Haar' || c.name === 'FC Ohne Team')
      .map((c) => `${c.clubnumber}-${c.team}`)
      .sort(),
  ).toEqual(['99001-m', '99002-w']);

  await page.getByRole('link', { name: 'Zur Vereinsliste' }).click();
  await page.getByRole('searchbox', { name: 'Name oder Vereinsnummer' }).fill('neuling');
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByRole('rowheader', { name: 'SV Neuling Haar' })).toBeVisible();
});
