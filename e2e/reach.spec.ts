import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clubs, logIn, registerConfirmed, type ClubRef } from './support/accounts';
import { clubHeaders, operatorLogin, publishEntry } from './support/api-client';
import { submitBackofficeSignIn } from './support/backoffice';
import { expect, test, visitorPage } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';
import { repoRoot } from './support/paths';

/**
 * Reach (issue 23) on a server of its own: a club's slogan is published, the server restarts three
 * days later (the voting window); the club opens its share kit on its entry and downloads the poster,
 * whose QR code decodes to the entry with `via=qr`; a link-preview crawler sees the entry's head
 * without JavaScript; a visitor comes in through the QR link and votes; the visit and the vote appear
 * on the club's entry ('Über deine geteilten Links') and in the back office's 'Reichweite'.
 */

const OPERATOR = { email: 'reichweite@punktejagd.example', password: 'Reichweite#2026' };
const SLOGAN = 'Mit Herz, Hirn und „ß“ – wir holen den Pott!';
// Outside test-results/, which another Playwright run on this machine may empty meanwhile.
const dataDir = path.join(os.tmpdir(), 'erd-e2e-reach-data');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season'), VOTE_PROOF_COST: '50' };
const READ_POSTER = path.join(repoRoot, 'server/src/modules/share-cards/test-support/read-poster.mjs');

const site = ownSiteSpec({ port: 3320, dataDir, env: serverEnv, operators: [OPERATOR], startTimeout: 120_000 });
let club: ClubRef;
let clubEmail: string;
let entryId: string;
let qrLink: string;

test('a club’s slogan is published; three days later voting runs', async () => {
  test.setTimeout(120_000);
  club = (await clubs(site.api))[0]!;
  clubEmail = await registerConfirmed(site.api, club, { dataDir });
  const saved = await site.api.put('/api/challenge/particpation/e2e-spruch', {
    headers: await clubHeaders(site.api, clubEmail),
    data: { slogan: SLOGAN },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  entryId = (await saved.json())._id;
  await publishEntry(site.api, await operatorLogin(site.api, OPERATOR), entryId);

  await site.restart({ CLOCK_OFFSET_DAYS: '3' });
});

test('a crawler without JavaScript sees the entry’s own preview', async () => {
  const res = await site.api.get(`/challenge/e2e-spruch/${entryId}?via=whatsapp`, { headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain(`<meta property="og:url" content="${site.server.baseURL}/challenge/e2e-spruch/${entryId}">`);
  expect(html).toContain(`<meta property="og:image" content="${site.server.baseURL}/share/entry/e2e-spruch/${entryId}.png">`);
  expect(html).toContain('Jetzt abstimmen!');
  const card = await site.api.get(`/share/entry/e2e-spruch/${entryId}.png`);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toMatch(/^image\//);
});

test('the club opens its share kit and downloads the poster; its QR code leads to the entry with via=qr', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await logIn(page, clubEmail);
  await page.goto(`/challenge/e2e-spruch/${entryId}`);
  const kit = page.getByRole('region', { name: 'Teile deinen Beitrag' });
  await expect(kit).toBeVisible();
  await expect(kit.getByText(/stimmt|Stimm/).first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    kit.getByRole('link', { name: 'Plakat (PDF) herunterladen' }).click(),
  ]);
  const file = path.join(os.tmpdir(), `erd-e2e-reach-poster-${process.pid}.pdf`);
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  const read = spawnSync(process.execPath, [READ_POSTER, file], { encoding: 'utf8' });
  expect(read.status, read.stderr).toBe(0);
  const poster = JSON.parse(read.stdout) as { qr: string | null; text: string };
  rmSync(file, { force: true });
  expect(poster.qr).toBe(`${site.server.baseURL}/challenge/e2e-spruch/${entryId}?via=qr`);
  expect(poster.text).toContain('So stimmst du ab');
  qrLink = poster.qr!;
});

test('a visitor comes in through the QR code and votes: the club and the back office see the visit and the vote', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const visitor = await visitorPage(browser);
  await visitor.goto(qrLink);
  // The channel leaves the address once counted; the vote carries it from the session.
  await expect(visitor).toHaveURL(`${site.server.baseURL}/challenge/e2e-spruch/${entryId}`);
  await visitor.getByRole('button', { name: /Abstimmen/ }).click();
  await expect(visitor.getByRole('button', { name: /Abstimmen/ })).toHaveCount(0, { timeout: 20_000 });
  await visitor.context().close();

  // The club's own entry: what its shared links brought.
  await page.goto('/');
  await logIn(page, clubEmail);
  await expect(async () => {
    await page.goto(`/challenge/e2e-spruch/${entryId}`);
    await expect(page.getByText('Über deine geteilten Links: 1 Besuch, 1 Stimme')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });

  // The back office's 'Reichweite'.
  await page.goto('/backoffice');
  await submitBackofficeSignIn(page, OPERATOR);
  await page.getByRole('navigation').getByRole('link', { name: 'Reichweite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reichweite' })).toBeVisible();
  const channels = page.getByRole('region', { name: 'Reichweite nach Kanal' });
  const qrRow = channels.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'QR-Code' }) });
  // Vorschauen, Besuche, Stimmen
  await expect(qrRow.getByRole('cell')).toHaveText(['0', '1', '1']);
  const byEntry = page.getByRole('region', { name: 'Reichweite nach Beitrag und Verein' });
  await expect(byEntry).toContainText(club.name);
  const csv = await page.request.get('/api/operator/reach.csv');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(club.name);
});
