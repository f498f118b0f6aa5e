import path from 'node:path';
import type { AuditPageDto } from '@erd/shared-contracts/backoffice';
import { clubLabel, clubs, registerConfirmed } from './support/accounts';
import { clubHeaders, operatorLogin } from './support/api-client';
import { submitBackofficeSignIn, WERBERAT_POINTS as POINTS } from './support/backoffice';
import { expect, failedLoads, test } from './support/fixtures';
import { ownSiteSpec } from './support/own-server';
import { ownDataDir, repoRoot } from './support/paths';

/**
 * Moderation in the back office (issue 8) on a server of its own: a moderator ticks the Werberat
 * checklist and publishes one slogan, rejects another with the checklist and a reason, selects two
 * (one with the keyboard) and publishes both at once, then looks the rejected one up by the id a
 * 'Melden' e-mail carries and sees its history with who, the reason and the checklist. The audit
 * log and the public search agree. Last, a report about a published one: it is withdrawn from the
 * lookup with a reason and the checklist.
 */

const MODERATOR = { email: 'pruefer@punktejagd.example', password: 'Werberat#2026' };
const SLOGANS = ['Eins, zwei, drei – Sieg!', 'Ein Kasten für jedes Tor!', 'Wir laufen, bis der Schiri pfeift', 'Herz, Hirn und Haxn'];
const dataDir = ownDataDir('backoffice-moderation');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/season') };

// The session check before signing in (401) and the unknown id of the lookup (404).
const site = ownSiteSpec({
  port: 3294,
  dataDir,
  env: serverEnv,
  operators: [{ ...MODERATOR, role: 'moderator' }],
  allowConsoleErrors: failedLoads(401, 404),
});
const entries: Array<{ id: string; club: string; slogan: string }> = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const all = await clubs(site.api);
  for (const [index, slogan] of SLOGANS.entries()) {
    const club = all[index]!;
    const email = await registerConfirmed(site.api, club, { dataDir });
    const saved = await site.api.put('/api/challenge/particpation/e2e-spruch', {
      headers: await clubHeaders(site.api, email),
      data: { slogan },
    });
    expect(saved.status(), await saved.text()).toBeLessThan(300);
    entries.push({ id: ((await saved.json()) as { _id: string })._id, club: clubLabel(club), slogan });
  }
});

test('a moderator publishes with the checklist, rejects with the checklist and a reason, publishes two at once and looks an entry up by id', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const [first, second, third, fourth] = entries as [(typeof entries)[0], (typeof entries)[0], (typeof entries)[0], (typeof entries)[0]];
  await page.goto('/backoffice');
  await submitBackofficeSignIn(page, MODERATOR);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '4 Beiträge warten auf Prüfung.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tastenkürzel' })).toBeVisible();

  const queue = page.getByRole('list', { name: 'Wartende Beiträge' });
  const card = (club: string) => queue.getByRole('article', { name: club });

  // 1. Publishing without the checklist is refused at the checklist; ticked, it goes through.
  const firstCard = card(first.club);
  await expect(firstCard.getByText(first.slogan)).toBeVisible();
  await firstCard.getByRole('button', { name: /^Freigeben/ }).click();
  await expect(firstCard.getByRole('alert')).toHaveText('Bitte bestätige alle vier Punkte der Checkliste, bevor du freigibst.');
  await expect(firstCard.getByRole('checkbox', { name: POINTS[0] })).toBeFocused();
  for (const point of POINTS) await firstCard.getByRole('checkbox', { name: point }).check();
  await firstCard.getByRole('button', { name: /^Freigeben/ }).click();
  await expect(page.getByText(`Der Spruch von ${first.club} ist freigegeben.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '3 Beiträge warten auf Prüfung.' })).toBeVisible();

  // 2. Reject the second: three points fine, 'Kein übermäßiger Konsum' not; the dialog takes over the ticks.
  const secondCard = card(second.club);
  for (const point of POINTS.slice(0, 3)) await secondCard.getByRole('checkbox', { name: point }).check();
  await secondCard.getByRole('button', { name: /^Ablehnen/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Beitrag ablehnen' });
  await expect(dialog.getByLabel('Grund der Ablehnung')).toBeFocused();
  await expect(dialog.getByRole('checkbox', { name: POINTS[3] })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: POINTS[0] })).toBeChecked();
  await dialog.getByLabel('Grund der Ablehnung').fill('Wirbt für übermäßiges Trinken');
  await dialog.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Der Spruch von ${second.club} ist abgelehnt und gelöscht.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '2 Beiträge warten auf Prüfung.' })).toBeVisible();

  // 3. Two at once: the third selected with the keyboard ('x' on the current entry), the fourth by its checkbox.
  await expect(card(third.club).getByRole('heading', { name: third.club })).toBeFocused();
  await page.keyboard.press('x');
  await expect(card(third.club).getByRole('checkbox', { name: /^Auswählen/ })).toBeChecked();
  await card(fourth.club)
    .getByRole('checkbox', { name: /^Auswählen/ })
    .check();
  await expect(page.getByText('2 Beiträge ausgewählt')).toBeVisible();
  await page.getByRole('button', { name: 'Ausgewählte freigeben' }).click();
  const many = page.getByRole('dialog', { name: '2 Beiträge freigeben' });
  for (const point of POINTS) await many.getByRole('checkbox', { name: point }).check();
  await many.getByRole('button', { name: 'Freigeben' }).click();
  await expect(many).toHaveCount(0);
  await expect(page.getByText('2 Beiträge sind freigegeben.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Keine Beiträge warten auf Prüfung.' })).toBeVisible();

  // 4. Look the rejected one up by its id (as a 'Melden' e-mail carries it): gone, but the log knows it.
  const lookup = page.getByLabel('Beitrags-ID');
  await lookup.fill('gibt-es-nicht');
  await page.getByRole('button', { name: 'Nachschlagen' }).click();
  await expect(page.getByText('Zu dieser ID gibt es keinen Beitrag und keinen Eintrag im Protokoll.')).toBeVisible();
  await lookup.fill(second.id);
  await page.getByRole('button', { name: 'Nachschlagen' }).click();
  await expect(page.getByRole('heading', { level: 3, name: `Beitrag ${second.id}: Abgelehnt (gelöscht)` })).toBeFocused();
  await expect(page.getByText(second.slogan)).toBeVisible();
  const history = page.getByRole('table', { name: `Entscheidungen zu Beitrag ${second.id}, älteste zuerst` });
  const row = history.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Abgelehnt');
  await expect(row.getByRole('cell').nth(2)).toHaveText(MODERATOR.email);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Wirbt für übermäßiges Trinken');
  await expect(row.getByText('Kein übermäßiger Konsum: nicht erfüllt')).toBeVisible();
  await expect(row.getByText('Spricht keine Minderjährigen an: bestätigt')).toBeVisible();

  // A published one by its public link.
  await lookup.fill(`${site.server.baseURL}/challenge/e2e-spruch/${third.id}`);
  await page.getByRole('button', { name: 'Nachschlagen' }).click();
  await expect(page.getByRole('heading', { level: 3, name: `Beitrag ${third.id}: Freigegeben (öffentlich)` })).toBeVisible();

  // The server agrees: three public, one gone; each decision its own audit row with the checklist.
  const search = await (
    await site.api.get('/content/public/spaces/erd/objects/search?fields.challenge.id=e2e-spruch&from=0&size=10')
  ).json();
  expect(search.items.map((item: { _id: string }) => item._id).sort()).toEqual([first.id, third.id, fourth.id].sort());
  await operatorLogin(site.api, MODERATOR);
  for (const entry of entries) {
    const audit: AuditPageDto = await (await site.api.get(`/api/operator/audit?subject=${encodeURIComponent(entry.id)}`)).json();
    expect(
      audit.items.map((item) => [item.action, item.actor]),
      entry.id,
    ).toEqual([[entry === second ? 'reject' : 'publish', MODERATOR.email]]);
    expect(audit.items[0]!.details.checklist, entry.id).toEqual(
      entry === second
        ? { minors: true, traffic: true, performance: true, excess: false }
        : { minors: true, traffic: true, performance: true, excess: true },
    );
  }

  // A report names the third, published entry: the moderator withdraws it from the lookup.
  await page.getByRole('button', { name: 'Beitrag zurückziehen' }).click();
  const withdraw = page.getByRole('dialog', { name: 'Beitrag zurückziehen' });
  for (const point of POINTS.slice(1)) await withdraw.getByRole('checkbox', { name: point }).check();
  await withdraw.getByLabel('Grund für das Zurückziehen').fill('Gemeldet: spricht Jugendliche an');
  await withdraw.getByRole('button', { name: 'Zurückziehen' }).click();
  await expect(withdraw).toHaveCount(0);
  await expect(page.getByText('Der Beitrag ist zurückgezogen und gelöscht.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: `Beitrag ${third.id}: Abgelehnt (gelöscht)` })).toBeFocused();
  const after = await (
    await site.api.get('/content/public/spaces/erd/objects/search?fields.challenge.id=e2e-spruch&from=0&size=10')
  ).json();
  expect(after.items.map((item: { _id: string }) => item._id).sort()).toEqual([first.id, fourth.id].sort());
  const withdrawn: AuditPageDto = await (await site.api.get(`/api/operator/audit?subject=${encodeURIComponent(third.id)}`)).json();
  expect(withdrawn.items[0]).toMatchObject({
    action: 'reject',
    reason: 'Gemeldet: spricht Jugendliche an',
    details: { withdrawn: true, failedChecks: ['minors'] },
  });
});
