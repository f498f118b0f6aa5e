import path from 'node:path';
import type { OperatorParticipationPageDto } from '@erd/shared-contracts/wire';
import { accessToken, clubHeaders, operatorLogin, publishEntry, xsrfHeader } from './support/api-client';
import { clubs, logIn, registerConfirmed } from './support/accounts';
import { expect, failedLoads, test, visitorPage } from './support/fixtures';
import { ownDataDir, repoRoot } from './support/paths';
import { ownSiteSpec } from './support/own-server';
import { pngBytes } from './support/images';

/**
 * The season's core loop on a server of its own, with the e2e season (e2e/season): during the
 * submission window clubs submit an estimate, slogans and a picture, hostile uploads are refused,
 * an operator publishes the entries; then the server restarts on the same data three days later
 * (voting window; the pages learn the server's day from /config.json, their clock stays real) and visitors browse, sort, load more, open the
 * lightbox and vote once.
 */

const OPERATOR = { email: 'moderation@punktejagd.example', password: 'Pruefer#2026' };
const dataDir = ownDataDir('entries');
const seasonDir = path.join(repoRoot, 'e2e/season');
const serverEnv = { SEASON_DIR: seasonDir };

const site = ownSiteSpec({
  port: 3260,
  dataDir,
  env: serverEnv,
  operators: [OPERATOR],
  startTimeout: 120_000,
  allowConsoleErrors: failedLoads(400, 403, 404, 409, 413, 415),
});

const SLOGAN_CLUBS = 12;
let clubList: Awaited<ReturnType<typeof clubs>>;
let uiClubEmail: string;

test('submission window: a club submits an estimate, a slogan and a picture in the browser', async ({ page }) => {
  test.setTimeout(120_000);
  clubList = await clubs(site.api);
  uiClubEmail = await registerConfirmed(site.api, clubList[0]!, { dataDir });
  await page.goto('/');
  await logIn(page, uiClubEmail);
  await page.goto('/challenge');

  // Estimate: saved, confirmed for a moment, shown again after a reload.
  const estimate = page.getByRole('form', { name: 'Deine Schätzung' });
  await estimate.getByRole('textbox').fill('12a');
  await estimate.getByRole('textbox').blur();
  await expect(estimate.getByText('Die Schätzung muss eine Zahl sein')).toBeVisible();
  await estimate.getByRole('textbox').fill('1250');
  await estimate.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Deine Schätzung wurde gespeichert.')).toBeVisible();
  await page.reload();
  // Shown as Germans write it (issue 24).
  await expect(page.getByRole('form', { name: 'Deine Schätzung' }).getByRole('textbox')).toHaveValue('1.250');

  // Slogan with markup: stored and later shown as text.
  const slogan = page.getByRole('form', { name: 'Dein Spruch' });
  await slogan.getByRole('textbox').fill('<b>Auf geht’s</b> & <script>alert(1)</script> – Eching!');
  await slogan.getByRole('button', { name: 'Spruch einreichen' }).click();
  await expect(page.getByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeVisible();

  // Hostile uploads are refused with the picture message; a real PNG goes through with progress.
  const picture = page.getByRole('form', { name: 'Dein Bild' });
  const failure = 'Da ist leider was schief gelaufen. Es sind JPEG, PNG, GIF oder WEBP erlaubt.';
  for (const file of [
    { name: 'jubel.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<html><body>kein Bild</body></html>') },
    {
      name: 'jubel.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
  ]) {
    await picture.locator('input[type=file]').setInputFiles(file);
    await expect(picture.getByText(file.name)).toBeVisible();
    await picture.getByRole('button', { name: 'Bild hochladen' }).click();
    await expect(page.getByText(failure)).toBeVisible();
  }
  await picture.locator('input[type=file]').setInputFiles({ name: 'jubel.png', mimeType: 'image/png', buffer: await pngBytes() });
  await picture.getByRole('button', { name: 'Bild hochladen' }).click();
  await expect(page.getByText('Dein Bild wird in Kürze freigeschaltet.')).toBeVisible();
});

test('submission window: the server refuses a second entry, a 30 MB upload and votes before the voting window', async () => {
  const headers = await clubHeaders(site.api, uiClubEmail);
  const second = await site.api.put('/api/challenge/particpation/e2e-spruch', { headers, data: { slogan: 'Noch einer' } });
  expect(second.status()).toBe(409);

  const presign = await site.api.post('/api/challenge/particpation/e2e-bild/createpresignedpost', {
    headers,
    data: { name: 'gross.jpg', contentType: 'image/jpeg' },
  });
  // The club already has its picture entry: no new upload key.
  expect([403, 409]).toContain(presign.status());

  const other = await registerConfirmed(site.api, clubList[1]!, { dataDir });
  const otherHeaders = await clubHeaders(site.api, other);
  const post = await site.api.post('/api/challenge/particpation/e2e-bild/createpresignedpost', {
    headers: otherHeaders,
    data: { name: 'gross.jpg', contentType: 'image/jpeg' },
  });
  expect(post.status(), await post.text()).toBe(200);
  const { data } = await post.json();
  // The server answers 413 before reading the body and closes the connection: the client sees
  // the 413 or a broken pipe, depending on how much it had written. Either way nothing is kept.
  const big = await site.api
    .post(data.url, {
      headers: await xsrfHeader(site.api),
      multipart: { ...data.fields, file: { name: 'gross.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(30 * 1024 * 1024, 0xff) } },
    })
    .then(
      (res) => String(res.status()),
      (error: Error) => (/EPIPE|ECONNRESET|socket hang up/.test(error.message) ? 'closed' : error.message),
    );
  expect(['413', 'closed']).toContain(big);
  const useIt = await site.api.put('/api/challenge/particpation/e2e-bild', {
    headers: otherHeaders,
    data: { picture: data.fields.key ?? 'x' },
  });
  expect(useIt.status()).toBeGreaterThanOrEqual(400);

  const search = await site.api.get(
    '/content/public/spaces/erd/objects/search?include=1&fields.challenge.id=e2e-spruch&from=0&size=10&sort=-createdAt',
  );
  expect((await search.json()).total).toBe(0);
});

test('an operator publishes the entries; unpublished ones stay invisible until then', async () => {
  // More clubs with slogans, through the API, so the list has more than one page.
  for (let i = 2; i < SLOGAN_CLUBS + 1; i++) {
    const email = await registerConfirmed(site.api, clubList[i]!, { dataDir });
    const res = await site.api.put('/api/challenge/particpation/e2e-spruch', {
      headers: await clubHeaders(site.api, email),
      data: { slogan: `Schlachtruf Nummer ${i}` },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
  const xsrf = await operatorLogin(site.api, OPERATOR);
  const pending: OperatorParticipationPageDto = await (await site.api.get('/api/operator/participations?state=pending&size=100')).json();
  expect(pending.total).toBe(SLOGAN_CLUBS + 1); // 12 slogans and one picture (estimates are not moderated)
  for (const item of pending.items) await publishEntry(site.api, xsrf, item.id);
  const search = await (
    await site.api.get('/content/public/spaces/erd/objects/search?include=1&fields.challenge.id=e2e-spruch&from=0&size=10&sort=-createdAt')
  ).json();
  expect(search.total).toBe(SLOGAN_CLUBS);
  expect(search.items[0].publishedAt).toEqual([{ spaceId: 'erd', state: 'published' }]);
  // Voting has not started yet.
  const early = await site.api.post('/api/votes', {
    headers: xsrf,
    data: { challengeId: 'e2e-spruch', participationId: search.items[0]._id },
  });
  expect(early.status()).toBe(403);
  expect((await early.json()).code).toBe('VotingClosed');
});

test('three days later (after a restart): visitors browse, sort, load more, open the lightbox and vote once', async ({ browser }) => {
  test.setTimeout(120_000);
  await site.restart({ CLOCK_OFFSET_DAYS: '3' });

  const page = await visitorPage(browser);

  // The page's own clock is real (three days before the server's): the voting window it shows
  // below, with the vote button, is the server's day, learnt from /config.json.
  // Browse the slogans: 10 of 12, load more, sort by popularity.
  await page.goto('/challenge/e2e-spruch');
  await expect(page.getByText('10 werden angezeigt von insgesamt 12')).toBeVisible();
  await page.getByRole('button', { name: 'Mehr laden' }).click();
  await expect(page.getByText('12 werden angezeigt von insgesamt 12')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mehr laden' })).toHaveCount(0);
  // The slogan with markup is shown as text, not as HTML.
  await expect(page.getByText('<b>Auf geht’s</b> & <script>alert(1)</script> – Eching!')).toBeVisible();

  // Vote for one slogan as an anonymous visitor (proof of work solved in the browser).
  await page.getByText('Schlachtruf Nummer 5').click();
  await expect(page).toHaveURL(/\/challenge\/e2e-spruch\/[^/]+$/);
  const voteButton = page.getByRole('button', { name: /Abstimmen/ });
  await voteButton.click();
  await expect(page.getByText(/^1$|1 Stimme/).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: /Abstimmen/ })).toHaveCount(0);
  // Reloaded: the browser remembers the vote and shows the plain count.
  await page.reload();
  await expect(page.getByRole('button', { name: /Abstimmen/ })).toHaveCount(0);
  // The server counts the same voter once, even without the local record.
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('bfv-vote-'))
      .forEach((k) => localStorage.removeItem(k)),
  );
  await page.reload();
  await page.getByRole('button', { name: /Abstimmen/ }).click();
  await expect(page.getByText(/1 Stimme|^1$/).first()).toBeVisible({ timeout: 20_000 });

  // Sort by popularity: the voted slogan comes first.
  await page.goto('/challenge/e2e-spruch');
  await page.getByRole('combobox', { name: 'Sortieren nach' }).click();
  await page.getByRole('option', { name: 'Beliebtheit' }).click();
  await expect(page.getByRole('combobox', { name: 'Sortieren nach' })).toContainText('Beliebtheit');
  await expect(page.getByRole('list', { name: 'Teilnahmen' }).getByRole('listitem').first()).toContainText('Schlachtruf Nummer 5');

  // The picture: open the lightbox and close it with the keyboard.
  await page.goto('/challenge/e2e-bild');
  await page
    .getByRole('link')
    .filter({ has: page.getByRole('img') })
    .first()
    .click();
  await page.getByRole('img').first().click();
  const lightbox = page.getByRole('dialog');
  await expect(lightbox).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  await page.context().close();

  // The estimate stayed private and the club's entries survived the restart.
  const token = await accessToken(site.api, uiClubEmail);
  const own = await (
    await site.api.get('/api/challenge/particpation/e2e-schaetzung', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(own.fields.estimate).toBe(1250);
});
