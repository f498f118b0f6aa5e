import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { DEFAULT_POINTS_TABLE, type SpaceDataDto } from '@erd/shared-contracts/wire';
import { challenges, moderationLog } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { mediaCount, storedMedia } from '../../test-support/media.js';
import { multipartForm, picture } from '../../test-support/pictures.js';
import { PENDING, seedClubs, seedParticipation, seedSeasonsInPhases } from '../../test-support/seed.js';
import { ADMIN, operatorCall, operatorSessions } from '../../test-support/operators.js';
import type { AdminChallengeDto, AdminChallengeSummaryDto } from './service.js';

/**
 * Challenges in the back office through the HTTP API: both roles read, admins change; the season
 * format's rules for dates and points, the running-challenge confirmation, the stale-save guard
 * and the audit row; refused changes change nothing.
 */

let t: TestApp;
let admin: string;
let moderator: string;
const TODAY = new Date('2026-06-15T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '100' } });
  const db = t.ctx.db;
  await seedSeasonsInPhases(db, { goals: true });
  await seedClubs(db, 4);
  await seedParticipation(db, { id: 's1', challengeId: 'slogan', clubId: 'club-1000-m', slogan: 'Auf geht’s!' });
  await seedParticipation(db, { id: 's2', challengeId: 'slogan', clubId: 'club-1001-m', slogan: 'Leise', ...PENDING });
  ({ admin, moderator } = await operatorSessions(t));
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string, session?: string) => operatorCall(t.app, 'GET', url, session);
const patch = (id: string, payload: Record<string, unknown>, session: string = admin) =>
  operatorCall(t.app, 'PATCH', `/api/operator/challenges/${id}`, session, payload);

async function current(id: string): Promise<AdminChallengeDto> {
  const res = await get(`/api/operator/challenges/${id}`, admin);
  expect(res.statusCode).toBe(200);
  return res.json<AdminChallengeDto>();
}

async function auditRows(id: string) {
  return t.ctx.db.select().from(moderationLog).where(eq(moderationLog.subjectId, id));
}

describe('reading', () => {
  it('lists the current year with phase, dates, entries and pending entries, for both roles', async () => {
    for (const session of [admin, moderator]) {
      const res = await get('/api/operator/challenges', session);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json<{ yearId: string; today: string; items: AdminChallengeSummaryDto[] }>();
      expect(body.yearId).toBe('year-2026');
      expect(body.today).toBe('2026-06-15');
      expect(body.items.map((c) => [c.number, c.id, c.phase])).toEqual([
        [1, 'est', 'ended'],
        [2, 'slogan', 'voting'],
        [3, 'goals', 'submission'],
        [4, 'pics', 'submission'],
        [5, 'later', 'before'],
      ]);
      expect(body.items[1]).toMatchObject({ type: 'bfv-erd-text-vote', entries: 2, pending: 1, startDateVoting: '2026-06-11' });
      expect(body.items[0]).toMatchObject({
        entries: 0,
        pending: 0,
        startDate: '2026-05-01',
        endDate: '2026-05-31',
        startDateVoting: null,
      });
    }
  });

  it('answers one challenge with every editable field, the right answer and the ranking', async () => {
    const res = await get('/api/operator/challenges/goals', moderator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'goals',
      number: 3,
      headline: 'goals',
      rightAnswer: 77,
      scoring: 'highest',
      points: DEFAULT_POINTS_TABLE,
      defaultPoints: DEFAULT_POINTS_TABLE,
      running: true,
      published: false,
      teaserImage: null,
      updatedAt: expect.any(String),
    });
    expect((await get('/api/operator/challenges/nope', moderator)).json()).toEqual({
      code: 'NotFound',
      message: 'Diese Challenge gibt es nicht.',
      requestId: expect.any(String),
    });
  });

  it('answers 401 without an operator session and 403 to a moderator who changes something', async () => {
    expect((await get('/api/operator/challenges')).statusCode).toBe(401);
    expect((await get('/api/operator/challenges/est')).statusCode).toBe(401);
    const before = await current('later');
    const res = await patch('later', { expectedUpdatedAt: before.updatedAt, headline: 'Von der Moderation' }, moderator);
    expect(res.statusCode).toBe(403);
    expect((await current('later')).headline).toBe('later');
  });
});

describe('changing', () => {
  it('saves texts and the points table, audits before and after, and the public content shows the new points', async () => {
    const before = await current('later');
    const points = [
      { fromPlace: 1, toPlace: 1, points: 200 },
      { fromPlace: 2, toPlace: 5, points: 90 },
      { fromPlace: 6, toPlace: null, points: 10 },
    ];
    const res = await patch('later', {
      expectedUpdatedAt: before.updatedAt,
      headline: 'Wie viele Zuschauer?',
      question: 'Schätze!',
      points,
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<AdminChallengeDto>();
    expect(after).toMatchObject({ headline: 'Wie viele Zuschauer?', question: 'Schätze!', points });
    expect(after.updatedAt).not.toBe(before.updatedAt);

    const [row] = await auditRows('later');
    expect(row).toMatchObject({
      action: 'challenge-update',
      actor: ADMIN.email,
      subjectType: 'challenge',
      challengeId: 'later',
      reason: null,
      details: {
        fields: ['headline', 'question', 'points'],
        before: { headline: 'later', question: null, points: DEFAULT_POINTS_TABLE },
        after: { headline: 'Wie viele Zuschauer?', question: 'Schätze!', points },
        running: false,
      },
    });

    const space = await t.app.inject({ method: 'GET', url: '/content/public/spaces/erd/spacedata?include=4' });
    expect(space.statusCode).toBe(200);
    const challenge = space.json<SpaceDataDto>().year.fields.challenges.find((c) => c.sys.id === 'later');
    expect(challenge?.fields).toMatchObject({ headline: 'Wie viele Zuschauer?', points });
    const [stored] = await t.ctx.db.select().from(challenges).where(eq(challenges.id, 'later'));
    expect(stored!.points).toEqual(points);
  });

  it('refuses a stale save with 409 and changes nothing', async () => {
    const seen = await current('est');
    expect((await patch('est', { expectedUpdatedAt: seen.updatedAt, footnote: 'Erste Änderung' })).statusCode).toBe(200);
    const res = await patch('est', { expectedUpdatedAt: seen.updatedAt, footnote: 'Zweite Änderung' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'Conflict', message: expect.stringContaining('jemand anderes') });
    expect((await current('est')).footnote).toBe('Erste Änderung');
  });

  it.each([
    [
      'a gap in the places',
      [
        { fromPlace: 1, toPlace: 1, points: 100 },
        { fromPlace: 3, toPlace: null, points: 5 },
      ],
      'points.1.fromPlace',
      'muss 2 sein',
    ],
    [
      'null before the last row',
      [
        { fromPlace: 1, toPlace: null, points: 100 },
        { fromPlace: 2, toPlace: 3, points: 5 },
      ],
      'points.0.toPlace',
      'nur in der letzten Zeile',
    ],
    [
      'toPlace before fromPlace',
      [
        { fromPlace: 1, toPlace: 3, points: 100 },
        { fromPlace: 4, toPlace: 2, points: 5 },
      ],
      'points.1.toPlace',
      '>= fromPlace',
    ],
    ['negative points', [{ fromPlace: 1, toPlace: null, points: -1 }], 'points.0.points', ''],
    ['no rows', [], 'points', ''],
  ])('refuses a points table with %s, with the field and a German message', async (_name, points, field, text) => {
    const seen = await current('goals');
    const res = await patch('goals', { expectedUpdatedAt: seen.updatedAt, points });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; field: string }>();
    expect(body.code).toBe('ValidationError');
    expect(body.field).toBe(field);
    expect(body.message).toContain(text);
    expect((await current('goals')).points).toEqual(DEFAULT_POINTS_TABLE);
  });

  it('checks dates as the season import does', async () => {
    const seen = await current('pics');
    const cases: Array<[Record<string, string>, string]> = [
      [{ startDate: '2026-08-01' }, '„Beginn“ (1.8.2026) liegt nach „Ende“'],
      [{ startDateVoting: '2026-07-01' }, '„Ende der Einreichung“ (1.7.2026) muss vor „Beginn der Abstimmung“ (1.7.2026) liegen'],
      [{ endDateVoting: '2026-08-02' }, '„Ende der Abstimmung“ (2.8.2026) muss am oder vor „Ende“'],
      [{ endDate: '2026-02-30' }, 'JJJJ-MM-TT'],
    ];
    for (const [dates, message] of cases) {
      const res = await patch('pics', {
        expectedUpdatedAt: seen.updatedAt,
        ...dates,
        confirmRunning: true,
        reason: 'Verschoben wegen Pokalspiel',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const res = await patch('later', { expectedUpdatedAt: (await current('later')).updatedAt, startDateVoting: '2026-08-10' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('gibt es nur bei Abstimmungs-Challenges');
    expect(await current('pics')).toEqual(seen);
  });

  it('asks for confirmation and a reason before the dates of a running challenge change', async () => {
    const seen = await current('pics');
    expect(seen.running).toBe(true);
    const refused = await patch('pics', { expectedUpdatedAt: seen.updatedAt, endDateSubmission: '2026-06-30' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ChallengeRunning', message: expect.stringContaining('läuft gerade') });
    const noReason = await patch('pics', { expectedUpdatedAt: seen.updatedAt, endDateSubmission: '2026-06-30', confirmRunning: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ field: 'reason' });
    expect(await current('pics')).toEqual(seen);
    expect(await auditRows('pics')).toEqual([]);

    const ok = await patch('pics', {
      expectedUpdatedAt: seen.updatedAt,
      endDateSubmission: '2026-06-30',
      confirmRunning: true,
      reason: 'Mehr Zeit für Bilder',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ endDateSubmission: '2026-06-30', phase: 'submission' });
    const [row] = await auditRows('pics');
    expect(row).toMatchObject({
      reason: 'Mehr Zeit für Bilder',
      details: { before: { endDateSubmission: '2026-07-01' }, after: { endDateSubmission: '2026-06-30' }, running: true },
    });
    // Texts of a running challenge need no confirmation.
    const text = await patch('pics', { expectedUpdatedAt: ok.json<AdminChallengeDto>().updatedAt, teasertitle: 'Zeig dein Team' });
    expect(text.statusCode).toBe(200);
  });

  it('sets the goals ranking only for goals challenges', async () => {
    const seen = await current('goals');
    const ok = await patch('goals', { expectedUpdatedAt: seen.updatedAt, scoring: 'closest' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ scoring: 'closest' });
    const res = await patch('est', { expectedUpdatedAt: (await current('est')).updatedAt, scoring: 'highest' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'scoring', message: 'Die Wertung lässt sich nur bei Tor-Challenges umstellen.' });
  });

  it('takes an uploaded image as teaser image and refuses other addresses and unknown fields', async () => {
    const seen = await current('est');
    const image = { fields: { file: { url: '/media/teaser.0123456789abcdef.webp', contentType: 'image/webp', width: 800, height: 600 } } };
    const ok = await patch('est', { expectedUpdatedAt: seen.updatedAt, teaserImage: image });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ teaserImage: image });
    const next = ok.json<AdminChallengeDto>().updatedAt;
    const bad = await patch('est', { expectedUpdatedAt: next, teaserImage: { fields: { file: { url: 'javascript:alert(1)' } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'teaserImage.fields.file.url' });
    const unknown = await patch('est', { expectedUpdatedAt: next, rightAnswer: 5 });
    expect(unknown.statusCode).toBe(400);
    expect((await current('est')).rightAnswer).toBe(77);
  });

  it('replaces the prize pictures in their order and keeps the prize texts; a challenge without prizes refuses them', async () => {
    const picture = (name: string) => ({
      fields: { file: { url: `/media/${name}.0123456789abcdef.webp`, contentType: 'image/webp', width: 800, height: 600 } },
    });
    await t.ctx.db
      .update(challenges)
      .set({ prizes: { headline: 'Ein Trikotsatz', text: 'Für die ganze Mannschaft', images: [picture('alt')] } })
      .where(eq(challenges.id, 'goals'));
    const seen = await current('goals');
    const ok = await patch('goals', { expectedUpdatedAt: seen.updatedAt, prizeImages: [picture('trikot'), picture('ball')] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AdminChallengeDto>().prizes).toEqual({
      headline: 'Ein Trikotsatz',
      text: 'Für die ganze Mannschaft',
      images: [picture('trikot'), picture('ball')],
    });
    const [row] = (await auditRows('goals')).filter((r) => (r.details as { fields?: string[] }).fields?.includes('prizes'));
    expect(row).toMatchObject({ action: 'challenge-update', actor: ADMIN.email });
    const space = await t.app.inject({ method: 'GET', url: '/content/public/spaces/erd/spacedata?include=4' });
    const shown = space.json<SpaceDataDto>().year.fields.challenges.find((c) => c.sys.id === 'goals');
    expect(shown?.fields.prizes?.images.map((i) => i.fields.file.url)).toEqual([
      picture('trikot').fields.file.url,
      picture('ball').fields.file.url,
    ]);

    const none = await current('later');
    const refused = await patch('later', { expectedUpdatedAt: none.updatedAt, prizeImages: [picture('trikot')] });
    expect([refused.statusCode, refused.json().field]).toEqual([400, 'prizeImages']);
  });

  it('saves nothing and writes no audit row when nothing changes', async () => {
    const seen = await current('slogan');
    const res = await patch('slogan', { expectedUpdatedAt: seen.updatedAt, headline: 'slogan' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminChallengeDto>().updatedAt).toBe(seen.updatedAt);
    expect(await auditRows('slogan')).toEqual([]);
  });

  it('reads and changes a challenge of a season that is not the current one (issue 26: the seasons screen opens this form for any season)', async () => {
    const seen = await current('old');
    expect(seen).toMatchObject({ id: 'old', yearId: 'year-2025', number: 1, phase: 'ended' });
    const res = await patch('old', { expectedUpdatedAt: seen.updatedAt, headline: 'Schätzen 2025', teasertitle: 'Wie viele?' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminChallengeDto>()).toMatchObject({ yearId: 'year-2025', headline: 'Schätzen 2025', teasertitle: 'Wie viele?' });
    const [row] = await auditRows('old');
    expect(row).toMatchObject({ action: 'challenge-update', details: { fields: ['headline', 'teasertitle'] } });
    // The list stays the current season's.
    const list = (await get('/api/operator/challenges', admin)).json<{ yearId: string; items: AdminChallengeSummaryDto[] }>();
    expect(list.yearId).toBe('year-2026');
    expect(list.items.map((c) => c.id)).not.toContain('old');
  });
});

describe('pictures', () => {
  async function upload(file: { name: string; type: string; data: Buffer } | null, session: string = admin) {
    const form = await multipartForm({}, file);
    return operatorCall(t.app, 'POST', '/api/operator/media', session, form.payload, form.headers);
  }

  it('re-encodes a picture into the media store with renditions, without metadata, and answers the ImageDto', async () => {
    const res = await upload({ name: 'Teaser Bild.jpg', type: 'image/jpeg', data: await picture('jpeg', 1600, 1200, { gps: true }) });
    expect(res.statusCode).toBe(201);
    const image = res.json<{
      fields: { file: { url: string; width: number; height: number; contentType: string } };
      metadata: { thumbnails: { url: string; width: number }[] };
    }>();
    expect(image.fields.file).toMatchObject({
      url: expect.stringMatching(/^\/media\/teaser-bild\.[0-9a-f]{16}\.jpg$/),
      width: 1600,
      height: 1200,
      contentType: 'image/jpeg',
    });
    expect(image.metadata.thumbnails.map((r) => r.width)).toEqual([320, 640, 1024]);
    expect(image.metadata.thumbnails[2]!.url).toContain('w1024');
    const stored = await storedMedia(t, image.fields.file.url);
    expect((await sharp(stored!).metadata()).exif).toBeUndefined();
    const served = await t.app.inject({ method: 'GET', url: image.metadata.thumbnails[0]!.url });
    expect(served.statusCode).toBe(200);
    const [row] = await auditRows(path.basename(image.fields.file.url));
    expect(row).toMatchObject({ action: 'media-upload', actor: ADMIN.email, subjectType: 'media' });

    // The answer is what a challenge takes.
    const seen = await current('later');
    const saved = await patch('later', { expectedUpdatedAt: seen.updatedAt, teaserImage: image });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ teaserImage: image });
  });

  it('refuses a GIF, a non-picture, an empty file and a picture over 10 MB with a German message, and a moderator', async () => {
    const before = await mediaCount(t);
    const gif = await upload({ name: 'a.gif', type: 'image/gif', data: await picture('gif', 40, 30) });
    expect(gif.statusCode).toBe(415);
    expect(gif.json()).toMatchObject({ code: 'UnsupportedImage', message: 'Erlaubt sind JPEG, PNG oder WEBP.' });
    const text = await upload({ name: 'a.jpg', type: 'image/jpeg', data: Buffer.from('kein Bild, nur Text') });
    expect(text.statusCode).toBe(415);
    const empty = await upload({ name: 'a.png', type: 'image/png', data: Buffer.alloc(0) });
    expect(empty.json()).toMatchObject({ message: 'Die Datei ist leer.' });
    const big = Buffer.concat([await picture('png', 64, 64), Buffer.alloc(10 * 1024 * 1024)]);
    const large = await upload({ name: 'a.png', type: 'image/png', data: big });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ message: 'Das Bild ist zu groß (höchstens 10 MB).' });
    const refused = await upload({ name: 'a.png', type: 'image/png', data: await picture('png', 40, 30) }, moderator);
    expect(refused.statusCode).toBe(403);
    expect(await mediaCount(t)).toBe(before);
  });
});

describe('the results day (issue 24)', () => {
  const space = async () =>
    (await t.app.inject({ method: 'GET', url: '/content/public/spaces/erd/spacedata?include=4' })).json<SpaceDataDto>().year.fields
      .challenges;

  it('sets "Ergebnisse erwartet am" also while the challenge runs (no confirmation), audited, shown in the space data; null clears', async () => {
    const before = await current('slogan');
    expect(before.resultsDate).toBeNull();
    const res = await patch('slogan', { expectedUpdatedAt: before.updatedAt, resultsDate: '2026-07-03' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminChallengeDto>().resultsDate).toBe('2026-07-03');
    const audit = (await auditRows('slogan')).at(-1)!;
    expect(audit.details).toMatchObject({ fields: ['resultsDate'], before: { resultsDate: null }, after: { resultsDate: '2026-07-03' } });
    expect((await space()).find((c) => c.sys.id === 'slogan')!.fields.resultsDate).toBe('2026-07-03');

    const cleared = await patch('slogan', { expectedUpdatedAt: res.json<AdminChallengeDto>().updatedAt, resultsDate: null });
    expect(cleared.json<AdminChallengeDto>().resultsDate).toBeNull();
    expect('resultsDate' in (await space()).find((c) => c.sys.id === 'slogan')!.fields).toBe(false);
  });

  it('refuses a day before the end, a malformed day, and an end moved past the results day (German, at the field)', async () => {
    const { updatedAt } = await current('later');
    const early = await patch('later', { expectedUpdatedAt: updatedAt, resultsDate: '2026-08-30' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      field: 'resultsDate',
      message: expect.stringContaining('„Ergebnisse erwartet am“ (30.8.2026) muss am oder nach „Ende“ (31.8.2026) liegen'),
    });
    const malformed = await patch('later', { expectedUpdatedAt: updatedAt, resultsDate: '31.08.2026' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'resultsDate', message: 'resultsDate: Datum als JJJJ-MM-TT (ein Tag, den es gibt).' });

    const set = await patch('later', { expectedUpdatedAt: updatedAt, resultsDate: '2026-09-02' });
    expect(set.statusCode).toBe(200);
    const moved = await patch('later', { expectedUpdatedAt: set.json<AdminChallengeDto>().updatedAt, endDate: '2026-09-05' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toMatchObject({ field: 'resultsDate' });
    expect(await current('later')).toMatchObject({ endDate: '2026-08-31', resultsDate: '2026-09-02' });
    // Both at once are fine.
    const both = await patch('later', {
      expectedUpdatedAt: set.json<AdminChallengeDto>().updatedAt,
      endDate: '2026-09-05',
      resultsDate: '2026-09-07',
    });
    expect(both.statusCode).toBe(200);
    expect(both.json<AdminChallengeDto>()).toMatchObject({ endDate: '2026-09-05', resultsDate: '2026-09-07' });
  });

  it('is an admin’s change: a moderator gets 403', async () => {
    const { updatedAt } = await current('est');
    expect((await patch('est', { expectedUpdatedAt: updatedAt, resultsDate: '2026-06-20' }, moderator)).statusCode).toBe(403);
    expect((await current('est')).resultsDate).toBeNull();
  });
});
