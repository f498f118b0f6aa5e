import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { memberRegistration } from '../../scripts/member-registration.mjs';
import { codeIn, waitForMail } from './mail';

export const PASSWORD = 'Anstoss#2026';

export interface ClubRef {
  id: string;
  name: string;
  clubnumber: string;
  team: 'm' | 'w';
}

async function contentBase(request: APIRequestContext): Promise<string> {
  const config = await (await request.get('/config.json')).json();
  return `${config.contentApi.base}/public/spaces/${config.contentApi.spaceId}`;
}

/** The club catalogue of the demo season, in the API's order. */
export async function clubs(request: APIRequestContext): Promise<ClubRef[]> {
  const base = await contentBase(request);
  const { items } = await (await request.get(`${base}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=100&from=0`)).json();
  return items.map((c: { sys: { id: string }; fields: { clubname: string; clubnumber: string; team: 'm' | 'w' } }) => ({
    id: c.sys.id,
    name: c.fields.clubname,
    clubnumber: c.fields.clubnumber,
    team: c.fields.team,
  }));
}

/** A club team as the back office names it: 'TSV Eching (Herren)'. */
export const clubLabel = (club: ClubRef) => `${club.name} (${club.team === 'm' ? 'Herren' : 'Damen'})`;

export const uniqueEmail = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@verein.example`;

/**
 * Registers and confirms an account through the content API (the browser journey is tested in
 * accounts.spec). `dataDir`: the data directory of the server `request` talks to (its outbox).
 */
export async function registerConfirmed(
  request: APIRequestContext,
  club: ClubRef,
  { email = uniqueEmail('club'), dataDir }: { email?: string; dataDir?: string } = {},
): Promise<string> {
  const base = await contentBase(request);
  const since = Date.now();
  const signup = await request.post(`${base}/frontend-users/signup`, {
    data: memberRegistration({ email, password: PASSWORD, clubId: club.id, city: '85386 Eching' }),
  });
  expect(signup.status(), await signup.text()).toBeLessThan(300);
  const code = codeIn(await waitForMail(email, since, /\d{6}/, dataDir));
  const confirm = await request.post(`${base}/frontend-users/signup/confirm`, { data: { email, code } });
  expect(confirm.status(), await confirm.text()).toBeLessThan(300);
  return email;
}

/**
 * Chooses the club team on the registration form (/registration): the club by its number, then its
 * team where the club has two (a club with one team is preselected).
 */
export async function chooseClubTeam(page: Page, club: ClubRef): Promise<void> {
  await page.goto('/registration');
  await page.getByRole('combobox', { name: 'Verein' }).fill(club.clubnumber);
  await page
    .getByRole('option', { name: new RegExp(club.name) })
    .first()
    .click();
  const team = page.getByRole('combobox', { name: 'Team' });
  if (/wählen/.test((await team.textContent()) ?? '')) {
    await team.click();
    await page.getByRole('option', { name: club.team === 'm' ? 'Herren' : 'Damen' }).click();
  }
}

/** Logs in through the login screen (SRP in the browser) and waits for the redirect. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('main').getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('main').getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Einloggen' }).click();
  await expect(page).toHaveURL(/\/(challenge|profil)$/, { timeout: 15_000 });
}

/**
 * 'Ausloggen' from the menu, once the page has settled. A remote still loading can re-render the
 * header and close a menu opened too early, and 'networkidle' does not always wait for it (the
 * journey's first try once waited out its 2 minutes on a closed menu): the menu is opened again
 * until its 'Ausloggen' shows, as a person would.
 */
export async function logOutFromMenu(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const logOut = page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('button', { name: 'Ausloggen' });
  await expect(async () => {
    if (!(await logOut.isVisible())) await page.getByRole('button', { name: 'Menü öffnen' }).click({ timeout: 2_000 });
    await expect(logOut).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await logOut.click();
  await expect(page).toHaveURL(/\/$/);
}
