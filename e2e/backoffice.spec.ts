import path from 'node:path';
import type { OperatorParticipationPageDto } from '@erd/shared-contracts/wire';
import { clubLabel, clubs, registerConfirmed } from './support/accounts';
import { clubHeaders, operatorLogin, submitPictureEntry } from './support/api-client';
import { WERBERAT_POINTS } from './support/backoffice';
import { expect, failedLoads, test } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';
import { ownDataDir, repoRoot } from './support/paths';
import { releaseRemote, remoteEntry } from './support/release';

/**
 * The back office (issue 8, first step) on a server of its own with the e2e season: an operator
 * made with the CLI signs in at /backoffice, sees the waiting slogan and picture, publishes one
 * and rejects the other with a reason, and signs out. /backoffice is a page of its own: no age
 * gate, and noindex in the page and in the answer's headers.
 */

const OPERATOR = { email: 'moderation@punktejagd.example', password: 'Pruefer#2026' };
const dataDir = ownDataDir('backoffice');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season') };

// The wrong password on purpose (401), and the session check before signing in (401).
const site = ownSiteSpec({ port: 3280, dataDir, env: serverEnv, operators: [OPERATOR], allowConsoleErrors: failedLoads(401) });
let sloganClub: string;
let pictureClub: string;

test.beforeAll(async () => {
  // Two clubs with entries, on two busy cores.
  test.setTimeout(180_000);
  const [first, second] = await clubs(site.api);
  sloganClub = clubLabel(first!);
  pictureClub = clubLabel(second!);

  const sloganEmail = await registerConfirmed(site.api, first!, { dataDir });
  const saved = await site.api.put('/api/challenge/particpation/e2e-spruch', {
    headers: await clubHeaders(site.api, sloganEmail),
    data: { slogan: 'Mit Herz und Haxn – auf geht’s!' },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);

  const pictureEmail = await registerConfirmed(site.api, second!, { dataDir });
  await submitPictureEntry(site.api, await clubHeaders(site.api, pictureEmail));
});

test('/backoffice is a page of its own: 200, noindex in the page and the headers, no age gate', async ({ browser, request }) => {
  for (const url of ['/backoffice', '/backoffice/anmeldung', '/backoffice/gibt-es-nicht']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()['x-robots-tag'], url).toBe('noindex');
    expect(await res.text()).toContain('<meta name="robots" content="noindex">');
  }
  const home = await request.get('/');
  expect(home.headers()['x-robots-tag']).toBeUndefined();
  expect(await home.text()).not.toContain('noindex');

  // A visitor who never answered the age gate (a fresh context, no consent stored).
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/backoffice');
  await expect(page).toHaveURL(/\/backoffice\/anmeldung$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByText('ALT GENUG ZUM PUNKTEN?')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page).toHaveTitle('Anmeldung – Backoffice – Punktejagd');
  // Neither the public page's entry nor its header and footer.
  expect(scripts).toContain('/backoffice.js');
  expect(scripts).not.toContain('/main.js');
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await context.close();
});

test('an operator signs in, publishes a slogan, rejects a picture with a reason and signs out', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/backoffice');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();

  // Wrong password first.
  await page.getByLabel('E-Mail-Adresse').fill(OPERATOR.email);
  await page.getByLabel('Passwort').fill('Falsch#20261');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-Mail-Adresse oder Passwort falsch.');

  // Signing in with the keyboard.
  await page.getByLabel('Passwort').fill(OPERATOR.password);
  await page.getByLabel('Passwort').press('Enter');
  await expect(page).toHaveURL(/\/backoffice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Backoffice' }).getByRole('link', { name: 'Moderation' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText(`Angemeldet als ${OPERATOR.email}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '2 Beiträge warten auf Prüfung.' })).toBeVisible();

  const queue = page.getByRole('list', { name: 'Wartende Beiträge' });
  const sloganCard = queue.getByRole('article', { name: sloganClub });
  const pictureCard = queue.getByRole('article', { name: pictureClub });
  await expect(sloganCard.getByText('Mit Herz und Haxn – auf geht’s!')).toBeVisible();
  await expect(sloganCard.getByText('E2E Spruch')).toBeVisible();
  // The picture is shown large, and it has really loaded.
  const img = pictureCard.getByRole('img', { name: `Bild von ${pictureClub}` });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1024);
  expect((await img.boundingBox())!.width).toBeGreaterThan(500);

  // Publish the slogan: first the four points of the Werberat checklist beside it.
  for (const point of WERBERAT_POINTS) await sloganCard.getByRole('checkbox', { name: point }).check();
  await sloganCard.getByRole('button', { name: /^Freigeben/ }).click();
  await expect(page.getByText(`Der Spruch von ${sloganClub} ist freigegeben.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1 Beitrag wartet auf Prüfung.' })).toBeVisible();
  await expect(sloganCard).toHaveCount(0);
  await expect(pictureCard.getByRole('heading', { name: pictureClub })).toBeFocused();

  // Reject the picture: the dialog asks for the reason; Escape first leaves it as it is.
  await pictureCard.getByRole('button', { name: /^Ablehnen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Beitrag ablehnen' });
  await expect(dialog.getByLabel('Grund der Ablehnung')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(pictureCard.getByRole('button', { name: /^Ablehnen/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Grund der Ablehnung').fill('Zeigt Werbung für eine andere Brauerei');
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Das Bild von ${pictureClub} ist abgelehnt und gelöscht.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Keine Beiträge warten auf Prüfung.' })).toBeVisible();

  // The server agrees: the slogan is public, the picture gone, nothing waits.
  const search = await (
    await site.api.get('/content/public/spaces/erd/objects/search?include=1&fields.challenge.id=e2e-spruch&from=0&size=10&sort=-createdAt')
  ).json();
  expect(search.items.map((item: { fields: { slogan: string } }) => item.fields.slogan)).toEqual(['Mit Herz und Haxn – auf geht’s!']);
  const pictures = await (
    await site.api.get('/content/public/spaces/erd/objects/search?include=1&fields.challenge.id=e2e-bild&from=0&size=10&sort=-createdAt')
  ).json();
  expect(pictures.total).toBe(0);
  await operatorLogin(site.api, OPERATOR);
  const pending: OperatorParticipationPageDto = await (await site.api.get('/api/operator/participations?state=pending')).json();
  expect(pending.total).toBe(0);

  // A reload keeps the operator signed in; 'Abmelden' ends the session.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Keine Beiträge warten auf Prüfung.' })).toBeVisible();
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/backoffice\/anmeldung$/);
  await expect(page.getByText('Du bist abgemeldet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0);
  await page.goto('/backoffice');
  await expect(page).toHaveURL(/\/backoffice\/anmeldung$/);
  expect((await page.request.get('/api/operator/participations?state=pending')).status()).toBe(401);
});

test('the back office is released on its own and goes live on the next page load', async ({ page, request }) => {
  test.setTimeout(120_000);
  const before = await (await request.get('/config.json')).json();
  const entries = await Promise.all(['/main.js', '/backoffice.js'].map(async (file) => (await request.get(file)).body()));
  await page.goto('/backoffice/anmeldung');
  await expect(page.locator('[data-mf-build]')).toBeAttached();

  const releaseId = releaseRemote('mf-backoffice', dataDir);

  const after = await (await request.get('/config.json')).json();
  expect(remoteEntry(after, 'mf_backoffice')).toBe(`/remotes/mf_backoffice/${releaseId}/mf-manifest.json`);
  for (const other of ['mf_auth', 'mf_challenges', 'mf_standings', 'mf_profile'])
    expect(remoteEntry(after, other), other).toBe(remoteEntry(before, other));
  const entriesAfter = await Promise.all(['/main.js', '/backoffice.js'].map(async (file) => (await request.get(file)).body()));
  expect(entriesAfter.map((body, i) => Buffer.compare(body, entries[i]!))).toEqual([0, 0]);

  await page.reload();
  await expect(page.locator('[data-mf-build]')).toHaveAttribute('data-mf-build', `mf_backoffice-${releaseId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeVisible();
});
