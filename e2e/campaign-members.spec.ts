import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { PresignedPostDto } from '@erd/shared-contracts/wire';
import { clubs, logIn, registerConfirmed, type ClubRef } from './support/accounts';
import { accessToken, WERBERAT_ALL_CONFIRMED, xsrfHeader } from './support/api-client';
import { expect, test } from './support/fixtures';
import { pngBytes } from './support/images';
import { addOperatorBeforeStart, startOwnServer, type OwnServer } from './support/own-server';
import { repoRoot } from './support/paths';

/**
 * Issue 24 for members and voters, on a server of its own with the e2e season: registration says at
 * once that a club team already has an account; a club enters its estimate as '4.500' and sees
 * '4.500'; its slogan and another club's picture are published; three days later (the voting
 * window) a visitor votes from the gallery's tile and the count goes up in place; the club sees
 * 'Dein Beitrag' on its own tile instead of a button, and 'Meine Teilnahmen' in its profile lists
 * its estimate and its slogan with the vote.
 */
test.describe.configure({ mode: 'serial' });
const PORT = 3336;
test.use({ baseURL: `http://localhost:${PORT}` });

const OPERATOR = { email: 'kampagne@punktejagd.example', password: 'Kampagne#2026' };
const SLOGAN = 'Kreisklasse? Weltklasse!';
const dataDir = path.join(os.tmpdir(), 'erd-e2e-campaign-members-data');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season'), VOTE_PROOF_COST: '50' };

let server: OwnServer;
let api: APIRequestContext;
let sloganClub: ClubRef;
let pictureClub: ClubRef;
let sloganEmail: string;
let pictureId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(dataDir, { recursive: true, force: true });
  addOperatorBeforeStart({ dataDir, ...OPERATOR, env: serverEnv });
  server = await startOwnServer({ port: PORT, dataDir, env: serverEnv });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
  [sloganClub, pictureClub] = await clubs(api);
  sloganEmail = await registerConfirmed(api, sloganClub!, { dataDir });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

test('registration tells at once that the chosen club team already has an account', async ({ page }) => {
  await page.goto('/registration');
  await page.getByRole('combobox', { name: 'Verein' }).fill(sloganClub.clubnumber);
  await page
    .getByRole('option', { name: new RegExp(sloganClub.name) })
    .first()
    .click();
  const team = page.getByRole('combobox', { name: 'Team' });
  if (/wählen/.test((await team.textContent()) ?? '')) {
    await team.click();
    await page.getByRole('option', { name: sloganClub.team === 'm' ? 'Herren' : 'Damen' }).click();
  }
  // Before any personal field is filled in: the club comes first.
  await expect(page.getByText('Für den gewählten Verein existiert bereits eine Anmeldung.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'logge dich ein' })).toHaveAttribute('href', '/login');
});

test('a club enters its estimate as 4.500 and sees 4.500', async ({ page }) => {
  await logIn(page, sloganEmail);
  await page.goto('/challenge');
  const estimate = page.getByRole('form', { name: 'Deine Schätzung' });
  await estimate.getByRole('textbox').fill('4.500');
  await estimate.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Deine Schätzung wurde gespeichert.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Deine Schätzung' }).getByRole('textbox')).toHaveValue('4.500');
  const own = await api.get('/api/challenge/particpation/e2e-schaetzung', {
    headers: { authorization: `Bearer ${await accessToken(api, sloganEmail)}` },
  });
  expect((await own.json()).fields.estimate).toBe(4500);
});

test('a slogan and a picture are published; three days later voting runs', async () => {
  test.setTimeout(120_000);
  const sloganHeaders = { authorization: `Bearer ${await accessToken(api, sloganEmail)}`, ...(await xsrfHeader(api)) };
  const slogan = await api.put('/api/challenge/particpation/e2e-spruch', { headers: sloganHeaders, data: { slogan: SLOGAN } });
  expect(slogan.status(), await slogan.text()).toBeLessThan(300);

  const pictureEmail = await registerConfirmed(api, pictureClub, { dataDir });
  const pictureHeaders = { authorization: `Bearer ${await accessToken(api, pictureEmail)}`, ...(await xsrfHeader(api)) };
  const presign = await api.post('/api/challenge/particpation/e2e-bild/createpresignedpost', {
    headers: pictureHeaders,
    data: { name: 'jubel.png', contentType: 'image/png' },
  });
  expect(presign.status(), await presign.text()).toBe(200);
  const post = (await presign.json()) as PresignedPostDto;
  const upload = await api.post(post.data.url, {
    headers: await xsrfHeader(api),
    multipart: { ...post.data.fields, file: { name: 'jubel.png', mimeType: 'image/png', buffer: await pngBytes() } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  const picture = await api.put('/api/challenge/particpation/e2e-bild', { headers: pictureHeaders, data: { picture: post.file } });
  expect(picture.status(), await picture.text()).toBeLessThan(300);
  pictureId = (await picture.json())._id;

  const xsrf = await xsrfHeader(api);
  expect((await api.post('/api/operator/login', { headers: xsrf, data: OPERATOR })).status()).toBeLessThan(300);
  for (const id of [(await slogan.json())._id, pictureId]) {
    const published = await api.post(`/api/operator/participations/${id}/publish`, { headers: xsrf, data: WERBERAT_ALL_CONFIRMED });
    expect(published.status(), await published.text()).toBeLessThan(300);
  }

  await api.dispose();
  await server.stop();
  server = await startOwnServer({ port: PORT, dataDir, env: { ...serverEnv, CLOCK_OFFSET_DAYS: '3' } });
  api = await playwrightRequest.newContext({ baseURL: server.baseURL });
});

test('a visitor votes from the gallery’s tile; the count goes up in place and stays', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/challenge/e2e-bild');
  const tile = page.getByRole('listitem').filter({ hasText: pictureClub.name });
  await expect(tile).toHaveCount(1);
  const vote = tile.getByRole('button', { name: new RegExp(`^Abstimmen: .*${pictureClub.name}.*, 0 Stimmen$`) });
  await vote.click();
  await expect(tile.getByText('Abgestimmt')).toBeVisible({ timeout: 30_000 });
  await expect(tile).toContainText(/1\s*Stimme/);
  await expect(page).toHaveURL(/\/challenge\/e2e-bild$/);
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: pictureClub.name }).getByText('Abgestimmt')).toBeVisible();
  const list = await api.get(`/api/entry-neighbours/e2e-bild/${pictureId}?sort=newest`);
  expect(list.status()).toBe(200);
});

test('the club sees “Dein Beitrag” on its own tile and its entries under “Meine Teilnahmen”', async ({ page }) => {
  await logIn(page, sloganEmail);
  await page.goto('/challenge/e2e-spruch');
  const own = page.getByRole('listitem').filter({ hasText: SLOGAN });
  await expect(own.getByText('Dein Beitrag')).toBeVisible();
  await expect(own.getByRole('button', { name: /^Abstimmen/ })).toHaveCount(0);

  await page.goto('/profil');
  const mine = page.getByRole('region', { name: 'Meine Teilnahmen' });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('4.500');
  await expect(mine).toContainText(SLOGAN);
  await expect(mine).toContainText('Veröffentlicht');
});
