import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type {
  OperatorParticipationPageDto,
  PublishResultDto,
  ResultAuditPageDto,
  ResultPreviewDto,
  StandingRowDto,
} from '@erd/shared-contracts/wire';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { clubHeaders, WERBERAT_ALL_CONFIRMED, xsrfHeader } from './support/api-client';
import { clubs, registerConfirmed, type ClubRef } from './support/accounts';
import { expect, failedLoads, test, visitorPage } from './support/fixtures';
import { e2eDataDir, repoRoot } from './support/paths';
import { restartOwnSite, startFreshOwnSite, stopOwnSite, type OwnServer } from './support/own-server';

/**
 * A season ends, on a server of its own with e2e/results-season: five club entries (Herren and
 * Damen of the same club among them) enter an estimate and a slogan, an operator publishes the
 * slogans, visitors and clubs vote in the voting window, the clock moves past both challenges,
 * the operator records the right answer and publishes both. The standings, a challenge's table,
 * a club page and the sponsor's widget on another origin show the same places and points; a
 * correction with a reason changes all of them (the widget without a reload) and is in the audit log.
 */
test.describe.configure({ mode: 'serial' });
const PORT = 3270;
const FOREIGN_PORT = 3271;
test.use({
  baseURL: `http://localhost:${PORT}`,
  allowConsoleErrors: failedLoads(401, 403, 409),
});

const OPERATOR = { email: 'ergebnisse@punktejagd.example', password: 'Tabelle#Abpfiff2026' };
const dataDir = path.join(path.dirname(e2eDataDir), 'e2e-results-data');
const serverEnv = { SEASON_DIR: path.join(repoRoot, 'e2e/results-season') };
const ESTIMATE = 'e2e-ergebnis-schaetzung';
const SLOGAN = 'e2e-ergebnis-spruch';
const YEAR = 'year-e2e-ergebnisse';

let server: OwnServer;
let api: APIRequestContext;
let foreign: Server;

/** The five clubs that take part (A–E), their estimates (right answer 1000) and slogans. */
const PLAYERS = [
  { key: 'A', id: 'club-10214-m', estimate: 990 },
  { key: 'B', id: 'club-10214-w', estimate: 1010 },
  { key: 'C', id: 'club-10387-m', estimate: 1100 },
  { key: 'D', id: 'club-10501-w', estimate: 1500 },
  { key: 'E', id: 'club-10620-m', estimate: 900 },
] as const;
type Key = (typeof PLAYERS)[number]['key'];
const emails = new Map<Key, string>();
const entryOf = new Map<Key, string>();

async function restart(offsetDays: number) {
  ({ server, api } = await restartOwnSite(
    { server, api },
    { port: PORT, dataDir, env: { ...serverEnv, CLOCK_OFFSET_DAYS: String(offsetDays) } },
  ));
}

async function operatorContext(): Promise<{ ctx: APIRequestContext; headers: Record<string, string> }> {
  const ctx = await playwrightRequest.newContext({ baseURL: server.baseURL });
  const headers = await xsrfHeader(ctx);
  const login = await ctx.post('/api/operator/login', { headers, data: OPERATOR });
  expect(login.status(), await login.text()).toBe(200);
  return { ctx, headers };
}

const brief = (rows: StandingRowDto[]) => rows.map((r) => `${r.place}. ${r.club.clubname} ${r.club.team} ${r.points}`);

test.beforeAll(async () => {
  // A CLI run and a first start (migrations, season import) on two busy cores: more than a test's 30 s.
  test.setTimeout(120_000);
  ({ server, api } = await startFreshOwnSite({
    port: PORT,
    dataDir,
    env: { ...serverEnv, CLOCK_OFFSET_DAYS: '0' },
    operators: [OPERATOR],
  }));
  // The sponsor's page: another origin, no React, greedy styles, the widget refreshing every second.
  foreign = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Brauerei</title>
      <style>* { font-family: serif !important; color: red; } li { display: inline; }</style></head>
      <body><h1>Unsere Vereine</h1>
      <div data-punktejagd-standings data-limit="5" data-refresh="1"></div>
      <script src="http://localhost:${PORT}/remotes/mf_standings/embed.js" async></script></body></html>`);
  }).listen(FOREIGN_PORT, '127.0.0.1');
});

test.afterAll(async () => {
  await stopOwnSite({ server, api });
  await new Promise((resolve) => foreign?.close(resolve));
});

test('submission: five club entries enter an estimate and a slogan; the operator publishes the slogans', async () => {
  test.setTimeout(90_000);
  const catalogue: ClubRef[] = await clubs(api);
  for (const player of PLAYERS) {
    const club = catalogue.find((c) => c.id === player.id)!;
    const email = await registerConfirmed(api, club, { dataDir });
    emails.set(player.key, email);
    const headers = await clubHeaders(api, email);
    const estimate = await api.put(`/api/challenge/particpation/${ESTIMATE}`, { headers, data: { estimate: player.estimate } });
    expect(estimate.status(), await estimate.text()).toBe(200);
    const slogan = await api.put(`/api/challenge/particpation/${SLOGAN}`, {
      headers,
      data: { slogan: `Spruch von ${player.key}: Auf geht’s, ${club.name}!` },
    });
    expect(slogan.status(), await slogan.text()).toBe(200);
    entryOf.set(player.key, (await slogan.json())._id);
  }
  const { ctx, headers } = await operatorContext();
  const pending: OperatorParticipationPageDto = await (
    await ctx.get(`/api/operator/participations?state=pending&challengeId=${SLOGAN}`)
  ).json();
  expect(pending.total).toBe(5);
  for (const item of pending.items)
    expect((await ctx.post(`/api/operator/participations/${item.id}/publish`, { headers, data: WERBERAT_ALL_CONFIRMED })).status()).toBe(
      200,
    );
  await ctx.dispose();
});

test('voting window: clubs vote for each other, a visitor votes in the browser; publishing now is refused', async ({ browser }) => {
  test.setTimeout(90_000);
  await restart(1);
  // Club accounts vote (no proof of work for members), each from its own browser (cookie jar).
  const ballots: Array<[Key, Key[]]> = [
    ['A', ['D', 'C']],
    ['B', ['D', 'C', 'A']],
    ['C', ['D']],
    ['E', ['D']],
  ];
  for (const [voter, choices] of ballots) {
    const ctx = await playwrightRequest.newContext({ baseURL: server.baseURL });
    const headers = await clubHeaders(ctx, emails.get(voter)!);
    for (const choice of choices) {
      const vote = await ctx.post('/api/votes', { headers, data: { challengeId: SLOGAN, participationId: entryOf.get(choice) } });
      expect(vote.status(), await vote.text()).toBe(200);
    }
    await ctx.dispose();
  }
  // A visitor votes for C in the browser (the proof of work is solved there).
  const page = await visitorPage(browser);
  await page.goto(`/challenge/${SLOGAN}/${entryOf.get('C')}`);
  await page.getByRole('button', { name: /Abstimmen/ }).click();
  await expect(page.getByRole('button', { name: /Abstimmen/ })).toHaveCount(0, { timeout: 20_000 });
  await page.context().close();

  // The voting window is still open: the operator cannot publish the slogan table yet.
  const { ctx, headers } = await operatorContext();
  const early = await ctx.post(`/api/operator/results/challenges/${SLOGAN}/publish`, { headers, data: { expectedVersion: 0 } });
  expect(early.status()).toBe(409);
  expect(await early.json()).toMatchObject({ code: 'NotEnded', message: expect.stringContaining('veröffentlicht werden') });
  await ctx.dispose();
});

test('after the season: hostile publishing is refused and changes nothing; the operator records the answer and publishes both', async () => {
  await restart(3);
  const { ctx, headers } = await operatorContext();

  // Anonymous and club callers.
  const anonymous = await api.post(`/api/operator/results/challenges/${SLOGAN}/publish`, {
    headers: await xsrfHeader(api),
    data: { expectedVersion: 0 },
  });
  expect(anonymous.status()).toBe(401);
  const headersOfA = await clubHeaders(api, emails.get('A')!);
  expect(
    (await api.post(`/api/operator/results/challenges/${SLOGAN}/publish`, { headers: headersOfA, data: { expectedVersion: 0 } })).status(),
  ).toBe(401);
  expect(
    (await api.put(`/api/operator/results/challenges/${ESTIMATE}/answer`, { headers: headersOfA, data: { rightAnswer: 1 } })).status(),
  ).toBe(401);
  // Bad answers, unknown challenges, the estimate without its answer.
  for (const rightAnswer of ['1234567890', 'tausend', '-3', '12.5', '']) {
    const res = await ctx.put(`/api/operator/results/challenges/${ESTIMATE}/answer`, { headers, data: { rightAnswer } });
    expect([rightAnswer, res.status()]).toEqual([rightAnswer, 400]);
  }
  expect(
    (await ctx.post('/api/operator/results/challenges/gibt-es-nicht/publish', { headers, data: { expectedVersion: 0 } })).status(),
  ).toBe(404);
  const noAnswer = await ctx.post(`/api/operator/results/challenges/${ESTIMATE}/publish`, { headers, data: { expectedVersion: 0 } });
  expect(await noAnswer.json()).toMatchObject({ code: 'AnswerMissing', message: 'Trage zuerst die richtige Antwort ein.' });
  expect(await (await api.get(`/results/overall-${YEAR}.json`)).json()).toEqual([]);

  // The right answer, the preview, then both at once for the slogan (one version), the estimate.
  expect((await ctx.put(`/api/operator/results/challenges/${ESTIMATE}/answer`, { headers, data: { rightAnswer: '1000' } })).status()).toBe(
    200,
  );
  const preview: ResultPreviewDto = await (await ctx.get(`/api/operator/results/challenges/${ESTIMATE}/preview`)).json();
  expect(preview.canPublish).toBe(true);
  expect(brief(preview.rows)).toEqual([
    '1. TSV Eching m 100',
    '1. TSV Eching w 100',
    '3. SV Memmelsdorf m 65',
    '3. TSV Grünwald m 65',
    '5. FC Füssen w 50',
  ]);
  expect((await ctx.post(`/api/operator/results/challenges/${ESTIMATE}/publish`, { headers, data: { expectedVersion: 0 } })).status()).toBe(
    200,
  );
  const twice = await Promise.all(
    [0, 1].map(() => ctx.post(`/api/operator/results/challenges/${SLOGAN}/publish`, { headers, data: { expectedVersion: 0 } })),
  );
  expect(twice.map((r) => r.status()).sort()).toEqual([200, 409]);
  const versions = await (await ctx.get(`/api/operator/results/challenges/${SLOGAN}/versions`)).json();
  expect(versions.items).toHaveLength(1);

  const slogan: StandingRowDto[] = await (await api.get(`/results/challenge-${SLOGAN}.json`)).json();
  expect(brief(slogan)).toEqual([
    '1. FC Füssen w 100',
    '2. TSV Grünwald m 80',
    '3. TSV Eching m 65',
    '4. SV Memmelsdorf m 55',
    '4. TSV Eching w 55',
  ]);
  expect(slogan.map((r) => r.votes)).toEqual([4, 3, 1, 0, 0]);
  const overall: StandingRowDto[] = await (await api.get(`/results/overall-${YEAR}.json`)).json();
  expect(brief(overall)).toEqual([
    '1. TSV Eching m 165',
    '2. TSV Eching w 155',
    '3. FC Füssen w 150',
    '4. TSV Grünwald m 145',
    '5. SV Memmelsdorf m 120',
  ]);
  await ctx.dispose();
});

test('the public: standings with podium and team filter, a challenge table, a club page, the home page, the widget on another origin', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await visitorPage(browser);

  // The season is over: the header, the hero, the home page's challenge slot and the footer all lead
  // to the final standings (issue 24).
  await page.goto('/');
  const finalTable = page.getByRole('link', { name: /Abschlusstabelle/i });
  await expect(finalTable).toHaveCount(4);
  for (const link of await finalTable.all()) await expect(link).toHaveAttribute('href', '/tabelle');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Abschlusstabelle/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/tabelle$/);

  await expect(page.getByRole('heading', { name: 'Gesamttabelle', level: 1 })).toBeVisible();
  const podium = page.getByRole('list', { name: 'Podium' });
  await expect(podium.getByRole('listitem')).toHaveCount(3);
  await expect(podium.getByRole('listitem').nth(0)).toContainText('TSV Eching');
  await expect(podium.getByRole('listitem').nth(0)).toContainText('Herren');
  await expect(podium.getByRole('listitem').nth(0)).toContainText('165 Punkte');
  await expect(podium.getByRole('listitem').nth(1)).toContainText('Damen');
  await expect(podium.getByRole('listitem').nth(2)).toContainText('FC Füssen');
  const rest = page.getByRole('list', { name: 'Weitere Plätze' });
  await expect(rest.getByRole('listitem')).toHaveCount(2);
  await expect(rest.getByRole('listitem').nth(0)).toContainText('TSV Grünwald');
  await expect(rest.getByRole('listitem').nth(0)).toContainText('145 Punkte');

  // Damen only: places within the filter; the filter survives a reload.
  await page.getByRole('radio', { name: 'Damen' }).check();
  await expect(page).toHaveURL(/\/tabelle\?team=w$/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Damen' })).toBeChecked();
  await expect(podium.getByRole('listitem')).toHaveCount(2);
  await expect(podium.getByRole('listitem').nth(0)).toContainText('TSV Eching');
  await expect(podium.getByRole('listitem').nth(1)).toContainText('FC Füssen');
  await page.getByRole('radio', { name: 'Alle' }).check();
  await expect(page).toHaveURL(/\/tabelle$/);

  // The slogan's table through the link between the tables.
  await page.getByRole('link', { name: /Lautester Schlachtruf/ }).click();
  await expect(page).toHaveURL(new RegExp(`/tabelle/${SLOGAN}$`));
  await expect(podium.getByRole('listitem').nth(0)).toContainText('FC Füssen');
  await expect(podium.getByRole('listitem').nth(0)).toContainText('100 Punkte');
  await expect(page.getByRole('link', { name: 'Zur Gesamttabelle' })).toBeVisible();

  // A club page: overall place and points, a card per challenge, for a visitor: 'Schätzung'.
  await page.goto('/club/club-10387-m');
  await expect(page.getByRole('heading', { name: 'TSV Grünwald', level: 1 })).toBeVisible();
  await expect(page.getByText('Herren').first()).toBeVisible();
  const overall = page.getByRole('region', { name: 'Gesamtwertung' });
  await expect(overall).toContainText('4.');
  await expect(overall).toContainText('145');
  const estimateCard = page.getByRole('article', { name: /Zuschauer beim Derby/ });
  await expect(estimateCard).toContainText('Schätzung');
  await expect(estimateCard).not.toContainText('Deine Schätzung');
  await expect(estimateCard).toContainText('1.100');
  await expect(estimateCard).toContainText('1.000');
  const sloganCard = page.getByRole('article', { name: /Lautester Schlachtruf/ });
  await expect(sloganCard).toContainText('Spruch von C');
  await expect(sloganCard).toContainText('80');

  // On a phone (360 px) nothing is wider than the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  for (const url of ['/tabelle', `/tabelle/${SLOGAN}?team=m`, '/club/club-10214-w']) {
    await page.goto(url);
    await expect(page.getByRole('list', { name: 'Podium' }).or(page.getByRole('region', { name: 'Gesamtwertung' }))).toBeVisible();
    expect([url, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([url, 360]);
  }
  await page.context().close();

  // The sponsor's page on another origin.
  const sponsor = await browser.newPage();
  await sponsor.goto(`http://127.0.0.1:${FOREIGN_PORT}/`);
  const widget = sponsor.locator('[data-punktejagd-standings]');
  await expect(widget.getByRole('listitem')).toHaveCount(5);
  await expect(widget.getByRole('listitem').nth(0)).toContainText('TSV Eching');
  await expect(widget.getByRole('listitem').nth(0)).toContainText('165 Punkte');
  await expect(widget.getByRole('listitem').nth(2)).toContainText('FC Füssen');
  await sponsor.close();
});

test('a correction with a reason changes the tables, the club page and the widget (without a reload) and is in the audit log', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const sponsor = await browser.newPage();
  await sponsor.goto(`http://127.0.0.1:${FOREIGN_PORT}/`);
  const widget = sponsor.locator('[data-punktejagd-standings]');
  await expect(widget.getByRole('listitem').nth(2)).toContainText('FC Füssen');

  // Two of FC Füssen's four votes came from one burst: removed with a reason, then a new version.
  const { ctx, headers } = await operatorContext();
  const records = await (await ctx.get(`/api/operator/votes?participationId=${entryOf.get('D')}`)).json();
  const removal = await ctx.post('/api/operator/votes/remove', {
    headers,
    data: { ids: records.items.slice(0, 2).map((v: { id: number }) => v.id), reason: 'Zwei Stimmen aus einem Netz in einer Minute' },
  });
  expect(removal.status()).toBe(200);
  const preview: ResultPreviewDto = await (await ctx.get(`/api/operator/results/challenges/${SLOGAN}/preview`)).json();
  expect(preview).toMatchObject({ changed: true, canPublish: true, currentVersion: 1 });
  const noReason = await ctx.post(`/api/operator/results/challenges/${SLOGAN}/publish`, { headers, data: { expectedVersion: 1 } });
  expect(noReason.status()).toBe(400);
  const corrected = await ctx.post(`/api/operator/results/challenges/${SLOGAN}/publish`, {
    headers,
    data: { expectedVersion: 1, reason: 'Zwei Stimmen entfernt (Manipulation)' },
  });
  expect(corrected.status()).toBe(200);
  expect(((await corrected.json()) as PublishResultDto).challenge.version).toBe(2);

  const overall: StandingRowDto[] = await (await api.get(`/results/overall-${YEAR}.json`)).json();
  expect(brief(overall)).toEqual([
    '1. TSV Eching m 165',
    '1. TSV Grünwald m 165',
    '3. TSV Eching w 155',
    '4. FC Füssen w 130',
    '5. SV Memmelsdorf m 120',
  ]);

  // The widget on the sponsor's page follows by itself.
  await expect(widget.getByRole('listitem').nth(1)).toContainText('TSV Grünwald', { timeout: 25_000 });
  await expect(widget.getByRole('listitem').nth(3)).toContainText('130 Punkte');
  await sponsor.close();

  // The standings and the club page.
  const page = await visitorPage(browser);
  await page.goto('/tabelle');
  const podium = page.getByRole('list', { name: 'Podium' });
  await expect(podium.getByRole('listitem').nth(1)).toContainText('TSV Grünwald');
  await expect(podium.getByRole('listitem').nth(1)).toContainText(/geteilt/i);
  await page.goto('/club/club-10387-m');
  await expect(page.getByRole('region', { name: 'Gesamtwertung' })).toContainText('165');
  await page.context().close();

  // The audit log: the right answer, both publications and the correction with its reason.
  const audit: ResultAuditPageDto = await (await ctx.get('/api/operator/results/audit')).json();
  expect(audit.items.map((a) => [a.action, a.challengeId, a.reason])).toEqual([
    ['results-publish', SLOGAN, 'Zwei Stimmen entfernt (Manipulation)'],
    ['results-publish', SLOGAN, null],
    ['results-publish', ESTIMATE, null],
    ['results-answer', ESTIMATE, null],
  ]);
  const old = await (await ctx.get(`/api/operator/results/challenges/${SLOGAN}/versions`)).json();
  expect(old.items.map((v: { version: number; reason: string | null }) => [v.version, v.reason])).toEqual([
    [2, 'Zwei Stimmen entfernt (Manipulation)'],
    [1, null],
  ]);
  await ctx.dispose();
});
