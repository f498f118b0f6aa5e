import { approveAgeGate, expect, failedLoads, test } from './support/fixtures';
import { chooseClubTeam, clubs, logIn, logOutFromMenu, PASSWORD, registerConfirmed, uniqueEmail } from './support/accounts';
import { codeIn, magicLinkIn, waitForMail } from './support/mail';

// Wrong passwords and codes are HTTP 400s on purpose; Chromium logs those as failed resources.
test.use({ allowConsoleErrors: failedLoads(400, 401, 404, 409) });

/** Clubs with accents, so the search proves "fussen" finds "Füssen"; a retry takes the next one. */
const JOURNEY_CLUBS = [
  { search: 'fussen', name: /FC Füssen/ },
  { search: 'toging', name: /FC Töging/ },
  { search: 'schaftlarn', name: /TSV Schäftlarn/ },
];

test('the whole journey of a club account, from registration to deletion', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const club = JOURNEY_CLUBS[testInfo.retry % JOURNEY_CLUBS.length]!;
  const email = uniqueEmail('journey');
  const main = page.getByRole('main');

  // Registration: club search by an accent-free spelling, team preselected or chosen.
  await page.goto('/registration');
  await main.getByLabel('Vorname').fill('Erika');
  await main.getByLabel('Nachname').fill('Musterfrau');
  await main.getByLabel('Straße & Hausnummer').fill('Hauptstraße 1');
  await main.getByLabel('Postleitzahl & Ort').fill('87629 Füssen');
  await page.getByRole('combobox', { name: 'Verein' }).fill(club.search);
  await page.getByRole('option', { name: club.name }).first().click();
  const team = page.getByRole('combobox', { name: 'Team' });
  if (/wählen/.test((await team.textContent()) ?? '')) {
    await team.click();
    await page.getByRole('option', { name: 'Herren' }).click();
  }
  await main.getByLabel('E-Mail-Adresse').fill(email);
  await main.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await main.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Teilnahmebedingungen/ }).check();
  const since = Date.now();
  await page.getByRole('button', { name: 'Registrieren' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  const mail = await waitForMail(email, since, /\d{6}/);
  const code = codeIn(mail);

  // A wrong code is refused; the same e-mail registered again must be confirmed first.
  await main.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  const other = await browser.newPage();
  await approveAgeGate(other);
  await other.goto('/login');
  await other.getByRole('main').getByLabel('E-Mail-Adresse').fill(email);
  await other.getByRole('main').getByLabel('Passwort').fill(PASSWORD);
  await other.getByRole('button', { name: 'Einloggen' }).click();
  await expect(other.getByText('E-Mail-Adresse oder Passwort falsch.')).toBeVisible();
  await other.close();

  // The mailed magic link fills in e-mail and code, confirms, and is removed from the URL.
  const magic = magicLinkIn(mail);
  expect(magic).not.toBeNull();
  await page.goto(new URL(magic!).pathname + new URL(magic!).search);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  // Wrong password, then the right one (SRP in the browser).
  await main.getByLabel('E-Mail-Adresse').fill(email);
  await main.getByLabel('Passwort').fill('Falsch#2026');
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByText('E-Mail-Adresse oder Passwort falsch.')).toBeVisible();
  await main.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/challenge$/);
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('bfv-erd-session') ?? '{}').state);
  expect(session.status).toBe('LOGGED_IN');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider')))).toEqual([]);

  // Guard: a logged-in user is sent from /login to /profil. Edit the profile.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/profil$/);
  await main.getByLabel('Vorname').fill('Erika Maria');
  await main.getByLabel('Telefon (optional)').fill('08362 123456');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Deine Daten wurden erfolgreich aktualisiert.')).toBeVisible();
  await page.reload();
  await expect(main.getByLabel('Vorname')).toHaveValue('Erika Maria');

  // Change the password in the profile (an empty one would keep the old password).
  const profilePassword = 'Profil#Wechsel7';
  await main.getByLabel('Neues Passwort (optional)').fill(profilePassword);
  await main.getByLabel('Neues Passwort wiederholen (optional)').fill(profilePassword);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Deine Daten wurden erfolgreich aktualisiert.')).toBeVisible();

  // Log out; the profile button stores the redirect; after login (new password) the user lands on /profil.
  await logOutFromMenu(page);
  await page.goto('/profil');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('banner').getByRole('link', { name: 'Profil' }).click();
  await main.getByLabel('E-Mail-Adresse').fill(email);
  await main.getByLabel('Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByText('E-Mail-Adresse oder Passwort falsch.')).toBeVisible();
  await main.getByLabel('Passwort').fill(profilePassword);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/profil$/);
  await logOutFromMenu(page);

  // Forgotten password: a wrong code is refused, the mailed one sets the new password.
  const newPassword = 'Neuer#Anpfiff9';
  await page.goto('/restore-password');
  await main.getByLabel('E-Mail-Adresse').fill(email);
  const resetSince = Date.now();
  await page.getByRole('button', { name: 'Code anfordern' }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  const resetCode = codeIn(await waitForMail(email, resetSince, /\d{6}/));
  await main.getByLabel('Code').fill(resetCode === '999999' ? '888888' : '999999');
  await main.getByLabel('Neues Passwort').fill(newPassword);
  await main.getByLabel('Passwort wiederholen').fill(newPassword);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await main.getByLabel('Code').fill(resetCode);
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, newPassword);

  // Delete the account: logged out, the notice, and the login no longer works.
  await page.goto('/delete');
  await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/delete-confirmation$/);
  await page.goto('/login');
  await main.getByLabel('E-Mail-Adresse').fill(email);
  await main.getByLabel('Passwort').fill(newPassword);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page.getByText('E-Mail-Adresse oder Passwort falsch.')).toBeVisible();
});

test('guards: a visitor is sent from /profil and /delete to /login', async ({ page }) => {
  for (const path of ['/profil', '/delete']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('one account per club entry, and a deleted account frees it', async ({ page, request }, testInfo) => {
  const list = await clubs(request);
  const club = list[20 + testInfo.retry]!;
  const first = await registerConfirmed(request, club);

  // Issue 24: the registration says so as soon as the club team is chosen, and cannot be sent for it.
  await chooseClubTeam(page, club);
  await expect(page.getByText('Für den gewählten Verein existiert bereits eine Anmeldung.')).toBeVisible();
  const main = page.getByRole('main');
  await main.getByLabel('Vorname').fill('Max');
  await main.getByLabel('Nachname').fill('Mustermann');
  await main.getByLabel('Straße & Hausnummer').fill('Weg 2');
  await main.getByLabel('Postleitzahl & Ort').fill('80331 München');
  await main.getByLabel('E-Mail-Adresse').fill(uniqueEmail('second'));
  await main.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await main.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Teilnahmebedingungen/ }).check();
  await expect(page.getByRole('button', { name: 'Registrieren' })).toBeDisabled();

  await logIn(page, first);
  await page.goto('/delete');
  await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page).toHaveURL(/\/delete-confirmation$/);
  await chooseClubTeam(page, club);
  await expect(page.getByText('Für deinen Verein und dein Team gibt es noch keine Anmeldung.', { exact: false })).toBeVisible();
  await registerConfirmed(request, club);
});

test('hostile input: overlong fields, a forged token, wrong codes until the limit', async ({ request }) => {
  const config = await (await request.get('/config.json')).json();
  const base = `${config.contentApi.base}/public/spaces/${config.contentApi.spaceId}`;
  const list = await clubs(request);
  const club = { id: list[30]!.id, linkType: 'Object', type: 'Link' };

  const overlong = await request.post(`${base}/frontend-users/signup`, {
    data: {
      email: uniqueEmail('long'),
      password: PASSWORD,
      fields: { firstname: 'x'.repeat(5000), lastname: 'M', street: 'S', city: 'C', club },
    },
  });
  expect(overlong.status()).toBe(400);
  expect((await overlong.json()).code).toBe('ValidationError');
  const badEmail = await request.post(`${base}/frontend-users/signup`, {
    data: { email: 'not an address', password: PASSWORD, fields: { firstname: 'E', lastname: 'M', street: 'S', city: 'C', club } },
  });
  expect(badEmail.status()).toBe(400);

  // A token signed by someone else, or with alg none, is refused.
  const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ sub: 'x', token_use: 'access', exp: 4102444800 })).toString('base64url');
  for (const token of [`${header}.${payload}.`, `${header}.${payload}.c2lnbmF0dXJl`]) {
    expect((await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  }

  // Wrong codes: after five wrong tries the code is dead, even the right one is refused.
  const email = uniqueEmail('codes');
  const since = Date.now();
  expect(
    (
      await request.post(`${base}/frontend-users/signup`, {
        data: { email, password: PASSWORD, fields: { firstname: 'E', lastname: 'M', street: 'S', city: 'C', club } },
      })
    ).status(),
  ).toBeLessThan(300);
  const code = codeIn(await waitForMail(email, since, /\d{6}/));
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i++) {
    expect((await request.post(`${base}/frontend-users/signup/confirm`, { data: { email, code: wrong } })).status()).toBe(400);
  }
  const late = await request.post(`${base}/frontend-users/signup/confirm`, { data: { email, code } });
  expect(late.status()).toBe(400);
});
