import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { clubs, PASSWORD, registerConfirmed, uniqueEmail } from './support/accounts';
import { xsrfHeader } from './support/api-client';
import { backofficeBar, signInToBackoffice } from './support/backoffice';
import { approveAgeGate, expect, failedLoads, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { ownSiteSpec } from './support/own-server';
import { ownDataDir, repoRoot } from './support/paths';

/**
 * Newsletter and accounts in the back office (issue 8) on a server of its own with the e2e
 * season: an admin made with the CLI exports the newsletter subscribers (the CSV holds the
 * confirmed address, not the unconfirmed one); finds a registered member, blocks them (the member
 * then cannot sign in on the public /login: the login screen says 'E-Mail-Adresse oder Passwort
 * falsch.', as for any refused sign-in) and unblocks them (the member signs in again).
 */

const ADMIN = { email: 'konten@punktejagd.example', password: 'Konten#Verwaltung2026' };
const dataDir = ownDataDir('backoffice-accounts');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season') };

// The session check before signing in (401) and the refused sign-in of the blocked member (400).
const site = ownSiteSpec({ port: 3301, dataDir, env: serverEnv, operators: [ADMIN], allowConsoleErrors: failedLoads(400, 401) });
let member: string;
const confirmed = uniqueEmail('abonnent');
const unconfirmed = uniqueEmail('unbestaetigt');

async function signUpNewsletter(email: string): Promise<void> {
  const res = await site.api.post('/api/public/newsletter', { headers: await xsrfHeader(site.api), data: { Email: email, Fields: [] } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/** Signs in at the back office (the landing screen is 'Moderation') and opens a screen from the bar. */
async function openScreen(page: Page, screen: 'Newsletter' | 'Konten'): Promise<void> {
  await signInToBackoffice(page, ADMIN);
  await backofficeBar(page).getByRole('link', { name: screen }).click();
}

/** The public /login of a fresh visitor (age gate approved): the message it shows, or null after a successful sign-in. */
async function publicLogin(page: Page, email: string): Promise<string | null> {
  const visitor = await page.context().browser()!.newPage();
  await approveAgeGate(visitor);
  await visitor.goto(`${site.server.baseURL}/login`);
  await visitor.getByRole('main').getByLabel('E-Mail-Adresse').fill(email);
  await visitor.getByRole('main').getByLabel('Passwort').fill(PASSWORD);
  await visitor.getByRole('button', { name: 'Einloggen' }).click();
  const refused = visitor.getByText('E-Mail-Adresse oder Passwort falsch.');
  await expect.poll(async () => (await refused.isVisible()) || /\/(challenge|profil)$/.test(visitor.url()), { timeout: 15_000 }).toBe(true);
  const outcome = (await refused.isVisible())
    ? 'E-Mail-Adresse oder Passwort falsch.'
    : /\/(challenge|profil)$/.test(visitor.url())
      ? null
      : `still at ${visitor.url()}`;
  await visitor.close();
  return outcome;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const since = Date.now();
  await signUpNewsletter(confirmed);
  await signUpNewsletter(unconfirmed);
  const mail = await waitForMail(confirmed, since, /newsletter\/confirm\?token=/, dataDir);
  const token = /newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)![1]!;
  const confirm = await site.api.get(`/api/public/newsletter/confirm?token=${token}`, { maxRedirects: 0 });
  expect(confirm.status(), await confirm.text()).toBeLessThan(400);

  const [club] = await clubs(site.api);
  member = await registerConfirmed(site.api, club!, { dataDir });
});

test('an admin exports the newsletter subscribers: the confirmed address is in the CSV, the unconfirmed one is not', async ({ page }) => {
  await openScreen(page, 'Newsletter');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: confirmed })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: unconfirmed })).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV exportieren' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFE-Mail;')).toBe(true);
  expect(csv).toContain(`${confirmed};`);
  expect(csv).not.toContain(unconfirmed);
});

test('an admin finds a member, blocks them (no sign-in on /login) and unblocks them (sign-in works again)', async ({ page }) => {
  test.setTimeout(90_000);
  expect(await publicLogin(page, member)).toBeNull();

  await openScreen(page, 'Konten');
  await expect(page.getByRole('heading', { level: 1, name: 'Konten' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'E-Mail, Verein oder Vereinsnummer' }).fill(member.slice(0, 12));
  await page.getByRole('button', { name: 'Suchen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '1 Konto' })).toBeVisible();
  await page.getByRole('button', { name: `Details zu ${member}` }).click();
  const detail = page.getByRole('region', { name: `Konto ${member}` });
  await expect(detail.getByRole('definition').filter({ hasText: /^Bestätigt$/ })).toBeVisible();

  await detail.getByRole('button', { name: 'Sperren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Konto sperren' });
  await dialog.getByRole('button', { name: 'Sperren' }).click();
  await expect(dialog.getByText('Bitte gib einen Grund an (3 bis 500 Zeichen).')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Grund der Sperre' }).fill('Beleidigende Sprüche');
  await dialog.getByRole('button', { name: 'Sperren' }).click();
  await expect(page.getByRole('status').getByText(`${member} ist gesperrt.`)).toBeVisible();
  await expect(detail.getByText('Beleidigende Sprüche')).toBeVisible();

  expect(await publicLogin(page, member)).toBe('E-Mail-Adresse oder Passwort falsch.');

  await detail.getByRole('button', { name: 'Entsperren' }).click();
  const unblock = page.getByRole('dialog', { name: 'Konto entsperren' });
  await unblock.getByRole('textbox', { name: 'Grund der Entsperrung' }).fill('Mit dem Verein geklärt');
  await unblock.getByRole('button', { name: 'Entsperren' }).click();
  await expect(page.getByRole('status').getByText(`${member} ist entsperrt.`)).toBeVisible();

  expect(await publicLogin(page, member)).toBeNull();
});
