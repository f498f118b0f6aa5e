import type { ChallengeDto, SpaceDataDto } from '@erd/shared-contracts/wire';
import { openDatabase } from '../../db/client.js';
import { copySeason, createTestApp, type TestApp } from '../../test-support/app.js';
import type { TestDatabase } from '../../test-support/db.js';
import { seedEstimateEntry } from '../../test-support/seed.js';
import { publishChallengeResults } from '../results/service.js';
import { importSeason } from '../season/service.js';

/**
 * Issue 24 in the public space data (PGlite and PostgreSQL): the season's campaign
 * (`year.fields.campaign`), every challenge's `resultsPublished` and its `resultsDate`. Publishing
 * a challenge's results shows in the cached space data at once on this instance (the old ETag no
 * longer matches) and on another instance of the same database once the notification arrived.
 */

const NOW = new Date('2026-06-15T10:00:00Z');
const SPACE = '/content/public/spaces/erd/spacedata?include=4';
const actor = { operatorId: null, name: 'cli:test' };

let t: TestApp;
let second: TestApp;
let secondDatabase: TestDatabase | null = null;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const dir = copySeason((season) => {
    const year = season.year as Record<string, unknown>;
    year.campaign = {
      claim: 'Vier Challenges, eine Tabelle: Bring deinen Verein nach oben!',
      subline: 'Jede Challenge bringt Punkte.',
      prize: 'Ein Trikotsatz für die ganze Mannschaft',
      image: 'assets/teaser.svg',
    };
    const list = season.challenges as Array<Record<string, unknown>>;
    list.find((c) => c.id === 'challenge-picture')!.resultsDate = 'today+12';
  });
  await importSeason({ ctx: t.ctx, input: { dir } });
  await seedEstimateEntry(t.ctx.db, { id: 'p-estimate', challengeId: 'challenge-estimate', clubId: 'club-100-m', estimate: 1200 });
  if (t.database.url) {
    const opened = await openDatabase({ databaseUrl: t.database.url });
    secondDatabase = { ...opened, url: t.database.url, destroy: () => opened.close() };
  }
  second = await createTestApp({ now: NOW, database: secondDatabase ?? t.database });
});
afterAll(async () => {
  await second.close();
  await secondDatabase?.destroy();
  await t.close();
});

const spaceData = async (app: TestApp, headers: Record<string, string> = {}) => app.app.inject({ url: SPACE, headers });
const challengeOf = (data: SpaceDataDto, id: string): ChallengeDto => data.year.fields.challenges.find((c) => c.sys.id === id)!;
const publishedOf = (data: SpaceDataDto) =>
  Object.fromEntries(data.year.fields.challenges.map((c) => [c.sys.id, c.fields.resultsPublished]));

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > 5000) throw new Error('not within 5 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('the space data carries the campaign, every challenge’s resultsPublished and a resultsDate where set', async () => {
  const res = await spaceData(t);
  expect(res.statusCode).toBe(200);
  const data = res.json<SpaceDataDto>();
  expect(data.year.fields.campaign).toEqual({
    claim: 'Vier Challenges, eine Tabelle: Bring deinen Verein nach oben!',
    subline: 'Jede Challenge bringt Punkte.',
    prize: 'Ein Trikotsatz für die ganze Mannschaft',
    image: {
      fields: {
        file: { url: expect.stringMatching(/^\/media\/teaser\.[0-9a-f]{16}\.svg$/), contentType: 'image/svg+xml', width: 640, height: 360 },
      },
    },
  });
  expect(publishedOf(data)).toEqual({
    'challenge-estimate': false,
    'challenge-picture': false,
    'challenge-goals': false,
    'challenge-text': false,
  });
  expect(challengeOf(data, 'challenge-picture').fields.resultsDate).toBe('2026-06-27');
  expect('resultsDate' in challengeOf(data, 'challenge-estimate').fields).toBe(false);
  // The right answer stays secret as before.
  expect(JSON.stringify(data)).not.toContain('1234');
});

test('publishing results shows in the cached space data at once, and on a second instance after the notification', async () => {
  const before = await spaceData(t);
  const etag = before.headers.etag as string;
  expect((await spaceData(t, { 'if-none-match': etag })).statusCode).toBe(304);
  expect(publishedOf((await spaceData(second)).json<SpaceDataDto>())['challenge-estimate']).toBe(false);

  await publishChallengeResults({ ctx: t.ctx, input: { challengeId: 'challenge-estimate', body: { expectedVersion: 0 }, actor } });

  const after = await spaceData(t, { 'if-none-match': etag });
  expect(after.statusCode).toBe(200);
  expect(after.headers.etag).not.toBe(etag);
  expect(publishedOf(after.json<SpaceDataDto>())).toEqual({
    'challenge-estimate': true,
    'challenge-picture': false,
    'challenge-goals': false,
    'challenge-text': false,
  });
  await eventually(async () => publishedOf((await spaceData(second)).json<SpaceDataDto>())['challenge-estimate'] === true);

  // One object by id says it too.
  const one = await t.app.inject({ url: '/content/public/spaces/erd/objects/challenge-estimate' });
  expect(one.json<ChallengeDto>().fields.resultsPublished).toBe(true);
});
