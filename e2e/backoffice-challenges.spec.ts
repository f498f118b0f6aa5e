import path from 'node:path';
import type { SpaceDataDto, StandingRowDto } from '@erd/shared-contracts/wire';
import { clubHeaders } from './support/api-client';
import { clubs, registerConfirmed } from './support/accounts';
import { backofficeBar, signInToBackoffice } from './support/backoffice';
import { expect, failedLoads, test, visitorPage } from './support/fixtures';
import { ownDataDir, repoRoot } from './support/paths';
import { ownSiteSpec } from './support/own-server';

/**
 * The back office's challenges and results (issue 8) on a server of its own with
 * e2e/results-season: two clubs enter an estimate; after the challenge has ended an admin changes
 * its points table in 'Challenges' (the space data shows it), records the right answer and
 * publishes in 'Ergebnisse'; the public /tabelle shows the published points.
 */

const ADMIN = { email: 'saison@punktejagd.example', password: 'Punkte#Tabelle2026' };
const dataDir = ownDataDir('backoffice-challenges');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/results-season') };
const ESTIMATE = 'e2e-ergebnis-schaetzung';
const PLAYERS = [
  { id: 'club-10214-m', estimate: 990 },
  { id: 'club-10387-m', estimate: 1500 },
] as const;

// The session check before signing in (401), the preview before the right answer (409).
const site = ownSiteSpec({ port: 3286, dataDir, env: serverEnv, operators: [ADMIN], allowConsoleErrors: failedLoads(401, 409) });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const catalogue = await clubs(site.api);
  for (const player of PLAYERS) {
    const club = catalogue.find((c) => c.id === player.id)!;
    const email = await registerConfirmed(site.api, club, { dataDir });
    const saved = await site.api.put(`/api/challenge/particpation/${ESTIMATE}`, {
      headers: await clubHeaders(site.api, email),
      data: { estimate: player.estimate },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  // Three days later the estimate has ended.
  await site.restart({ CLOCK_OFFSET_DAYS: '3' });
});

test('an admin changes the points table, records the right answer and publishes; /tabelle shows the points', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await visitorPage(browser);
  await signInToBackoffice(page, ADMIN, '/backoffice/anmeldung');
  await backofficeBar(page).getByRole('link', { name: 'Challenges' }).click();

  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: 'Schätzfrage' }).first();
  await expect(row).toContainText('Beendet');
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await row.getByRole('link').click();

  // The first place brings 321 instead of 100; a bad value first stops at its field.
  const first = page.getByRole('textbox', { name: /^Punkte \(Platz 1 bis/ });
  await expect(first).toHaveValue('100');
  await first.fill('-3');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(first).toHaveAccessibleDescription('Eine ganze Zahl ab 0.');
  await first.fill('321');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert.')).toBeVisible();
  const space = (await (await site.api.get('/content/public/spaces/erd/spacedata?include=4')).json()) as SpaceDataDto;
  const estimate = space.year.fields.challenges.find((c) => c.sys.id === ESTIMATE)!;
  expect(estimate.fields.points[0]).toEqual({ fromPlace: 1, toPlace: 1, points: 321 });

  // Results: the right answer, then publish.
  await backofficeBar(page).getByRole('link', { name: 'Ergebnisse' }).click();
  await page.getByLabel('Challenge').selectOption(ESTIMATE);
  await expect(page.getByText('Trage zuerst die richtige Antwort ein.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Richtige Antwort' }).fill('1000');
  await page.getByRole('button', { name: 'Antwort speichern' }).click();
  await expect(page.getByRole('table')).toContainText('321');
  await page.getByRole('button', { name: 'Ergebnisse veröffentlichen' }).click();
  await expect(page.getByText('Veröffentlicht (Version 1).')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Veröffentlichte Versionen' })).toContainText('Version 1');

  const file = (await (await site.api.get(`/results/challenge-${ESTIMATE}.json`)).json()) as StandingRowDto[];
  expect(file.map((r) => [r.club._id, r.place, r.points])).toEqual([
    ['club-10214-m', 1, 321],
    ['club-10387-m', 2, 80],
  ]);

  const visitor = await visitorPage(browser);
  await visitor.goto('/tabelle');
  await expect(visitor.getByRole('heading', { name: 'Gesamttabelle', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Podium' })).toContainText('321');
  await visitor.context().close();
  await page.context().close();
});
