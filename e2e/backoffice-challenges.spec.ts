import { rmSync } from 'node:fs';
import path from 'node:path';
import type { SpaceDataDto, StandingRowDto } from '@erd/shared-contracts/wire';
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { accessToken, xsrfHeader } from './support/api-client';
import { clubs, registerConfirmed } from './support/accounts';
import { expect, test } from './support/fixtures';
import { e2eDataDir, repoRoot } from './support/paths';
import { addOperatorBeforeStart, startOwnServer, type OwnServer } from './support/own-server';

/**
 * The back office's challenges and results (issue 8) on a server of its own with
 * e2e/results-season: two clubs enter an estimate; after the challenge has ended an admin changes
 * its points table in 'Challenges' (the space data shows it), records the right answer and
 * publishes in 'Ergebnisse'; the public /tabelle shows the published points.
 */
test.describe.configure({ mode: 'serial' });
const PORT = 3286;
test.use({
  baseURL: `http://localhost:${PORT}`,
  // The session check before signing in (401), the preview before the right answer (409).
  allowConsoleErrors: /Failed to load resource: the server responded with a status of (401|409)/,
});

const ADMIN = { email: 'saison@punktejagd.example', password: 'Punkte#Tabelle2026' };
const dataDir = path.join(path.dirname(e2eDataDir), 'e2e-backoffice-challenges-data');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/results-season') };
const ESTIMATE = 'e2e-ergebnis-schaetzung';
const PLAYERS = [
  { id: 'club-10214-m', estimate: 990 },
  { id: 'club-10387-m', estimate: 1500 },
] as const;

let server: OwnServer;
let api: APIRequestContext;

async function restart(offsetDays: number) {
  await api?.dispose();
  await server?.stop();
  server = await startOwnServer({ port: PORT, dataDir, env: { ...serverEnv, CLOCK_OFFSET_DAYS: String(offsetDays) } });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
}

/** A page past the age gate, on its real clock: it shows the server's day by itself (/config.json's clockOffsetDays). */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('bfv-age-consent', JSON.stringify({ over18: 'approved', timestamp: Date.now() })));
  return context.newPage();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(dataDir, { recursive: true, force: true });
  addOperatorBeforeStart({ dataDir, ...ADMIN, env: serverEnv });
  await restart(0);
  const catalogue = await clubs(api);
  for (const player of PLAYERS) {
    const club = catalogue.find((c) => c.id === player.id)!;
    const email = await registerConfirmed(api, club, { dataDir });
    const headers = { authorization: `Bearer ${await accessToken(api, email)}`, ...(await xsrfHeader(api)) };
    const saved = await api.put(`/api/challenge/particpation/${ESTIMATE}`, { headers, data: { estimate: player.estimate } });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  // Three days later the estimate has ended.
  await restart(3);
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test('an admin changes the points table, records the right answer and publishes; /tabelle shows the points', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await visitorPage(browser);
  await page.goto('/backoffice/anmeldung');
  await page.getByLabel('E-Mail-Adresse').fill(ADMIN.email);
  await page.getByLabel('Passwort').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('navigation', { name: 'Backoffice' }).getByRole('link', { name: 'Challenges' }).click();

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
  const space = (await (await api.get('/content/public/spaces/erd/spacedata?include=4')).json()) as SpaceDataDto;
  const estimate = space.year.fields.challenges.find((c) => c.sys.id === ESTIMATE)!;
  expect(estimate.fields.points[0]).toEqual({ fromPlace: 1, toPlace: 1, points: 321 });

  // Results: the right answer, then publish.
  await page.getByRole('navigation', { name: 'Backoffice' }).getByRole('link', { name: 'Ergebnisse' }).click();
  await page.getByLabel('Challenge').selectOption(ESTIMATE);
  await expect(page.getByText('Trage zuerst die richtige Antwort ein.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Richtige Antwort' }).fill('1000');
  await page.getByRole('button', { name: 'Antwort speichern' }).click();
  await expect(page.getByRole('table')).toContainText('321');
  await page.getByRole('button', { name: 'Ergebnisse veröffentlichen' }).click();
  await expect(page.getByText('Veröffentlicht (Version 1).')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Veröffentlichte Versionen' })).toContainText('Version 1');

  const file = (await (await api.get(`/results/challenge-${ESTIMATE}.json`)).json()) as StandingRowDto[];
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
