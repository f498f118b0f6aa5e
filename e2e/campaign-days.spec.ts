import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChallengeDto, SpaceDataDto, VoteChallengeDto } from '@erd/shared-contracts/wire';
import { expect, test } from './support/fixtures';
import { startOwnServer, type OwnServer } from './support/own-server';

/**
 * Issue 24, buttons that follow the phase: the demo season (server/season/demo, as `npm start`
 * imports it) on every day from the day before its first challenge to the day after its last,
 * seen by a visitor. The page's clock is moved, the server's data stays: 'Läuft gerade' lists
 * exactly the challenges open that day, each with its phase and only the actions that fit it
 * (no 'TEILNEHMEN' after submission closed, 'ABSTIMMEN' only while voting), the hero offers
 * 'Jetzt abstimmen' only while a vote runs, and after the season the hero and the footer lead to
 * the final standings; on the challenge overview 'Teilnehmen' shows only while the club can
 * still enter and, with no results published, no 'ERGEBNISSE' but when they come. The expectations are written here from the season's dates, independently
 * of the pages' own rule (contracts campaign.ts).
 */
test.describe.configure({ mode: 'serial' });
const PORT = 3335;
test.use({ baseURL: `http://localhost:${PORT}` });

const dataDir = path.join(os.tmpdir(), 'erd-e2e-campaign-days-data');
let server: OwnServer;
let challenges: ChallengeDto[];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(dataDir, { recursive: true, force: true });
  // No SEASON_DIR: the demo season, imported on the first start.
  server = await startOwnServer({ port: PORT, dataDir });
  const config = await (await fetch(`${server.baseURL}/config.json`)).json();
  const space: SpaceDataDto = await (
    await fetch(`${server.baseURL}${config.contentApi.base}/public/spaces/${config.contentApi.spaceId}/spacedata?include=4`)
  ).json();
  challenges = space.year.fields.challenges;
});

test.afterAll(async () => {
  await server?.stop();
});

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const isVote = (c: ChallengeDto): c is VoteChallengeDto =>
  c.sys.objectTypeId === 'bfv-erd-picture-vote' || c.sys.objectTypeId === 'bfv-erd-text-vote';

/** What a visitor should see on `day` for a challenge open that day: its phase and its buttons. */
function expected(c: ChallengeDto, day: string): { phase: string; buttons: string[] } {
  if (!isVote(c)) return { phase: 'Läuft', buttons: ['TEILNEHMEN'] };
  const f = c.fields;
  if (f.startDateSubmission <= day && day <= f.endDateSubmission) return { phase: 'Einreichen', buttons: ['TEILNEHMEN', 'STÖBERN'] };
  return { phase: 'Abstimmung', buttons: ['ABSTIMMEN'] };
}

test('on every day of the demo season the home page offers what fits the phase', async ({ page }) => {
  test.setTimeout(600_000);
  const first = challenges.map((c) => c.fields.startDate).sort()[0]!;
  const last = challenges
    .map((c) => c.fields.endDate)
    .sort()
    .at(-1)!;
  const running = page.getByTestId('running-challenge');
  const hero = page.locator('section[aria-labelledby="home-hero-title"]');
  const footer = page.getByRole('contentinfo');
  let checked = 0;
  for (let day = addDays(first, -1); day <= addDays(last, 1); day = addDays(day, 1)) {
    // Noon in Berlin on `day` (summer or winter time alike).
    await page.clock.setFixedTime(new Date(`${day}T10:00:00Z`));
    await page.goto('/');
    const open = challenges.filter((c) => c.fields.startDate <= day && day <= c.fields.endDate);
    const voting = challenges.some((c) => isVote(c) && c.fields.startDateVoting <= day && day <= c.fields.endDateVoting);
    await expect(
      hero.getByRole('link', { name: 'JETZT MITMACHEN' }).or(hero.getByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' })),
    ).toBeVisible();
    await expect(running, day).toHaveCount(open.length);
    for (const [i, c] of open.entries()) {
      const tile = running.nth(i);
      const want = expected(c, day);
      await expect(tile.getByRole('heading'), day).toContainText(c.fields.teasertitle ?? c.fields.headline);
      await expect(tile.getByTestId('running-phase'), `${day} ${c.sys.id}`).toHaveText(want.phase);
      await expect(tile.getByTestId('running-countdown'), `${day} ${c.sys.id}`).toContainText(/noch \d+ (Tag|Tage|Stunde|Stunden)/);
      await expect(tile.getByRole('link'), `${day} ${c.sys.id}`).toHaveText(want.buttons);
    }
    await expect(hero.getByRole('link', { name: /^Jetzt abstimmen$/i }), day).toHaveCount(voting ? 1 : 0);
    const over = day > last;
    await expect(hero.getByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' }), day).toHaveCount(over ? 1 : 0);
    await expect(footer.getByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' }), day).toHaveCount(over ? 1 : 0);

    // The challenge overview: 'Teilnehmen' only while the club can still enter, never 'ERGEBNISSE'
    // (no results are published in this season), a note instead once a challenge has ended.
    await page.goto('/challenge');
    await expect(page.getByRole('heading', { name: 'Alle Challenges' })).toBeVisible();
    // Before the season the spec's 'starting soon' teaser invites to register with its own 'Teilnehmen'.
    const entering = open.filter((c) => expected(c, day).buttons.includes('TEILNEHMEN')).length + (day < first ? 1 : 0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Teilnehmen', exact: true }), day).toHaveCount(entering);
    await expect(page.getByRole('main').getByRole('link', { name: 'ERGEBNISSE' }), day).toHaveCount(0);
    const ended = challenges.filter((c) => c.fields.endDate < day).length;
    await expect(page.getByRole('main').getByText(/^Ergebnisse (ab \d+\.\d+\.|folgen in Kürze)$/), day).toHaveCount(ended);
    checked++;
  }
  expect(checked).toBeGreaterThan(60);
});

test('after the season the footer and the hero lead to the final standings', async ({ page }) => {
  const last = challenges
    .map((c) => c.fields.endDate)
    .sort()
    .at(-1)!;
  await page.clock.setFixedTime(new Date(`${addDays(last, 1)}T10:00:00Z`));
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' }).click();
  await expect(page).toHaveURL(/\/tabelle$/);
  await expect(page.getByRole('heading', { name: 'Gesamttabelle' })).toBeVisible();
});
