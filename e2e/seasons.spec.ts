import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { clubs, registerConfirmed, type ClubRef } from './support/accounts';
import { clubHeaders, operatorLogin } from './support/api-client';
import { expectNoSeriousA11yViolations } from './support/axe';
import { backofficeBar as bar, submitBackofficeSignIn } from './support/backoffice';
import { expect, failedLoads, test, visitorPage } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';

/**
 * Issue 26 end to end, on a server of its own with the demo season: an admin copies the demo season
 * into 2027 with its dates moved a year, edits and reorders a challenge of the copy, and previews it
 * on the real site ('Vorschau'); after the demo season has ended (the clock moved on by a restart)
 * and its result is published, the admin switches the site to 2027. The public then sees the new
 * season's challenges, `/tabelle` its empty state with the 2026 podium one click away, and the club
 * page both seasons; the audit log has each step.
 */

const ADMIN = { email: 'saisonwechsel@punktejagd.example', password: 'Saison#Wechsel2027' };
const TORJAGD = 'challenge-torjagd';
const NEW_HEADLINE = 'Die große Torjagd 2027';
const dataDir = path.join(os.tmpdir(), 'erd-e2e-seasons-data');

// The session check before signing in (401).
const site = ownSiteSpec({
  port: 3339,
  dataDir,
  env: { CLOCK_OFFSET_DAYS: '0' },
  operators: [ADMIN],
  allowConsoleErrors: failedLoads(401),
});
let club: ClubRef;

async function restart(offsetDays: number): Promise<void> {
  await site.restart({ CLOCK_OFFSET_DAYS: String(offsetDays) });
}

const browserPage = (browser: Browser, width = 1280) => visitorPage(browser, { viewport: { width, height: 900 } });

async function signIn(page: Page): Promise<void> {
  await page.goto('/backoffice/anmeldung');
  await submitBackofficeSignIn(page, ADMIN);
  await expect(bar(page)).toBeVisible();
}

async function openSeasons(page: Page): Promise<void> {
  await bar(page).getByRole('link', { name: 'Saisons', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saisons' })).toBeVisible();
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A club scores in the demo season: its goals count in the Torjagd (running today).
  [club] = await clubs(site.api);
  const email = await registerConfirmed(site.api, club!, { dataDir });
  const saved = await site.api.put(`/api/challenge/particpation/${TORJAGD}`, {
    headers: await clubHeaders(site.api, email),
    data: { estimate: 14 },
  });
  expect(saved.status(), await saved.text()).toBe(200);
});

test('an admin copies the demo season into 2027, edits and reorders a challenge and previews it', async ({ browser }) => {
  test.setTimeout(150_000);
  const page = await browserPage(browser);
  await signIn(page);
  await openSeasons(page);
  await expect(page.getByRole('row', { name: /Saison 2026/ })).toContainText('live');

  // The copy: every date a year (52 weeks) later.
  await page.getByLabel('Jahr').fill('2027');
  await page.getByRole('radio', { name: /Kopie einer Saison/ }).check();
  await page.getByLabel('Termine verschieben um … Tage').fill('364');
  await expectNoSeriousA11yViolations(page, 'Saisons');
  await page.getByRole('button', { name: 'Saison anlegen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saison 2027' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Challenges der Saison 2027 in ihrer Reihenfolge' });
  await expect(list.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('Entwurf').first()).toBeVisible();

  // Edit the copied Torjagd in the challenge form, then back to the season.
  await page.getByRole('link', { name: '„Die große Torjagd“ bearbeiten' }).click();
  const headline = page.getByLabel('Überschrift');
  await expect(headline).toHaveValue('Die große Torjagd');
  await headline.fill(NEW_HEADLINE);
  await page.getByRole('button', { name: 'Speichern', exact: true }).first().click();
  await expect(page.getByText(/gespeichert/i).first()).toBeVisible();
  await page.getByRole('link', { name: 'Zurück zur Saison' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saison 2027' })).toBeVisible();

  // Reorder: the Torjagd (#3) one up.
  await expect(list.getByRole('listitem').nth(2)).toContainText(NEW_HEADLINE);
  await page.getByRole('button', { name: `„${NEW_HEADLINE}“ nach oben` }).click();
  await page.getByRole('region', { name: 'Neue Reihenfolge' }).getByRole('button', { name: 'Reihenfolge speichern' }).click();
  await expect(list.getByRole('listitem').nth(1)).toContainText(NEW_HEADLINE);
  await expect(list.getByRole('listitem').nth(1)).toContainText('#2');
  await expectNoSeriousA11yViolations(page, 'Saison 2027');

  // The preview: the real site in a new tab, marked, showing the 2027 season.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Vorschau', exact: true }).click(),
  ]);
  await tab.waitForLoadState();
  await expect(tab.getByText('Vorschau: Saison 2027')).toBeVisible();
  await tab.goto('/challenge');
  await expect(tab.getByText(NEW_HEADLINE).first()).toBeVisible();
  await tab.getByRole('button', { name: 'Vorschau beenden' }).click();
  await expect(tab.getByText('Vorschau: Saison 2027')).toHaveCount(0);
  await expect(tab.getByText(NEW_HEADLINE)).toHaveCount(0);
  await expect(tab.getByText('Die große Torjagd').first()).toBeVisible();
  await page.context().close();
});

test('after the demo season the admin switches the site to 2027; the archive, the club page and the log follow', async ({ browser }) => {
  test.setTimeout(180_000);
  // Every demo challenge has ended 40 days on; its Torjagd result is published (goals: most goals win).
  await restart(40);
  const xsrf = await operatorLogin(site.api, ADMIN);
  const published = await site.api.post(`/api/operator/results/challenges/${TORJAGD}/publish`, {
    headers: xsrf,
    data: { expectedVersion: 0 },
  });
  expect(published.status(), await published.text()).toBe(200);

  const page = await browserPage(browser);
  await signIn(page);
  await openSeasons(page);
  await page.getByRole('link', { name: 'Saison 2027' }).click();
  await page.getByRole('button', { name: 'Als öffentliche Saison schalten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Saison 2027 öffentlich schalten' });
  await dialog.getByRole('button', { name: 'Saison wechseln' }).click();
  await expect(dialog.getByText(/Grund|mindestens/).first()).toBeVisible();
  await dialog.getByLabel('Grund des Wechsels').fill('Die Saison 2026 ist vorbei, 2027 beginnt');
  await dialog.getByRole('button', { name: 'Saison wechseln' }).click();
  await expect(dialog).toHaveCount(0);
  await openSeasons(page);
  await expect(page.getByRole('row', { name: /Saison 2027/ })).toContainText('Öffentlich sichtbar');
  await expect(page.getByRole('row', { name: /Saison 2026/ })).toContainText('beendet');

  // The public site: the new season's challenges; /tabelle empty with the 2026 podium one click away.
  const visitor = await browserPage(browser, 390);
  await visitor.goto('/challenge');
  await expect(visitor.getByText(NEW_HEADLINE).first()).toBeVisible();
  await visitor.goto('/tabelle');
  await visitor.getByRole('link', { name: 'Abschlusstabelle 2026' }).click();
  await expect(visitor).toHaveURL(/\/tabelle\?saison=2026$/);
  await expect(visitor.getByText('Endstand der Saison 2026')).toBeVisible();
  await expect(visitor.getByText(club!.name).first()).toBeVisible();
  await expectNoSeriousA11yViolations(visitor, '/tabelle?saison=2026');

  // The club page: the 2027 season first, 2026 below with its place.
  await visitor.goto(`/club/${club!.id}`);
  await expect(visitor.getByRole('heading', { name: 'Saison 2026' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Abschlusstabelle 2026' })).toBeVisible();

  // The audit log: each step of the season's change.
  await bar(page).getByRole('link', { name: 'Protokoll', exact: true }).click();
  const log = page.getByRole('table', { name: /^Protokoll, neueste zuerst/ });
  for (const action of [
    'Saison kopiert',
    'Challenge geändert',
    'Reihenfolge der Challenges geändert',
    'Saison-Vorschau geöffnet',
    'Öffentliche Saison gewechselt',
  ]) {
    await expect(log.getByRole('row').filter({ has: page.getByRole('rowheader', { name: action, exact: true }) }), action).toHaveCount(1);
  }
  await visitor.context().close();
  await page.context().close();
});
