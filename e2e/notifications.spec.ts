import os from 'node:os';
import path from 'node:path';
import { clubs, logIn, registerConfirmed, type ClubRef } from './support/accounts';
import { operatorLogin, publishEntry } from './support/api-client';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail';
import { ownSiteSpec, startOwnSite, stopOwnSite } from './support/own-server';
import { repoRoot } from './support/paths';

/**
 * Issue 25 end to end, on a server of its own with the e2e season (NOTIFY_HOURS=0-24, so the test
 * does not depend on the hour it runs at): a club submits its slogan in the browser and gets the
 * 'received' mail; an operator publishes it, the club gets the 'online' mail and its button opens
 * the entry; a fan subscribes to the club on its page, confirms from the mail, and on the last
 * voting day (the server restarted a week later, its planner runs at start) gets the 'voting ends'
 * mail, whose unsubscribe link works without signing in.
 */

const OPERATOR = { email: 'nachrichten@punktejagd.example', password: 'Nachricht#2026' };
const SLOGAN = 'Flutlicht an, Gegner weg!';
const dataDir = path.join(os.tmpdir(), 'erd-e2e-notifications-data');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season'), NOTIFY_HOURS: '0-24' };
const FAN = `fan-${Date.now()}@example.org`;

const PORT = 3337;
const site = ownSiteSpec({ port: PORT, dataDir, env: serverEnv, operators: [OPERATOR] });
let club: ClubRef;
let clubEmail: string;

/** The first link of a mail's plain-text part that starts with `prefix`. */
function linkIn(mail: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail)?.[0];
  if (!link) throw new Error(`no link starting with ${prefix} in the mail`);
  return link;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [club] = await clubs(site.api);
  clubEmail = await registerConfirmed(site.api, club!, { dataDir });
});

test('a club submits its slogan, an operator publishes it, and the mail’s button opens the entry', async ({ page }) => {
  test.setTimeout(90_000);
  await logIn(page, clubEmail);
  await page.goto('/challenge');
  const since = Date.now();
  const form = page.getByRole('form', { name: 'Dein Spruch' });
  await form.getByRole('textbox').fill(SLOGAN);
  await form.getByRole('button', { name: 'Spruch einreichen' }).click();
  await expect(page.getByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeVisible();
  const received = await waitForMail(clubEmail, since, /Euer Beitrag ist eingegangen/, dataDir);
  expect(received).toContain('Hallo Erika,');

  const xsrf = await operatorLogin(site.api, OPERATOR);
  const queue = await (await site.api.get('/api/operator/participations?state=pending&size=100', { headers: xsrf })).json();
  const entry = (queue.items as Array<{ id: string; slogan?: string | null }>).find((item) => item.slogan === SLOGAN);
  expect(entry, JSON.stringify(queue)).toBeDefined();
  const publishedAt = Date.now();
  await publishEntry(site.api, xsrf, entry!.id);

  const online = await waitForMail(clubEmail, publishedAt, /Euer Beitrag ist online/, dataDir);
  expect(online).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  const link = linkIn(online, `${site.server.baseURL}/challenge/e2e-spruch/`);
  await page.goto(link);
  await expect(page.getByText(SLOGAN).first()).toBeVisible();
});

test('a fan subscribes on the club’s page and confirms from the mail', async ({ page }) => {
  await page.goto(`/club/${club!.id}`);
  const form = page.getByRole('form', { name: /^Fan von .* werden$/ });
  await form.scrollIntoViewIfNeeded();
  const since = Date.now();
  await form.getByLabel('E-Mail-Adresse').fill(FAN);
  await form.getByRole('checkbox').first().check();
  await form.getByLabel('Ich bestätige, dass ich mindestens 18 Jahre alt bin.').check();
  await form.getByRole('button', { name: 'Fan werden' }).click();
  await expect(
    page.getByText('Fast geschafft – bitte bestätige deine Anmeldung in der E-Mail, die wir dir geschickt haben.'),
  ).toBeVisible();

  const mail = await waitForMail(FAN, since, /club-fans\/confirm\?token=/, dataDir);
  await page.goto(linkIn(mail, `${site.server.baseURL}/api/public/club-fans/confirm?token=`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('ungültig');
});

test('on the last voting day the fan is told that the club needs the vote, and can leave with one click', async ({ page }) => {
  test.setTimeout(120_000);
  await stopOwnSite(site);
  const since = Date.now();
  // Voting of e2e-spruch ends on day 9 of the season: the planner runs when the server starts.
  Object.assign(site, await startOwnSite({ port: PORT, dataDir, env: { ...serverEnv, CLOCK_OFFSET_DAYS: '9' } }));
  const mail = await waitForMail(FAN, since, /Abstimmung endet/, dataDir);
  expect(mail).toContain(club!.name);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  await page.goto(linkIn(mail, `${site.server.baseURL}/challenge/e2e-spruch/`));
  await expect(page.getByText(SLOGAN).first()).toBeVisible();

  await page.goto(linkIn(mail, `${site.server.baseURL}/api/public/club-fans/unsubscribe?token=`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('ungültig');
});
