import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StandingRowDto } from '@erd/shared-contracts/wire';
import type { Browser, Page } from '@playwright/test';
import { clubLabel, clubs, registerConfirmed, type ClubRef } from './support/accounts';
import { clubHeaders, xsrfHeader } from './support/api-client';
import { expectNoSeriousA11yViolations } from './support/axe';
import { backofficeBar as bar, submitBackofficeSignIn, WERBERAT_POINTS as POINTS } from './support/backoffice';
import { expect, failedLoads, test, visitorPage } from './support/fixtures';
import { waitForMail } from './support/mail';
import { ownSiteSpec } from './support/own-server';
import { e2eDataDir, ownDataDir, repoRoot } from './support/paths';
import { anonymousVote } from './support/votes';

/**
 * Issue 8's proof: one season run from the back office in Chromium, on a server of its own with
 * e2e/results-season, the clock moved on by restarts. An admin imports a clubs CSV with one bad row
 * (shown with its line, nothing applied until the file is fixed) and changes the estimate's points
 * table; a moderator publishes two slogans at once and rejects a third, each with the Werberat
 * checklist; in the voting window a burst of votes from one address is found and removed with a
 * reason; after the season the admin records the right answer and publishes both challenges, and
 * exports the newsletter subscribers. The audit log shows every step, and the public /tabelle
 * shows the published result. Every screen on the way passes axe (no serious violations).
 */

const ADMIN = { email: 'saisonleitung@punktejagd.example', password: 'Saison#Leitung2026' };
const MODERATOR = { email: 'moderation@punktejagd.example', password: 'Werberat#Pruefung2026' };
const ESTIMATE = 'e2e-ergebnis-schaetzung';
const SLOGAN = 'e2e-ergebnis-spruch';
const BURST_IP = '203.0.113.50';
const REMOVAL_REASON = 'Zehn Stimmen in zwei Minuten aus einem Netz';
const dataDir = ownDataDir('backoffice-season');
const filesDir = path.join(path.dirname(e2eDataDir), 'e2e-backoffice-season-files');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/results-season'), TRUST_PROXY: '1', VOTE_PROOF_COST: '50' };
const seasonCsv = readFileSync(path.join(repoRoot, 'e2e/results-season/clubs.csv'), 'utf8').replace(/\r\n/g, '\n').trimEnd();
const SUBSCRIBER = 'fanclub-saison@verein.example';

interface Player {
  club: ClubRef;
  label: string;
  email: string;
  estimate: number;
  slogan: string;
  entryId: string;
}
const players: Player[] = [];
// The session check before signing in (401); the results preview before the right answer (409).
const site = ownSiteSpec({
  port: 3298,
  dataDir,
  env: { ...serverEnv, CLOCK_OFFSET_DAYS: '0' },
  operators: [ADMIN, { ...MODERATOR, role: 'moderator' }],
  allowConsoleErrors: failedLoads(401, 409),
});

async function restart(offsetDays: number): Promise<void> {
  await site.restart({ CLOCK_OFFSET_DAYS: String(offsetDays) });
}

/** A browser page on its real clock: it shows the server's day by itself (/config.json's clockOffsetDays). */
const browserPage = (browser: Browser) => visitorPage(browser, { viewport: { width: 1280, height: 900 } });

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/backoffice/anmeldung');
  await expectNoSeriousA11yViolations(page, 'Anmeldung');
  await submitBackofficeSignIn(page, who);
  await expect(bar(page)).toBeVisible();
}

async function open(page: Page, screen: string, heading = screen): Promise<void> {
  await bar(page).getByRole('link', { name: screen, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

function csvFile(name: string, extraRows: string[]): string {
  const file = path.join(filesDir, name);
  mkdirSync(filesDir, { recursive: true });
  writeFileSync(file, `${seasonCsv}\n${extraRows.join('\n')}\n`);
  return file;
}

test.beforeAll(async () => {
  // Three club teams' entries and a newsletter sign-up on two busy cores.
  test.setTimeout(240_000);
  rmSync(filesDir, { recursive: true, force: true });
  // Three club teams enter the estimate and a slogan (its submission ends today).
  const catalogue = await clubs(site.api);
  const entries = [
    { estimate: 990, slogan: 'Eching, Eching, olé – wir san im Derby-Fieber!' },
    { estimate: 1500, slogan: 'Grünwald steht, wenn alle sitzen!' },
    { estimate: 700, slogan: 'Heute saufen wir die Gegner unter den Tisch!' },
  ];
  for (const [index, entry] of entries.entries()) {
    const club = catalogue[index * 2]!;
    const email = await registerConfirmed(site.api, club, { dataDir });
    const headers = await clubHeaders(site.api, email);
    const estimate = await site.api.put(`/api/challenge/particpation/${ESTIMATE}`, { headers, data: { estimate: entry.estimate } });
    expect(estimate.status(), await estimate.text()).toBe(200);
    const slogan = await site.api.put(`/api/challenge/particpation/${SLOGAN}`, { headers, data: { slogan: entry.slogan } });
    expect(slogan.status(), await slogan.text()).toBe(200);
    players.push({
      club,
      label: clubLabel(club),
      email,
      ...entry,
      entryId: ((await slogan.json()) as { _id: string })._id,
    });
  }

  // A fan confirms the newsletter (double opt-in through the mailed link).
  const since = Date.now();
  const signup = await site.api.post('/api/public/newsletter', {
    headers: await xsrfHeader(site.api),
    data: { Email: SUBSCRIBER, Fields: [] },
  });
  expect(signup.status(), await signup.text()).toBeLessThan(300);
  const mail = await waitForMail(SUBSCRIBER, since, /newsletter\/confirm\?token=/, dataDir);
  const token = /newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
  expect((await site.api.get(`/api/public/newsletter/confirm?token=${token}`, { maxRedirects: 0 })).status()).toBeLessThan(400);
});

test('season day: the admin imports clubs (a bad row blocks it until fixed) and changes the estimate’s points table', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await browserPage(browser);
  await signIn(page, ADMIN);
  await expectNoSeriousA11yViolations(page, 'Moderation (admin)');

  await open(page, 'Vereine');
  await expectNoSeriousA11yViolations(page, 'Vereine');
  await page.getByRole('link', { name: 'CSV importieren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CSV importieren' })).toBeVisible();
  const lines = seasonCsv.split('\n').length;
  await page
    .getByLabel('CSV-Datei')
    .setInputFiles(csvFile('mit-fehler.csv', ['99101,SV Saisonstart Dachau,m,,', '99102,FC Ohne Mannschaft,x,,']));
  const bad = page.getByRole('region', { name: 'Fehlerhafte Zeilen (1)' });
  await expect(bad.getByRole('row', { name: `${lines + 2} team muss "m" oder "w" sein` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Übernehmen' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'CSV importieren (mit Fehler)');
  expect((await clubs(site.api)).some((c) => c.name === 'SV Saisonstart Dachau')).toBe(false);
  await page
    .getByLabel('CSV-Datei')
    .setInputFiles(csvFile('korrigiert.csv', ['99101,SV Saisonstart Dachau,m,,', '99102,FC Ohne Mannschaft,w,,']));
  await expect(page.getByRole('region', { name: 'Neu (2)' })).toBeVisible();
  await page.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByRole('heading', { name: 'Vereinsliste übernommen' })).toBeFocused();
  expect((await clubs(site.api)).some((c) => c.name === 'SV Saisonstart Dachau')).toBe(true);

  await open(page, 'Challenges');
  await expectNoSeriousA11yViolations(page, 'Challenges');
  await page.getByRole('table').getByRole('row').filter({ hasText: 'Zuschauer beim Derby' }).getByRole('link').click();
  const first = page.getByRole('textbox', { name: /^Punkte \(Platz 1 bis/ });
  await expect(first).toHaveValue('100');
  await expectNoSeriousA11yViolations(page, 'Challenge bearbeiten');
  await first.fill('321');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Gespeichert.')).toBeVisible();
  await page.context().close();
});

test('season day: the moderator publishes two slogans at once and rejects one, with the Werberat checklist', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await browserPage(browser);
  await signIn(page, MODERATOR);
  await expect(page.getByRole('heading', { level: 2, name: '3 Beiträge warten auf Prüfung.' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Moderation');
  const queue = page.getByRole('list', { name: 'Wartende Beiträge' });
  const card = (player: Player) => queue.getByRole('article', { name: player.label });
  const [eching, gruenwald, third] = players as [Player, Player, Player];

  // The third slogan calls for excessive drinking: rejected with the broken point and a reason.
  for (const point of POINTS.slice(0, 3)) await card(third).getByRole('checkbox', { name: point }).check();
  await card(third)
    .getByRole('button', { name: /^Ablehnen/ })
    .click();
  const reject = page.getByRole('dialog', { name: 'Beitrag ablehnen' });
  await expectNoSeriousA11yViolations(page, 'Ablehnen (Dialog)');
  await reject.getByLabel('Grund der Ablehnung').fill('Ruft zu übermäßigem Trinken auf');
  await reject.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(page.getByText(`Der Spruch von ${third.label} ist abgelehnt und gelöscht.`)).toBeVisible();

  // The other two together.
  for (const player of [eching, gruenwald])
    await card(player)
      .getByRole('checkbox', { name: /^Auswählen/ })
      .check();
  await page.getByRole('button', { name: 'Ausgewählte freigeben' }).click();
  const many = page.getByRole('dialog', { name: '2 Beiträge freigeben' });
  for (const point of POINTS) await many.getByRole('checkbox', { name: point }).check();
  await many.getByRole('button', { name: 'Freigeben' }).click();
  await expect(page.getByText('2 Beiträge sind freigegeben.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Keine Beiträge warten auf Prüfung.' })).toBeVisible();
  await page.context().close();
});

test('voting window: a burst of votes from one address is found and removed with a reason; the count follows', async ({ browser }) => {
  test.setTimeout(180_000);
  await restart(1);
  const [eching, gruenwald] = players as [Player, Player, Player];
  // Ten visitors behind one address vote for Eching within a minute; two others elsewhere, and one for Grünwald.
  for (let i = 0; i < 10; i++)
    await anonymousVote(site.server.baseURL, { challengeId: SLOGAN, participationId: eching.entryId, ip: BURST_IP });
  for (const ip of ['198.51.100.21', '198.51.100.22'])
    await anonymousVote(site.server.baseURL, { challengeId: SLOGAN, participationId: eching.entryId, ip });
  await anonymousVote(site.server.baseURL, { challengeId: SLOGAN, participationId: gruenwald.entryId, ip: '198.51.100.23' });

  const page = await browserPage(browser);
  await signIn(page, MODERATOR);
  await open(page, 'Stimmen');
  await expectNoSeriousA11yViolations(page, 'Stimmen');
  await page.getByRole('checkbox', { name: 'Nur auffällige' }).check();
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '1 Beitrag' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(eching.club.name) }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('12');
  await row.getByRole('link', { name: /^Stimmen prüfen/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Stimmen: ${eching.label}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Stimmen eines Beitrags');

  const burst = page.getByRole('region', { name: 'Adressen' }).getByRole('row').filter({ hasText: 'Auffällig' });
  await expect(burst.getByRole('cell').first()).toHaveText('10');
  await burst.getByRole('button', { name: /^Alle entfernen – Adresse/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Stimmen entfernen' });
  await dialog.getByRole('textbox', { name: 'Grund' }).fill(REMOVAL_REASON);
  await dialog.getByRole('button', { name: 'Stimmen entfernen' }).click();
  await expect(page.getByText('10 Stimmen entfernt. Jetzt zählen 2 Stimmen.')).toBeVisible();
  await expect(page.getByTestId('counted-votes')).toHaveText('2');
  const entry = await (await site.api.get(`/content/public/spaces/erd/objects/${eching.entryId}`)).json();
  expect(entry.fields.votes).toBe(2);
  await page.context().close();
});

test('after the season: the admin records the answer, publishes both, exports the subscribers; the log shows every step and /tabelle the result', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  await restart(3);
  const [eching, gruenwald, third] = players as [Player, Player, Player];
  const page = await browserPage(browser);
  await signIn(page, ADMIN);

  // Results: the estimate needs its right answer (1000: Eching's 990 is closest), the slogans rank by votes.
  await open(page, 'Ergebnisse');
  await page.getByLabel('Challenge').selectOption(ESTIMATE);
  await expect(page.getByText('Trage zuerst die richtige Antwort ein.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Ergebnisse');
  await page.getByRole('textbox', { name: 'Richtige Antwort' }).fill('1000');
  await page.getByRole('button', { name: 'Antwort speichern' }).click();
  await expect(page.getByRole('table')).toContainText('321');
  await page.getByRole('button', { name: 'Ergebnisse veröffentlichen' }).click();
  await expect(page.getByText('Veröffentlicht (Version 1).')).toBeVisible();
  await page.getByLabel('Challenge').selectOption(SLOGAN);
  await page.getByRole('button', { name: 'Ergebnisse veröffentlichen' }).click();
  await expect(page.getByText('Veröffentlicht (Version 1).')).toBeVisible();

  const estimateFile = (await (await site.api.get(`/results/challenge-${ESTIMATE}.json`)).json()) as StandingRowDto[];
  expect(estimateFile.map((r) => [r.club._id, r.place, r.points])).toEqual([
    [eching.club.id, 1, 321],
    [third.club.id, 2, 80],
    [gruenwald.club.id, 3, 65],
  ]);
  const sloganFile = (await (await site.api.get(`/results/challenge-${SLOGAN}.json`)).json()) as StandingRowDto[];
  expect(sloganFile.map((r) => [r.club._id, r.place])).toEqual([
    [eching.club.id, 1],
    [gruenwald.club.id, 2],
  ]);

  // The newsletter subscribers as CSV (confirmed only).
  await open(page, 'Newsletter');
  await expectNoSeriousA11yViolations(page, 'Newsletter');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV exportieren' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain(`${SUBSCRIBER};`);

  // The audit log: every step of the season, each by whom it was done.
  await open(page, 'Protokoll');
  await expectNoSeriousA11yViolations(page, 'Protokoll');
  const log = page.getByRole('table', { name: /^Protokoll, neueste zuerst/ });
  const steps: Array<[string, string, number]> = [
    ['Vereine importiert', ADMIN.email, 1],
    ['Challenge geändert', ADMIN.email, 1],
    ['Beitrag abgelehnt', MODERATOR.email, 1],
    ['Beitrag freigegeben', MODERATOR.email, 2],
    ['Stimmen entfernt', MODERATOR.email, 1],
    ['Richtige Antwort gesetzt', ADMIN.email, 1],
    ['Ergebnisse veröffentlicht', ADMIN.email, 2],
    ['Newsletter-Adressen exportiert', ADMIN.email, 1],
  ];
  for (const [action, actor, count] of steps) {
    const rows = log.getByRole('row').filter({ has: page.getByRole('rowheader', { name: action, exact: true }) });
    await expect(rows, action).toHaveCount(count);
    for (let i = 0; i < count; i++) await expect(rows.nth(i).getByRole('cell').nth(1), action).toHaveText(actor);
  }
  const removal = log.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Stimmen entfernt' }) });
  await expect(removal).toContainText(REMOVAL_REASON);
  await page.context().close();

  // The public standings show what was published: Eching leads with 321 + the slogan's 100.
  const visitor = await browserPage(browser);
  await visitor.goto('/tabelle');
  await expect(visitor.getByRole('heading', { name: 'Gesamttabelle', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Podium' })).toContainText('421');
  await expect(visitor.getByRole('list', { name: 'Podium' })).toContainText(eching.club.name);
  await visitor.context().close();
});

test('every back-office screen passes axe at 1280 and 768 px, for an admin', async ({ browser }) => {
  // 26 screens, each with axe and a full-page screenshot: about 3 minutes on two busy cores.
  test.setTimeout(300_000);
  const page = await browserPage(browser);
  await signIn(page, ADMIN);
  const screens: Array<[string, string]> = [
    ['Überblick', 'Überblick'],
    ['Moderation', 'Moderation'],
    ['Stimmen', 'Stimmen'],
    ['Reichweite', 'Reichweite'],
    ['Challenges', 'Challenges'],
    ['Ergebnisse', 'Ergebnisse'],
    ['Vereine', 'Vereine'],
    ['Konten', 'Konten'],
    ['Newsletter', 'Newsletter'],
    ['Inhalte', 'Inhalte'],
    ['Protokoll', 'Protokoll'],
    ['Operatoren', 'Operatoren'],
  ];
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [link, heading] of screens) {
      await open(page, link, heading);
      await expectNoSeriousA11yViolations(page, `${heading} at ${width} px`);
      // Nothing wider than the window but the tables' own scrolling frames.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${heading} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`${heading.toLowerCase()}-${width}.png`), fullPage: true });
    }
    await page.getByRole('banner').getByRole('link', { name: 'Passwort ändern' }).click();
    await expectNoSeriousA11yViolations(page, `Passwort ändern at ${width} px`);
  }
  await page.context().close();
});
