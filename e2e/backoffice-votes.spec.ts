import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { clubLabel, clubs, logIn, registerConfirmed, type ClubRef } from './support/accounts';
import { clubHeaders, operatorLogin, publishEntry } from './support/api-client';
import { submitBackofficeSignIn } from './support/backoffice';
import { approveAgeGate, expect, test, visitorPage } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';
import { repoRoot } from './support/paths';

/**
 * The vote review in the back office (issue 8) on a server of its own: two clubs' slogans are
 * published, the server restarts three days later (the voting window), a burst of anonymous votes
 * comes from one address (X-Forwarded-For behind a trusted proxy), each vote a fresh visitor in the browser with its proof of work, beside a few from others; a
 * moderator finds the entry flagged on 'Stimmen', removes the address's votes with a reason in the
 * screen, the count drops at once and on the public site, and the club sees on its own entry that
 * votes were removed and why.
 */

const MODERATOR = { email: 'stimmen@punktejagd.example', password: 'Zaehler#2026' };
const OFFSET_DAYS = 3;
const REASON = 'Viele Stimmen in kurzer Zeit von einer Adresse';
const BURST_IP = '203.0.113.77';
const OTHER_IPS = ['198.51.100.11', '198.51.100.12', '198.51.100.13'];
// Outside test-results/, which another Playwright run on this machine may empty meanwhile.
const dataDir = path.join(os.tmpdir(), 'erd-e2e-backoffice-votes-data');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season'), TRUST_PROXY: '1', VOTE_PROOF_COST: '50' };

const site = ownSiteSpec({ port: 3290, dataDir, env: serverEnv, operators: [{ ...MODERATOR, role: 'moderator' }] });
let burstClub: ClubRef;
let burstEmail: string;
let burstEntryId: string;
let burstLabel: string;

/**
 * An anonymous vote in the browser, as a fresh visitor (own voter cookie, no local vote record)
 * behind `ip`: the entry's page, 'Abstimmen' (the ALTCHA proof solved in the page), then the
 * button is gone.
 */
async function anonymousVote(browser: Browser, participationId: string, ip: string): Promise<void> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': ip } });
  try {
    await approveAgeGate(context);
    const page = await context.newPage();
    // The page's clock stays real: it learns the server's day (three days later) from /config.json.
    await page.goto(`${site.server.baseURL}/challenge/e2e-spruch/${participationId}`);
    await page.getByRole('button', { name: /Abstimmen/ }).click();
    await expect(page.getByRole('button', { name: /Abstimmen/ })).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await context.close();
  }
}

async function publicVotes(participationId: string): Promise<number> {
  const res = await site.api.get(`/content/public/spaces/erd/objects/${participationId}`);
  expect(res.status()).toBe(200);
  return (await res.json()).fields.votes as number;
}

test.beforeAll(async ({ browser }) => {
  // A restart three days later and 15 visitors voting in the browser on two busy cores.
  test.setTimeout(240_000);
  const [first, second] = await clubs(site.api);
  burstClub = first!;
  burstLabel = clubLabel(first!);
  burstEmail = await registerConfirmed(site.api, first!, { dataDir });
  const otherEmail = await registerConfirmed(site.api, second!, { dataDir });
  for (const [email, slogan] of [
    [burstEmail, 'Alle Mann nach vorn!'],
    [otherEmail, 'Hinten dicht, vorne Licht!'],
  ] as const) {
    const saved = await site.api.put('/api/challenge/particpation/e2e-spruch', {
      headers: await clubHeaders(site.api, email),
      data: { slogan },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
    if (email === burstEmail) burstEntryId = (await saved.json())._id as string;
  }
  // The moderator publishes both (the moderation screen is tested in backoffice.spec).
  const xsrf = await operatorLogin(site.api, MODERATOR);
  const pending = await (await site.api.get('/api/operator/participations?state=pending')).json();
  for (const item of pending.items as { id: string }[]) await publishEntry(site.api, xsrf, item.id);

  // Three days later: voting is open.
  await site.restart({ CLOCK_OFFSET_DAYS: String(OFFSET_DAYS) });
  for (let i = 0; i < 12; i++) await anonymousVote(browser, burstEntryId, BURST_IP);
  for (const ip of OTHER_IPS) await anonymousVote(browser, burstEntryId, ip);
  expect(await publicVotes(burstEntryId)).toBe(15);
});

test('a moderator finds the burst, removes the address’s votes with a reason; the count drops and the club sees why', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/backoffice');
  await submitBackofficeSignIn(page, MODERATOR);
  await page.getByRole('navigation').getByRole('link', { name: 'Stimmen' }).click();
  await expect(page).toHaveURL(/\/backoffice\/stimmen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stimmen' })).toBeVisible();
  await expect(page.getByText(/Auffällig: ab 10 gezählten Stimmen von einer Adresse oder ab 5 in einer Minute\./)).toBeVisible();

  // Only the flagged entries: the burst club's slogan with its 15 votes.
  await page.getByRole('checkbox', { name: 'Nur auffällige' }).check();
  await page.getByRole('button', { name: 'Filtern' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '1 Beitrag' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(burstClub.name) }) });
  await expect(row.getByText('Auffällig')).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('15');
  await page.screenshot({ path: test.info().outputPath('stimmen-1280.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'Stimmen');
  await row.getByRole('link', { name: /^Stimmen prüfen/ }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Stimmen: ${burstLabel}` })).toBeVisible();
  await expect(page.getByTestId('counted-votes')).toHaveText('15');
  const addresses = page.getByRole('region', { name: 'Adressen' });
  const burstRow = addresses.getByRole('row').filter({ hasText: 'Auffällig' });
  await expect(burstRow).toHaveCount(1);
  await expect(burstRow.getByRole('cell').first()).toHaveText('12');

  // 'Alle entfernen' for that address: the reason is required.
  await burstRow.getByRole('button', { name: /^Alle entfernen – Adresse/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Stimmen entfernen' });
  await expect(dialog).toContainText('Alle 12 Stimmen von der Adresse');
  await dialog.getByRole('button', { name: 'Stimmen entfernen' }).click();
  await expect(dialog.getByText('Bitte gib einen Grund an (3 bis 500 Zeichen).')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Grund' }).fill(REASON);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: test.info().outputPath('stimmen-dialog-768.png') });
  await expectNoSeriousA11yViolations(page, 'Stimmen entfernen (Dialog)');
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Stimmen entfernen' }).click();
  await expect(page.getByText('12 Stimmen entfernt. Jetzt zählen 3 Stimmen.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('counted-votes')).toHaveText('3');
  await expect(page.getByRole('heading', { level: 2, name: 'Entfernte Stimmen' })).toBeVisible();
  await expect(page.getByText(`12 Stimmen: ${REASON}`, { exact: false })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('stimmen-eintrag-1280.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'Stimmen eines Beitrags');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: test.info().outputPath('stimmen-eintrag-768.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The public count follows at once.
  expect(await publicVotes(burstEntryId)).toBe(3);

  // The audit log has the removal with its reason.
  const log = await page.request.get(`/api/operator/audit?action=remove-votes`);
  expect(log.status()).toBe(200);
  expect(JSON.stringify(await log.json())).toContain(REASON);

  // The club sees it on its own entry (the challenges page, logged in).
  const club = await visitorPage(browser);
  // The real clock here: the sign-in (SRP) and the session's tokens go by it.
  await logIn(club, burstEmail);
  await club.goto('/challenge');
  const card = club.getByRole('article', { name: 'E2E Spruch' });
  await expect(card.getByText(`12 Stimmen wurden entfernt: ${REASON}`)).toBeVisible({ timeout: 15_000 });
  await card.screenshot({ path: test.info().outputPath('verein-eintrag.png') });
  await club.context().close();
});
