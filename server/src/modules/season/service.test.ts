import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { challenges, clubs, identityUsers, moderationLog, profiles, publishedResults, site, years } from '../../db/schema/index.js';
import { copySeason, createTestApp, FIXTURE_SEASON, SERVER_ROOT, type TestApp } from '../../test-support/app.js';
import { storedMedia } from '../../test-support/media.js';
import { seedEstimateEntry, seedParticipation } from '../../test-support/seed.js';
import type { StandingRowDto } from '@erd/shared-contracts/wire';
import { publishChallengeResults, setRightAnswer } from '../results/service.js';
import { formatDifference } from './differences.js';
import {
  formatImportReport,
  hasUnwrittenDifferences,
  importSeason,
  SeasonValidationError,
  type ImportOptions,
  type ImportReport,
} from './service.js';

let t: TestApp;
// 2026-06-15 12:00 in Berlin.
const NOW = new Date('2026-06-15T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
});
afterAll(() => t.close());

const run = (dir: string, options: ImportOptions = {}): Promise<ImportReport> => importSeason({ ctx: t.ctx, input: { dir, ...options } });
/** What an import could change, to show that a run wrote nothing. */
const snapshot = async (db = t.ctx.db) => ({
  challenges: await db.select().from(challenges).orderBy(challenges.id),
  clubs: await db.select().from(clubs).orderBy(clubs.id),
  years: await db.select().from(years).orderBy(years.id),
  site: await db.select().from(site),
  audit: await db.select().from(moderationLog).orderBy(moderationLog.id),
});

async function problemsOf(dir: string): Promise<string[]> {
  try {
    await run(dir);
  } catch (error) {
    if (error instanceof SeasonValidationError) return error.problems;
    throw error;
  }
  throw new Error('import did not fail');
}

describe('importSeason', () => {
  test('imports the fixture: year, site, challenges in order with resolved dates, clubs, media', async () => {
    const report = await run(FIXTURE_SEASON);
    expect(report).toMatchObject({
      yearId: 'year-test',
      today: '2026-06-15',
      year: 'inserted',
      site: 'inserted',
      challenges: { inserted: 4, updated: 0, unchanged: 0, removed: 0 },
      clubs: { inserted: 4, updated: 0, unchanged: 0, removed: 0 },
      media: { stored: 3, reused: 0 },
    });

    const rows = await t.ctx.db.select().from(challenges).orderBy(challenges.position);
    expect(rows.map((r) => r.id)).toEqual(['challenge-estimate', 'challenge-picture', 'challenge-goals', 'challenge-text']);
    const picture = rows[1]!;
    expect(picture).toMatchObject({
      startDate: '2026-06-05',
      endDate: '2026-06-25',
      startDateSubmission: '2026-06-05',
      endDateSubmission: '2026-06-14',
      startDateVoting: '2026-06-15',
      endDateVoting: '2026-06-25',
      scoring: null,
      rightAnswer: null,
    });
    expect(rows[0]).toMatchObject({ startDate: '2026-03-01', endDate: '2026-03-31', rightAnswer: 1234, scoring: 'closest' });
    expect(rows[0]!.points).toHaveLength(9);
    expect(rows[0]!.points.at(-1)).toEqual({ fromPlace: 51, toPlace: null, points: 5 });
    expect(rows[2]).toMatchObject({ scoring: 'closest', rightAnswer: 42 });
    expect(rows[2]!.points).toEqual([
      { fromPlace: 1, toPlace: 1, points: 50 },
      { fromPlace: 2, toPlace: null, points: 10 },
    ]);

    // Images: local files are copied under content-hashed names; URLs are kept.
    const teaserImage = rows[0]!.teaserImage!;
    expect(teaserImage.fields.file).toEqual({
      url: expect.stringMatching(/^\/media\/teaser\.[0-9a-f]{16}\.svg$/),
      contentType: 'image/svg+xml',
      width: 640,
      height: 360,
    });
    // In DATA_DIR/media, or the database with PostgreSQL.
    expect((await storedMedia(t, teaserImage.fields.file.url))?.toString('utf8')).toContain('viewBox');
    expect(rows[0]!.prizes!.images[0]!.fields.file).toMatchObject({ contentType: 'image/png', width: 3, height: 2 });

    const [year] = await t.ctx.db.select().from(years);
    expect(year!.teasers.teaser2.images[1]).toEqual({
      fields: { file: { url: 'https://cdn.example.org/pics/b.png', contentType: 'image/png' } },
    });
    expect(year!.teasers.teaser2.description).toBe('Jede Teilnahme zählt.');

    const clubRows = await t.ctx.db.select().from(clubs).orderBy(clubs.id);
    expect(clubRows.map((c) => [c.id, c.clubname, c.team, c.search])).toEqual([
      ['club-100-m', 'TSV München-Süd', 'm', 'tsv munchen-sud 100'],
      ['club-100-w', 'TSV München-Süd', 'w', 'tsv munchen-sud 100'],
      ['club-200-m', 'FC Ober, Unter', 'm', 'fc ober, unter 200'],
      ['club-300-w', 'ASV Ärzteteam', 'w', 'asv arzteteam 300'],
    ]);
    expect(clubRows[0]!.logourl).toMatch(/^\/media\/tsv\.[0-9a-f]{16}\.svg$/);
    expect(clubRows[1]!.linkurl).toBeNull();
    expect(clubRows[2]!.logourl).toBeNull();
    expect(clubRows[3]!.logourl).toBe('https://cdn.example.org/logo.png');
  });

  test('markdown becomes rich text with raw HTML, images and unsafe links dropped', async () => {
    const [year] = await t.ctx.db.select().from(years);
    const text = JSON.stringify(year!.teasers.teaser1.text);
    expect(text).toContain('"type":"strong"');
    expect(text).not.toMatch(/script|alert/);
    const [siteRow] = await t.ctx.db.select().from(site);
    expect(siteRow!.currentYearId).toBe('year-test');
    const terms = JSON.stringify(siteRow!.terms);
    expect(terms).toContain('Teilnahmebedingungen');
    expect(terms).toContain('mailto:service@example.org');
    expect(terms).not.toMatch(/onclick|javascript|teaser\.svg|<div/);
    expect(siteRow!.imprint.children.map((c) => c.type)).toEqual(['heading', 'paragraph', 'thematicBreak', 'paragraph']);
  });

  test('is idempotent: importing the same input again changes nothing', async () => {
    const before = {
      challenges: await t.ctx.db.select().from(challenges).orderBy(challenges.id),
      clubs: await t.ctx.db.select().from(clubs).orderBy(clubs.id),
      years: await t.ctx.db.select().from(years),
      site: await t.ctx.db.select().from(site),
    };
    t.setNow(new Date('2026-06-15T20:00:00Z'));
    const report = await run(FIXTURE_SEASON);
    expect(report).toMatchObject({
      year: 'unchanged',
      site: 'unchanged',
      challenges: { inserted: 0, updated: 0, unchanged: 4, removed: 0 },
      clubs: { inserted: 0, updated: 0, unchanged: 4, removed: 0 },
      media: { stored: 0, reused: 3 },
      warnings: [],
    });
    expect({
      challenges: await t.ctx.db.select().from(challenges).orderBy(challenges.id),
      clubs: await t.ctx.db.select().from(clubs).orderBy(clubs.id),
      years: await t.ctx.db.select().from(years),
      site: await t.ctx.db.select().from(site),
    }).toEqual(before);
    t.setNow(NOW);
  });

  test('a re-import reports every field that differs and writes none of it; a dry run writes nothing; --overwrite writes them', async () => {
    await seedParticipation(t.ctx.db, { id: 'p1', challengeId: 'challenge-text', clubId: 'club-200-m' });
    const dir = copySeason((season) => {
      const list = season.challenges as Array<Record<string, unknown>>;
      list[0]!.headline = 'Schätzen neu';
      list[0]!.points = [
        { fromPlace: 1, toPlace: 1, points: 50 },
        { fromPlace: 2, toPlace: null, points: 10 },
      ];
      (season.year as { teaser1: Record<string, unknown> }).teaser1.headline = 'Neu';
      // drop challenge-goals (no participations) and challenge-text (has one): neither is deleted
      season.challenges = list.filter((c) => c.id !== 'challenge-goals' && c.id !== 'challenge-text');
    });
    fs.writeFileSync(path.join(dir, 'legal/imprint.md'), '# Anders\n');
    fs.writeFileSync(
      path.join(dir, 'clubs.csv'),
      'clubnumber,clubname,team,logourl,linkurl\n100,TSV München-Süd 1860,m,assets/logos/tsv.svg,https://tsv.example.org\n',
    );
    const before = await snapshot();

    const report = await run(dir);
    expect(report).toMatchObject({
      year: 'differs',
      site: 'differs',
      current: { before: 'year-test', after: 'year-test' },
      challenges: { inserted: 0, updated: 0, unchanged: 1, differing: 1, removed: 0, kept: 2 },
      clubs: { inserted: 0, updated: 0, unchanged: 0, differing: 3, removed: 0, kept: 1 },
      differencesApplied: false,
      notInFile: ['challenge-goals', 'challenge-text'],
      clubsInUseNotInList: ['club-200-m'],
      warnings: [],
    });
    expect(report.differences.map(formatDifference)).toEqual([
      'year year-test · teaser1.headline: "Bereit zu punkten?" → "Neu"',
      'challenge challenge-estimate · headline: "Schätzen" → "Schätzen neu"',
      'challenge challenge-estimate · points: 1.: 100, 2.: 80, 3.: 65, 4.: 55, 5.: 50, 6.–10.: 40, 11.–20… → 1.: 50, ab 2.: 10',
      'site · legal.imprint: "# Impressum ⏎ ⏎ Brauerei Beispiel ⏎ Musterstraße 1 ⏎ ⏎ --…" → "# Anders"',
      'club club-100-m · clubname: "TSV München-Süd" → "TSV München-Süd 1860"',
      'club club-100-w · (Eintrag): "TSV München-Süd" → (nicht mehr in der Liste)',
      'club club-300-w · (Eintrag): "ASV Ärzteteam" → (nicht mehr in der Liste)',
    ]);
    expect(hasUnwrittenDifferences(report)).toBe(true);
    expect(formatImportReport(report)).toEqual(
      expect.arrayContaining([
        'Differences (database → file), NOT written: 7; to write them run again with --overwrite',
        'Challenges of year-test not in the file (kept, an import deletes none): challenge-goals, challenge-text',
      ]),
    );
    expect(await snapshot()).toEqual(before);

    // A dry run, even with --overwrite, reports the same and writes nothing (no media either).
    const dry = await run(dir, { dryRun: true, overwrite: true });
    expect(dry).toMatchObject({ dryRun: true, differencesApplied: false, media: { stored: 0, reused: 0 }, clubs: { removed: 2, kept: 1 } });
    expect(dry.differences).toEqual(report.differences);
    expect(formatImportReport(dry)[0]).toMatch(/^Dry run \(nothing written\): would import year-test/);
    expect(await snapshot()).toEqual(before);

    const written = await run(dir, { overwrite: true });
    expect(written).toMatchObject({
      year: 'updated',
      site: 'updated',
      differencesApplied: true,
      challenges: { inserted: 0, updated: 1, unchanged: 1, differing: 1, removed: 0, kept: 2 },
      clubs: { updated: 1, removed: 2, kept: 1 },
    });
    expect(written.differences).toEqual(report.differences);
    expect(hasUnwrittenDifferences(written)).toBe(false);
    expect(written.warnings).toEqual([expect.stringContaining('club-200-m')]);
    const ids = (await t.ctx.db.select({ id: challenges.id }).from(challenges)).map((r) => r.id).sort();
    expect(ids).toEqual(['challenge-estimate', 'challenge-goals', 'challenge-picture', 'challenge-text']);
    const [estimate] = await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'challenge-estimate'));
    expect(estimate!.headline).toBe('Schätzen neu');
    expect(estimate!.updatedAt.getTime()).toBe(NOW.getTime());
    const clubIds = (await t.ctx.db.select({ id: clubs.id }).from(clubs)).map((r) => r.id).sort();
    expect(clubIds).toEqual(['club-100-m', 'club-200-m']);
    expect((await t.ctx.db.select().from(site))[0]!.imprintMarkdown).toBe('# Anders\n');

    // Written: nothing differs any more; the club in use is listed, not a difference.
    const again = await run(dir);
    expect(again).toMatchObject({ differences: [], clubsInUseNotInList: ['club-200-m'], year: 'unchanged', site: 'unchanged' });
    expect(hasUnwrittenDifferences(again)).toBe(false);
    await run(FIXTURE_SEASON, { overwrite: true });
  });

  test('a new challenge of the file is added without --overwrite (after the stored ones); one removed in the back office only with it', async () => {
    const dir = copySeason((season) => {
      const list = season.challenges as Array<Record<string, unknown>>;
      list.unshift({ ...list[0]!, id: 'challenge-new', headline: 'Neu vorn', rightAnswer: 7 });
    });
    const report = await run(dir);
    expect(report.challenges).toMatchObject({ inserted: 1, unchanged: 0, differing: 4 });
    expect(report.differences.map(formatDifference)).toEqual([
      'challenge challenge-estimate · position: #1 → #2',
      'challenge challenge-picture · position: #2 → #3',
      'challenge challenge-goals · position: #3 → #4',
      'challenge challenge-text · position: #4 → #5',
    ]);
    const [added] = await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'challenge-new'));
    expect(added).toMatchObject({ yearId: 'year-test', position: 4, headline: 'Neu vorn' });

    // An operator removes it in the back office (audited): a re-import does not bring it back.
    await t.ctx.db.delete(challenges).where(eq(challenges.id, 'challenge-new'));
    await t.ctx.db.insert(moderationLog).values({
      action: 'season-challenge-remove',
      operatorId: null,
      actor: 'admin@example.org',
      subjectType: 'challenge',
      subjectId: 'challenge-new',
      reason: null,
      details: {},
      at: NOW,
    });
    const removed = await run(dir);
    expect(removed.challenges.inserted).toBe(0);
    expect(removed.differences.map(formatDifference)).toContain(
      'challenge challenge-new · (Eintrag): (im Back Office entfernt) → "Neu vorn"',
    );
    expect(await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'challenge-new'))).toEqual([]);
    const back = await run(dir, { overwrite: true });
    expect(back.challenges.inserted).toBe(1);
    const order = (await t.ctx.db.select().from(challenges).orderBy(challenges.position)).map((r) => r.id);
    expect(order).toEqual(['challenge-new', 'challenge-estimate', 'challenge-picture', 'challenge-goals', 'challenge-text']);
    await t.ctx.db.delete(challenges).where(eq(challenges.id, 'challenge-new'));
    await run(FIXTURE_SEASON, { overwrite: true });
    expect((await t.ctx.db.select().from(challenges).orderBy(challenges.position)).map((r) => r.position)).toEqual([0, 1, 2, 3]);
  });

  test('a withdrawn challenge stays withdrawn, also with --overwrite', async () => {
    const at = new Date('2026-06-10T08:00:00Z');
    await t.ctx.db
      .update(challenges)
      .set({ withdrawnAt: at, withdrawnReason: 'Sponsor abgesprungen' })
      .where(eq(challenges.id, 'challenge-goals'));
    const dir = copySeason((season) => {
      (season.challenges as Array<Record<string, unknown>>)[2]!.headline = 'Tore neu';
    });
    const report = await run(dir, { overwrite: true });
    expect(report.withdrawn).toEqual(['challenge-goals']);
    expect(formatImportReport(report)).toContain('Withdrawn challenges (stay withdrawn): challenge-goals');
    const [goals] = await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'challenge-goals'));
    expect(goals).toMatchObject({ headline: 'Tore neu', withdrawnAt: at, withdrawnReason: 'Sponsor abgesprungen' });
    await t.ctx.db.update(challenges).set({ withdrawnAt: null, withdrawnReason: null }).where(eq(challenges.id, 'challenge-goals'));
    await run(FIXTURE_SEASON, { overwrite: true });
  });

  test('keeps a club entry that an account is registered for', async () => {
    const sub = '00000000-0000-4000-a000-000000000001';
    await t.ctx.db.insert(identityUsers).values({ sub, email: 'verein@example.org', salt: '00', verifier: '01' });
    await t.ctx.db.insert(profiles).values({ sub, clubId: 'club-100-m', firstname: 'A', lastname: 'B', street: 'C', city: 'D' });
    const dir = copySeason();
    fs.writeFileSync(path.join(dir, 'clubs.csv'), 'clubnumber,clubname,team,logourl,linkurl\n300,ASV Ärzteteam,w,,\n');
    const report = await run(dir, { overwrite: true });
    expect(report.clubs.kept).toBe(2);
    expect(report.warnings).toEqual(expect.arrayContaining([expect.stringContaining('club-100-m')]));
    const clubIds = (await t.ctx.db.select({ id: clubs.id }).from(clubs)).map((r) => r.id).sort();
    expect(clubIds).toEqual(['club-100-m', 'club-200-m', 'club-300-w']);
  });

  test('reads clubs.csv as German Excel saves it (Windows-1252, ";"): the umlauts arrive, no U+FFFD', async () => {
    const dir = copySeason();
    fs.writeFileSync(
      path.join(dir, 'clubs.csv'),
      Buffer.from('clubnumber;clubname;team;logourl;linkurl\r\n300;ASV Ärzteteam Würzburg;w;;\r\n', 'latin1'),
    );
    await run(dir, { overwrite: true });
    const [row] = await t.ctx.db.select({ clubname: clubs.clubname }).from(clubs).where(eq(clubs.id, 'club-300-w'));
    expect(row!.clubname).toBe('ASV Ärzteteam Würzburg');
  });

  test("the operator's right answer survives an import that leaves it out; a published one no import changes", async () => {
    await run(FIXTURE_SEASON, { overwrite: true });
    const answerOf = async () => (await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'challenge-estimate')))[0]!.rightAnswer;
    const audits = async () =>
      (
        await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.challengeId, 'challenge-estimate')).orderBy(moderationLog.id)
      ).map((r) => [r.actor, r.details.after]);
    await setRightAnswer({
      ctx: t.ctx,
      input: { challengeId: 'challenge-estimate', body: { rightAnswer: 1300 }, actor: { operatorId: null, name: 'cli:test' } },
    });

    const without = copySeason((season) => {
      delete (season.challenges as Array<Record<string, unknown>>)[0]!.rightAnswer;
    });
    expect((await run(without)).warnings).toEqual([]);
    expect(await answerOf()).toBe(1300);

    const changed = copySeason((season) => {
      (season.challenges as Array<Record<string, unknown>>)[0]!.rightAnswer = 1500;
    });
    const reported = await run(changed);
    expect(reported.differences.map(formatDifference)).toEqual(['challenge challenge-estimate · rightAnswer: 1300 → 1500']);
    expect(await answerOf()).toBe(1300);
    await run(changed, { overwrite: true });
    expect(await answerOf()).toBe(1500);
    expect(await audits()).toEqual([
      ['cli:test', { rightAnswer: 1300, ranking: 'closest' }],
      ['import', { rightAnswer: 1500, scoring: 'closest' }],
    ]);

    await t.ctx.db
      .insert(publishedResults)
      .values({ kind: 'challenge', key: 'challenge-estimate', yearId: 'year-test', version: 1, rows: [], body: '[]', etag: '"x"' });
    const again = copySeason((season) => {
      (season.challenges as Array<Record<string, unknown>>)[0]!.rightAnswer = 1600;
    });
    const frozen = await run(again, { overwrite: true });
    expect(frozen.warnings).toEqual([expect.stringContaining('die Ergebnisse sind veröffentlicht')]);
    expect(frozen.differences).toEqual([]);
    expect(await answerOf()).toBe(1500);
    expect(await audits()).toHaveLength(2);
    await t.ctx.db.delete(publishedResults);
    await run(FIXTURE_SEASON, { overwrite: true });
  });

  test('reports every problem with the field it concerns', async () => {
    const dir = copySeason((season) => {
      const list = season.challenges as Array<Record<string, unknown>>;
      list[0]!.startDate = '2026-04-01'; // after endDate 2026-03-31
      list[1]!.startDateVoting = 'today-1'; // before endDateSubmission (today-1): must be later
      list[2]!.type = 'bfv-erd-unknown';
      list[3]!.id = 'challenge-estimate'; // duplicate
      (season.year as Record<string, unknown>).year = 'zwanzig';
    });
    let problems = await problemsOf(dir);
    expect(problems).toEqual([
      expect.stringMatching(/^season\.json: year\.year: /),
      expect.stringMatching(/^season\.json: challenges\[2\] \("challenge-goals"\)\.type: muss einer von bfv-erd-estimate/),
    ]);

    /** The fixture with broken dates, a doubled id, a missing picture and a path outside; `badPoints`: a wrong points row too. */
    const broken = (badPoints: boolean) =>
      copySeason((season) => {
        const list = season.challenges as Array<Record<string, unknown>>;
        list[0]!.startDate = '2026-04-01';
        list[1]!.startDateVoting = 'today-1';
        list[3]!.id = 'challenge-estimate';
        list[3]!.teaserImage = 'assets/missing.svg';
        list[2]!.startDateVoting = 'today';
        if (badPoints) list[0]!.points = [{ fromPlace: 2, toPlace: 1, points: 5 }];
        (season.legal as Record<string, unknown>).imprint = '../outside.md';
      });
    const dir2 = broken(true);
    problems = await problemsOf(dir2);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/challenges\[0\] \("challenge-estimate"\)\.points\[0\]\.fromPlace: muss 1 sein/),
        expect.stringMatching(/challenges\[0\] \("challenge-estimate"\)\.points\[0\]\.toPlace: muss >= fromPlace sein/),
      ]),
    );
    // zod problems stop before the semantic checks; fix the points and look again.
    const dir3 = broken(false);
    problems = await problemsOf(dir3);
    expect(problems).toEqual([
      'season.json: challenges[0] ("challenge-estimate"): startDate (2026-04-01) liegt nach endDate (2026-03-31)',
      'season.json: challenges[1] ("challenge-picture"): endDateSubmission (2026-06-14) muss vor startDateVoting (2026-06-14) liegen (Einreichung endet vor Beginn der Abstimmung)',
      'season.json: challenges[2] ("challenge-goals"): startDateVoting gibt es nur bei Abstimmungs-Challenges',
      'season.json: challenges[3] ("challenge-estimate").id: doppelte Challenge-ID "challenge-estimate"',
      'season.json: legal.imprint: "../outside.md" muss ein Pfad innerhalb des Season-Ordners sein',
      'season.json: challenges[3] ("challenge-estimate").teaserImage: Bild "assets/missing.svg" nicht gefunden',
    ]);
  });

  test('rejects bad date formats, missing vote dates and unknown fields', async () => {
    const dir = copySeason((season) => {
      const list = season.challenges as Array<Record<string, unknown>>;
      list[0]!.endDate = '31.03.2026';
      list[1]!.headlin = 'Tippfehler';
    });
    expect(await problemsOf(dir)).toEqual([
      'season.json: challenges[0] ("challenge-estimate").endDate: Datum als YYYY-MM-DD oder relativ als today, today+N, today-N angeben',
      expect.stringMatching(/^season\.json: challenges\[1\] \("challenge-picture"\): .*headlin/),
    ]);
    const dir2 = copySeason((season) => {
      const list = season.challenges as Array<Record<string, unknown>>;
      delete list[3]!.endDateVoting;
      list[0]!.endDate = '2026-02-30';
    });
    expect(await problemsOf(dir2)).toEqual([expect.stringMatching(/challenges\[0\].*endDate: Datum als YYYY-MM-DD/)]);
    const dir3 = copySeason((season) => {
      const list = season.challenges as Array<Record<string, unknown>>;
      delete list[3]!.endDateVoting;
    });
    expect(await problemsOf(dir3)).toEqual([
      'season.json: challenges[3] ("challenge-text"): endDateVoting fehlt (Pflicht bei bfv-erd-text-vote)',
    ]);
  });

  test('validates the clubs file', async () => {
    const dir = copySeason();
    fs.writeFileSync(
      path.join(dir, 'clubs.csv'),
      [
        'clubnumber,clubname,team,logourl,linkurl',
        '1,Eins,m,,',
        ',Ohne Nummer,m,,',
        '2,Zwei,x,,',
        '1,Eins doppelt,m,,',
        '3,Drei,w,assets/nope.png,ftp://x',
        '4,Vier \u202E(Damen),w,,',
      ].join('\n'),
    );
    expect(await problemsOf(dir)).toEqual([
      'clubs.csv Zeile 3: clubnumber darf nicht leer sein',
      'clubs.csv Zeile 4: team muss "m" oder "w" sein',
      'clubs.csv Zeile 5: Verein 1 mit team m steht schon in Zeile 2',
      'clubs.csv Zeile 6: linkurl muss leer oder eine http(s)-URL sein',
      'clubs.csv Zeile 7: clubname enthält Steuerzeichen der Schreibrichtung (z. B. U+202E); die sind nicht erlaubt.',
    ]);
    fs.writeFileSync(path.join(dir, 'clubs.csv'), 'nummer,name\n1,Eins\n');
    expect(await problemsOf(dir)).toEqual([
      expect.stringMatching(
        /^clubs\.csv: Kopfzeile muss "clubnumber,clubname,team,logourl,linkurl" sein; es fehlt: clubnumber, clubname, team, logourl, linkurl; unbekannt: nummer, name/,
      ),
    ]);
    fs.writeFileSync(path.join(dir, 'clubs.csv'), 'clubnumber,clubname,team,logourl,linkurl\n3,Drei,w,assets/nope.png,\n');
    expect(await problemsOf(dir)).toEqual(['clubs.csv Zeile 2: logourl: Bild "assets/nope.png" nicht gefunden']);
  });

  test('a missing folder or broken JSON is reported, not thrown raw', async () => {
    expect(await problemsOf(path.join(FIXTURE_SEASON, 'nope'))).toEqual([expect.stringMatching(/^season\.json: Datei nicht gefunden/)]);
    const dir = copySeason();
    fs.writeFileSync(path.join(dir, 'season.json'), '{ "year": ');
    expect(await problemsOf(dir)).toEqual([expect.stringMatching(/^season\.json: kein gültiges JSON/)]);
  });
});

const DEMO = path.join(SERVER_ROOT, 'season/demo');
(fs.existsSync(path.join(DEMO, 'season.json')) ? test : test.skip)('the demo season in server/season/demo imports', async () => {
  const other = await createTestApp({ now: NOW });
  try {
    const report = await importSeason({ ctx: other.ctx, input: { dir: DEMO } });
    expect(report.challenges.inserted).toBeGreaterThanOrEqual(4);
    expect(report.clubs.inserted).toBeGreaterThan(0);
    // Issue 24: the demo's campaign and the results days of its later challenges.
    const [demoYear] = await other.ctx.db.select().from(years);
    expect(demoYear!.campaign).toMatchObject({ claim: expect.any(String), subline: expect.any(String), prize: expect.any(String) });
    expect((await other.ctx.db.select().from(challenges)).filter((c) => c.resultsDate !== null)).toHaveLength(3);
  } finally {
    await other.close();
  }
});

describe('the campaign and the results day (issue 24)', () => {
  const campaignDir = (campaign: unknown, resultsDate?: string) =>
    copySeason((season) => {
      if (campaign !== undefined) (season.year as Record<string, unknown>).campaign = campaign;
      if (resultsDate !== undefined) (season.challenges as Array<Record<string, unknown>>)[1]!.resultsDate = resultsDate;
    });
  const yearRow = async () => (await t.ctx.db.select().from(years).where(eq(years.id, 'year-test')))[0]!;
  const pictureRow = async () => (await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'challenge-picture')))[0]!;

  test('imports year.campaign (the image into the media store) and resultsDate (relative like the other dates)', async () => {
    const report = await run(
      campaignDir({ claim: '  Hol den Pokal!  ', subline: 'Jede Challenge zählt.', image: 'assets/teaser.svg' }, 'today+12'),
      { overwrite: true },
    );
    expect(report.warnings).toEqual([]);
    expect((await yearRow()).campaign).toEqual({
      claim: 'Hol den Pokal!',
      subline: 'Jede Challenge zählt.',
      image: {
        fields: {
          file: {
            url: expect.stringMatching(/^\/media\/teaser\.[0-9a-f]{16}\.svg$/),
            contentType: 'image/svg+xml',
            width: 640,
            height: 360,
          },
        },
      },
    });
    expect((await pictureRow()).resultsDate).toBe('2026-06-27');
  });

  test('a file without them keeps the back office’s; one whose end moves past the results day drops that day with a warning', async () => {
    const again = await run(copySeason());
    expect(again.year).toBe('unchanged');
    expect((await yearRow()).campaign?.claim).toBe('Hol den Pokal!');
    expect((await pictureRow()).resultsDate).toBe('2026-06-27');

    const later = await run(
      copySeason((season) => {
        const list = season.challenges as Array<Record<string, unknown>>;
        list[1]!.endDate = 'today+15';
        list[1]!.endDateVoting = 'today+15';
      }),
      { overwrite: true },
    );
    expect(later.warnings).toEqual([
      'Challenge "challenge-picture": das Ergebnisdatum 2026-06-27 liegt vor dem neuen Ende 2026-06-30 und entfällt.',
    ]);
    expect((await pictureRow()).resultsDate).toBeNull();

    // The file's campaign wins over what is stored.
    const reported = await run(campaignDir({ claim: 'Neuer Claim' }));
    expect(reported.differences.map(formatDifference)).toEqual([
      'year year-test · campaign.claim: "Hol den Pokal!" → "Neuer Claim"',
      'year year-test · campaign.subline: "Jede Challenge zählt." → (leer)',
      expect.stringMatching(/^year year-test · campaign\.image: \/media\/teaser\.[0-9a-f]{16}\.svg → \(leer\)$/),
      // the file's dates again (the run above moved them)
      'challenge challenge-picture · endDate: 2026-06-30 → 2026-06-25',
      'challenge challenge-picture · endDateVoting: 2026-06-30 → 2026-06-25',
    ]);
    expect((await yearRow()).campaign?.claim).toBe('Hol den Pokal!');
    await run(campaignDir({ claim: 'Neuer Claim' }), { overwrite: true });
    expect((await yearRow()).campaign).toEqual({ claim: 'Neuer Claim' });
  });

  test('checks the campaign like every text (unknown fields, length, one line) and the results day against the end', async () => {
    expect(
      await problemsOf(campaignDir({ claim: 'x'.repeat(81), subline: 'Zwei\nZeilen', prize: 'Preis\u0000', slogan: 'Tippfehler' })),
    ).toEqual([
      'season.json: year.campaign.claim: höchstens 80 Zeichen',
      'season.json: year.campaign.subline: eine Zeile ohne Zeilenumbruch oder Steuerzeichen',
      'season.json: year.campaign.prize: eine Zeile ohne Zeilenumbruch oder Steuerzeichen',
      'season.json: year.campaign: Unbekannter Schlüssel: "slogan"',
    ]);
    expect(await problemsOf(campaignDir({ subline: 'Ohne Claim' }))).toEqual([
      expect.stringMatching(/^season\.json: year\.campaign\.claim: /),
    ]);
    expect(await problemsOf(campaignDir({ claim: 'Gut', image: 'assets/fehlt.jpg' }))).toEqual([
      'season.json: year.campaign.image: Bild "assets/fehlt.jpg" nicht gefunden',
    ]);
    expect(await problemsOf(campaignDir(undefined, 'today+9'))).toEqual([
      'season.json: challenges[1] ("challenge-picture"): resultsDate (2026-06-24) muss am oder nach endDate (2026-06-25) liegen (Ergebnisse erst nach dem Ende)',
    ]);
    expect(await problemsOf(campaignDir(undefined, '25.06.2026'))).toEqual([
      'season.json: challenges[1] ("challenge-picture").resultsDate: Datum als YYYY-MM-DD oder relativ als today, today+N, today-N angeben',
    ]);
  });
});

describe('seasons side by side (issue 26)', () => {
  let u: TestApp;
  const ACTOR = { operatorId: null, name: 'cli:test', role: 'admin' as const };
  const runU = (dir: string, options: ImportOptions = {}) => importSeason({ ctx: u.ctx, input: { dir, ...options } });
  /** The fixture as the next year: its own year id and number, challenge ids ending in -2027. */
  const nextSeason = (mutate?: (season: Record<string, unknown>) => void) =>
    copySeason((season) => {
      Object.assign(season.year as Record<string, unknown>, { id: 'year-2027', year: 2027 });
      for (const c of season.challenges as Array<Record<string, unknown>>) c.id = `${String(c.id)}-2027`;
      mutate?.(season);
    });
  const currentYearId = async () => (await u.ctx.db.select().from(site))[0]!.currentYearId;

  beforeAll(async () => {
    u = await createTestApp({ now: NOW });
    await importSeason({ ctx: u.ctx, input: { dir: FIXTURE_SEASON } });
  });
  afterAll(() => u.close());

  test('a new year id is imported beside the current one without switching; --make-current switches (audited)', async () => {
    const dir = nextSeason();
    const report = await runU(dir);
    expect(report).toMatchObject({
      yearId: 'year-2027',
      year: 'inserted',
      site: 'unchanged',
      current: { before: 'year-test', after: 'year-test' },
      challenges: { inserted: 4, differing: 0, kept: 0 },
      clubs: { inserted: 0, unchanged: 4, differing: 0 },
      differences: [],
    });
    expect(hasUnwrittenDifferences(report)).toBe(false);
    expect(formatImportReport(report)[1]).toBe('  year: inserted, site: unchanged, current season: year-test (unchanged)');
    expect(await currentYearId()).toBe('year-test');
    const ofYear = async (yearId: string) =>
      (await u.ctx.db.select().from(challenges).where(eq(challenges.yearId, yearId)).orderBy(challenges.position)).map((c) => c.id);
    expect(await ofYear('year-test')).toEqual(['challenge-estimate', 'challenge-picture', 'challenge-goals', 'challenge-text']);
    expect(await ofYear('year-2027')).toEqual([
      'challenge-estimate-2027',
      'challenge-picture-2027',
      'challenge-goals-2027',
      'challenge-text-2027',
    ]);

    // A dry run of the switch writes nothing; the real one writes one audit row.
    const dry = await runU(dir, { makeCurrent: true, dryRun: true });
    expect(dry.current).toEqual({ before: 'year-test', after: 'year-2027' });
    expect(await currentYearId()).toBe('year-test');
    const switched = await runU(dir, { makeCurrent: true, actor: ACTOR });
    expect(switched).toMatchObject({ site: 'updated', year: 'unchanged', current: { before: 'year-test', after: 'year-2027' } });
    expect(formatImportReport(switched)[1]).toBe('  year: unchanged, site: updated, current season: year-test → year-2027');
    expect(await currentYearId()).toBe('year-2027');
    const rows = await u.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'season-switch'));
    expect(rows.map((r) => [r.actor, r.subjectType, r.subjectId, r.details.before, r.details.after])).toEqual([
      ['cli:test', 'year', 'year-2027', { currentYearId: 'year-test', year: 2026 }, { currentYearId: 'year-2027', year: 2027 }],
    ]);
    // Importing the earlier season again does not switch back.
    expect((await runU(FIXTURE_SEASON)).current).toEqual({ before: 'year-2027', after: 'year-2027' });
  });

  test('a file may not take a challenge id or a year number of another season', async () => {
    const before = await snapshot(u.ctx.db);
    const dir = copySeason((season) => {
      Object.assign(season.year as Record<string, unknown>, { id: 'year-2028', year: 2027 });
      (season.challenges as Array<Record<string, unknown>>)[1]!.id = 'challenge-picture-2028';
    });
    let problems: string[] = [];
    await runU(dir).catch((error: unknown) => {
      if (!(error instanceof SeasonValidationError)) throw error;
      problems = error.problems;
    });
    expect(problems).toEqual([
      'season.json: year.year: 2027 ist schon die Saison "year-2027"; eine Saison je Jahr (year.id "year-2028" passt nicht dazu)',
      'season.json: challenges[0] ("challenge-estimate").id: die Challenge gehört zur Saison "year-test"; ein Import verschiebt keine Challenge in eine andere Saison (neue ID wählen, z. B. "challenge-estimate-2027")',
      'season.json: challenges[2] ("challenge-goals").id: die Challenge gehört zur Saison "year-test"; ein Import verschiebt keine Challenge in eine andere Saison (neue ID wählen, z. B. "challenge-goals-2027")',
      'season.json: challenges[3] ("challenge-text").id: die Challenge gehört zur Saison "year-test"; ein Import verschiebt keine Challenge in eine andere Saison (neue ID wählen, z. B. "challenge-text-2027")',
    ]);
    expect(await snapshot(u.ctx.db)).toEqual(before);
  });

  test('a club entry that leaves the list keeps its results in a finished season; a renamed one its published name', async () => {
    await seedEstimateEntry(u.ctx.db, { id: 'p-asv', challengeId: 'challenge-estimate', clubId: 'club-300-w', estimate: 1234 });
    await seedEstimateEntry(u.ctx.db, { id: 'p-tsv', challengeId: 'challenge-estimate', clubId: 'club-100-m', estimate: 1000 });
    await publishChallengeResults({ ctx: u.ctx, input: { challengeId: 'challenge-estimate', body: { expectedVersion: 0 }, actor: ACTOR } });
    const files = async () => ({
      challenge: (await u.app.inject({ url: '/results/challenge-challenge-estimate.json' })).json<StandingRowDto[]>(),
      overall: (await u.app.inject({ url: '/results/overall-year-test.json' })).json<StandingRowDto[]>(),
    });
    const published = await files();
    const shown = (rows: StandingRowDto[]) => rows.map((r) => [r.club._id, r.club.clubname, r.points]);
    expect(shown(published.challenge)).toEqual([
      ['club-300-w', 'ASV Ärzteteam', 100],
      ['club-100-m', 'TSV München-Süd', 80],
    ]);
    expect(shown(published.overall)).toEqual(shown(published.challenge));

    // The next season's list: ASV left, TSV renamed, one club new. Written with --overwrite.
    const dir = nextSeason();
    fs.writeFileSync(
      path.join(dir, 'clubs.csv'),
      'clubnumber,clubname,team,logourl,linkurl\n100,TSV München-Süd 1860,m,,\n400,SC Neu,w,,\n',
    );
    const report = await runU(dir, { overwrite: true });
    expect(report.clubs).toMatchObject({ inserted: 1, updated: 1, removed: 2, kept: 1 });
    expect(report.clubsInUseNotInList).toEqual(['club-300-w']);
    expect(formatImportReport(report)).toContain(
      'Club entries not in the list that stay (entries or an account; their results stay): club-300-w',
    );

    const [asv] = await u.ctx.db.select().from(clubs).where(eq(clubs.id, 'club-300-w'));
    expect(asv!.clubname).toBe('ASV Ärzteteam');
    const after = await files();
    expect(after).toEqual(published);
    const stored = await u.ctx.db.select().from(publishedResults).where(eq(publishedResults.yearId, 'year-test'));
    for (const row of stored) expect(row.rows.map((r) => [r.club._id, r.club.clubname, r.points])).toEqual(shown(published.challenge));
  });
});
