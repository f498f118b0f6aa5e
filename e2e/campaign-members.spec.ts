import os from 'node:os';
import path from 'node:path';
import { chooseClubTeam, clubs, logIn, registerConfirmed, type ClubRef } from './support/accounts';
import { accessToken, clubHeaders, operatorLogin, publishEntry, submitPictureEntry } from './support/api-client';
import { expect, test } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';
import { repoRoot } from './support/paths';

/**
 * Issue 24 for members and voters, on a server of its own with the e2e season: registration says at
 * once that a club team already has an account; a club enters its estimate as '4.500' and sees
 * '4.500'; its slogan and another club's picture are published; three days later (the voting
 * window) a visitor votes from the gallery's tile and the count goes up in place; the club sees
 * 'Dein Beitrag' on its own tile instead of a button, and 'Meine Teilnahmen' in its profile lists
 * its estimate and its slogan with the vote.
 */

const OPERATOR = { email: 'kampagne@punktejagd.example', password: 'Kampagne#2026' };
const SLOGAN = 'Kreisklasse? Weltklasse!';
const dataDir = path.join(os.tmpdir(), 'erd-e2e-campaign-members-data');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season'), VOTE_PROOF_COST: '50' };

const site = ownSiteSpec({ port: 3336, dataDir, env: serverEnv, operators: [OPERATOR] });
let sloganClub: ClubRef;
let pictureClub: ClubRef;
let sloganEmail: string;
let pictureId: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [sloganClub, pictureClub] = await clubs(site.api);
  sloganEmail = await registerConfirmed(site.api, sloganClub!, { dataDir });
});

test('registration tells at once that the chosen club team already has an account', async ({ page }) => {
  await chooseClubTeam(page, sloganClub);
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
  const own = await site.api.get('/api/challenge/particpation/e2e-schaetzung', {
    headers: { authorization: `Bearer ${await accessToken(site.api, sloganEmail)}` },
  });
  expect((await own.json()).fields.estimate).toBe(4500);
});

test('a slogan and a picture are published; three days later voting runs', async () => {
  test.setTimeout(120_000);
  const slogan = await site.api.put('/api/challenge/particpation/e2e-spruch', {
    headers: await clubHeaders(site.api, sloganEmail),
    data: { slogan: SLOGAN },
  });
  expect(slogan.status(), await slogan.text()).toBeLessThan(300);

  const pictureEmail = await registerConfirmed(site.api, pictureClub, { dataDir });
  const picture = await submitPictureEntry(site.api, await clubHeaders(site.api, pictureEmail));
  pictureId = (await picture.json())._id;

  const xsrf = await operatorLogin(site.api, OPERATOR);
  for (const id of [(await slogan.json())._id, pictureId]) await publishEntry(site.api, xsrf, id);

  await site.restart({ CLOCK_OFFSET_DAYS: '3' });
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
  const list = await site.api.get(`/api/entry-neighbours/e2e-bild/${pictureId}?sort=newest`);
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
