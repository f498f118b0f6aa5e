import { expect, test } from './support/fixtures';

test('a visitor sees every challenge by its time state, with #n, dd.MM dates, prizes and points', async ({ page }) => {
  await page.goto('/challenge');
  for (const n of ['#1', '#2', '#3', '#4']) await expect(page.getByText(n, { exact: true }).first()).toBeVisible();
  // #1 is finished, its results not yet published: no 'ERGEBNISSE' to an empty table, but when
  // they come (issue 24), and no participation.
  await expect(page.getByRole('link', { name: 'ERGEBNISSE' })).toHaveCount(0);
  await expect(page.getByText('Ergebnisse folgen in Kürze')).toBeVisible();
  // Challenges that still take entries offer 'Teilnehmen' to the login (#3 goals, #4 slogans; #2 votes).
  const join = page.getByRole('link', { name: 'Teilnehmen' });
  await expect(join).toHaveCount(2);
  await expect(join.first()).toHaveAttribute('href', '/login');
  await expect(page.getByText(/\d{2}\.\d{2} – \d{2}\.\d{2}/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Punkteverteilung' })).toBeVisible();
  await expect(page.getByText('Jeder weitere teilnehmende Verein')).toBeVisible();
  await page.getByRole('link', { name: 'Zur Tabelle' }).click();
  await expect(page).toHaveURL(/\/tabelle$/);
});

test('the club page shows a club of the catalogue; an unknown club shows the 404 screen in place', async ({ page, request }) => {
  const config = await (await request.get('/config.json')).json();
  const base = `${config.contentApi.base}/public/spaces/${config.contentApi.spaceId}`;
  const { items } = await (await request.get(`${base}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=100&from=0`)).json();
  const withLogo = items.find((c: { fields: { logourl?: string } }) => c.fields.logourl);
  await page.goto(`/club/${withLogo.sys.id}`);
  await expect(page.getByRole('heading', { level: 1, name: withLogo.fields.clubname })).toBeVisible();
  await expect(page.getByText(withLogo.fields.team === 'm' ? 'Herren' : 'Damen', { exact: true })).toBeVisible();
  await expect(page.getByText('Noch keine Punkte – die erste Wertung kommt bald.')).toBeVisible();
  await expect(page).toHaveTitle(withLogo.fields.clubname);
});
