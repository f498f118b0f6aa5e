import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_POINTS_TABLE,
  resultPaths,
  type PublishResultDto,
  type ResultAuditPageDto,
  type ResultChallengeDto,
  type ResultOverviewDto,
  type ResultPreviewDto,
  type ResultVersionDto,
  type StandingRowDto,
} from '@erd/shared-contracts/wire';
import { challenges, moderationLog, participations, profiles, publishedResults, resultVersions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, XSRF, type Member } from '../../test-support/members.js';
import {
  MAY_VOTE_DATES,
  PENDING,
  seedChallenge,
  seedClubs,
  seedEstimateEntry,
  seedParticipation,
  seedPictureEntry,
  seedVotes,
  seedYear,
  voteDates,
} from '../../test-support/seed.js';
import { operatorCall, operatorCookie, operatorSession, signInOperator } from '../../test-support/operators.js';

/**
 * Results end to end through the HTTP API (decisions §6): operators preview, record the right
 * answer, publish and correct; the public files follow, frozen, with validators; everything else
 * is refused with a clear German message and changes nothing.
 */

let t: TestApp;
let session: string;
let member: Member;
const TODAY = new Date('2026-06-15T10:00:00Z');
const OPERATOR = { email: 'ergebnisse@example.org', password: 'Abpfiff!Tabelle2026' };
const xsrfCookie = `XSRF-TOKEN=${XSRF}`;

const ended = { startDate: '2026-05-01', endDate: '2026-05-31' };
const voteEnded = MAY_VOTE_DATES;

beforeAll(async () => {
  t = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '100' } });
  const db = t.ctx.db;
  await seedYear(db, 'year-2026');
  await seedClubs(db, 12);
  // #1 estimate (ended, no answer yet), #2 slogan (voting ended), #3 goals (ended), #4 picture (ended),
  // #5 estimate still running, #6 slogan still in its voting window.
  await seedChallenge(db, { id: 'est', yearId: 'year-2026', position: 0, type: 'bfv-erd-estimate', dates: ended, rightAnswer: null });
  await seedChallenge(db, { id: 'slogan', yearId: 'year-2026', position: 1, dates: voteEnded });
  await seedChallenge(db, { id: 'goals', yearId: 'year-2026', position: 2, type: 'bfv-erd-goals', dates: ended, rightAnswer: null });
  await seedChallenge(db, { id: 'pics', yearId: 'year-2026', position: 3, type: 'bfv-erd-picture-vote', dates: voteEnded });
  await seedChallenge(db, {
    id: 'running',
    yearId: 'year-2026',
    position: 4,
    type: 'bfv-erd-estimate',
    dates: { startDate: '2026-06-01', endDate: '2026-06-30' },
  });
  await seedChallenge(db, {
    id: 'voting',
    yearId: 'year-2026',
    position: 5,
    dates: voteDates(['2026-05-01', '2026-05-15'], ['2026-05-16', '2026-06-20']),
  });

  const estimate = (id: string, challengeId: string, clubId: string, value: number) =>
    seedEstimateEntry(db, { id, challengeId, clubId, estimate: value });
  await estimate('e1', 'est', 'club-1000-m', 1200);
  await estimate('e2', 'est', 'club-1000-w', 990);
  await estimate('e3', 'est', 'club-1001-m', 1010);
  await estimate('e4', 'est', 'club-1001-w', 500);
  await estimate('e5', 'running', 'club-1000-m', 1);
  await estimate('g1', 'goals', 'club-1002-m', 12);
  await estimate('g2', 'goals', 'club-1002-w', 40);

  await seedParticipation(db, { id: 's1', challengeId: 'slogan', clubId: 'club-1000-m', slogan: 'Auf geht’s!' });
  await seedParticipation(db, { id: 's2', challengeId: 'slogan', clubId: 'club-1003-m', slogan: 'Hopp hopp' });
  await seedParticipation(db, { id: 's3', challengeId: 'slogan', clubId: 'club-1003-w', slogan: 'Leise', ...PENDING });
  await seedVotes(db, 's1', 'slogan', 3);
  await seedVotes(db, 's2', 'slogan', 5);
  await seedVotes(db, 's1', 'slogan', 4, { removed: true });
  await seedVotes(db, 's3', 'slogan', 9);
  await seedPictureEntry(db, {
    id: 'p1',
    challengeId: 'pics',
    clubId: 'club-1004-m',
    image: {
      fields: { file: { url: '/media/uploads/k.jpg' } },
      metadata: { thumbnails: [320, 640, 1024].map((w) => ({ url: `/media/uploads/k.w${w}.webp`, width: w, format: 'webp' })) },
    },
  });

  member = await createMember(t, 'club-1005-m');
  session = await operatorSession(t, { role: 'admin', ...OPERATOR });
});

/** An operator session (12 hours: tests that move the clock sign in again). */
const login = () => signInOperator(t.app, OPERATOR);

/** Runs `fn` on another day, signed in on that day. */
async function on(day: string, fn: () => Promise<void>): Promise<void> {
  const saved = session;
  t.setNow(new Date(`${day}T10:00:00Z`));
  session = await login();
  try {
    await fn();
  } finally {
    t.setNow(TODAY);
    session = saved;
  }
}
afterAll(() => t.close());

const op = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, cookie: string | null = session) =>
  operatorCall(t.app, method, url, cookie, payload);

const file = async (name: string) => {
  const res = await t.app.inject({ url: `/results/${name}` });
  return { res, rows: res.statusCode === 200 ? (res.json() as StandingRowDto[]) : null };
};
const brief = (rows: StandingRowDto[] | null) => rows?.map((r) => [r.club._id, r.place, r.points]);
const counts = async () => ({
  versions: (await t.ctx.db.select().from(resultVersions)).length,
  files: (await t.ctx.db.select().from(publishedResults)).length,
  audit: (await t.ctx.db.select().from(moderationLog)).length,
});

describe('before anything is published', () => {
  test('the files of an existing year or challenge are empty tables with a tag; unknown names are 404', async () => {
    for (const name of ['overall-year-2026.json', 'challenge-est.json']) {
      const { res, rows } = await file(name);
      expect([name, res.statusCode, rows]).toEqual([name, 200, []]);
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(res.headers['last-modified']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    // A NUL is refused by the input rule before anything else (400).
    expect((await t.app.inject({ url: '/results/challenge-%00.json' })).statusCode).toBe(400);
    for (const name of [
      'overall-year-1999.json',
      'challenge-nope.json',
      'other.json',
      'overall-.json',
      'challenge-est.json.gz',
      'challenge-%0A.json',
    ]) {
      const res = await t.app.inject({ url: `/results/${name}` });
      expect([name, res.statusCode]).toEqual([name, 404]);
      expect(res.json()).toMatchObject({ code: 'NotFound' });
    }
  });

  test('the overview lists each challenge with its number, state, ranking and what it needs', async () => {
    const res = await op('GET', resultPaths.overview);
    expect(res.statusCode).toBe(200);
    const overview = res.json() as ResultOverviewDto;
    expect(overview.yearId).toBe('year-2026');
    expect(overview.overall).toBeNull();
    const row = (id: string) => overview.challenges.find((c) => c.challengeId === id)!;
    expect(row('est')).toMatchObject({
      number: 1,
      ended: true,
      ranking: 'closest',
      needsAnswer: true,
      rightAnswer: null,
      participants: 4,
      published: null,
    });
    expect(row('slogan')).toMatchObject({
      number: 2,
      ended: true,
      ranking: 'votes',
      needsAnswer: false,
      participants: 2,
      publishableFrom: '2026-06-11',
    });
    expect(row('goals')).toMatchObject({ number: 3, ranking: 'highest', needsAnswer: false });
    expect(row('running')).toMatchObject({ ended: false, timeState: 'ongoing', publishableFrom: '2026-07-01' });
    expect(row('voting')).toMatchObject({ ended: false, timeState: 'vote', publishableFrom: '2026-06-21' });
  });
});

describe('who may', () => {
  test('anonymous callers, club accounts and forged cookies get 401 on every results call; nothing changes', async () => {
    const before = await counts();
    const calls: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', resultPaths.overview],
      ['GET', resultPaths.preview('est')],
      ['PUT', resultPaths.answer('est'), { rightAnswer: 1000 }],
      ['POST', resultPaths.publish('slogan'), { expectedVersion: 0 }],
      ['GET', resultPaths.versions('slogan')],
      ['GET', resultPaths.overallVersions('year-2026')],
      ['GET', resultPaths.audit],
    ];
    for (const [method, url, payload] of calls) {
      for (const cookie of [null, 'A'.repeat(43), 'kaputt']) {
        const res = await op(method, url, payload, cookie);
        expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 401, 'Unauthorized']);
      }
      // A club account's access token counts for nothing here.
      const res = await t.app.inject({
        method,
        url,
        headers: memberHeaders(member, method !== 'GET' ? { 'x-xsrf-token': XSRF, cookie: xsrfCookie } : {}),
        ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
      });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
    expect(await counts()).toEqual(before);
  });

  test('an unsafe call without the anti-forgery header is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: resultPaths.publish('slogan'),
      headers: { cookie: operatorCookie(session) },
      payload: { expectedVersion: 0 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the right answer', () => {
  test('hostile and wrong values: 400 with a German message, nothing stored', async () => {
    const before = await counts();
    const bad: unknown[] = [
      { rightAnswer: 1_234_567_890 },
      { rightAnswer: '1234567890' },
      { rightAnswer: 'zwölf' },
      { rightAnswer: '12a' },
      { rightAnswer: -5 },
      { rightAnswer: 1.5 },
      { rightAnswer: '1e3' },
      { rightAnswer: ' ' },
      { rightAnswer: '' },
      { rightAnswer: '12\u0000' },
      { rightAnswer: '4,5' },
      { rightAnswer: '4.50' },
      { rightAnswer: [12] },
      { rightAnswer: { n: 1 } },
      {},
      { ranking: 'highest' },
    ];
    for (const payload of bad) {
      const res = await op('PUT', resultPaths.answer('est'), payload);
      expect([JSON.stringify(payload), res.statusCode, res.json().code]).toEqual([JSON.stringify(payload), 400, 'ValidationError']);
      expect(res.json().message).toMatch(/[a-zäöü]/);
    }
    expect((await op('PUT', resultPaths.answer('slogan'), { rightAnswer: 5 })).json()).toMatchObject({
      code: 'ValidationError',
      message: 'Diese Challenge wird nach Stimmen gewertet und hat keine richtige Antwort.',
    });
    expect((await op('PUT', resultPaths.answer('goals'), { ranking: 'lowest' })).statusCode).toBe(400);
    expect((await op('PUT', resultPaths.answer('nope'), { rightAnswer: 5 })).statusCode).toBe(404);
    expect((await op('PUT', resultPaths.answer('x'.repeat(300)), { rightAnswer: 5 })).statusCode).toBe(414);
    // Ids the season import cannot make never reach the database: NUL, control characters, paths, markup.
    for (const id of ['est\u0000', 'e\u001bst', '../est', '<script>', ' est', 'est.json']) {
      for (const [method, url] of [
        ['PUT', resultPaths.answer(id)],
        ['GET', resultPaths.preview(id)],
        ['POST', resultPaths.publish(id)],
        ['GET', resultPaths.versions(id)],
        ['GET', resultPaths.overallVersions(id)],
        ['GET', `${resultPaths.overview}?yearId=${encodeURIComponent(id)}`],
        ['GET', `${resultPaths.audit}?challengeId=${encodeURIComponent(id)}`],
      ] as const) {
        const res = await op(method, url, method === 'GET' ? undefined : { rightAnswer: 5, expectedVersion: 0 });
        expect([id, url, res.statusCode]).toEqual([id, url, res.statusCode === 404 ? 404 : 400]);
      }
    }
    expect(await counts()).toEqual(before);
    const overview = (await op('GET', resultPaths.overview)).json() as ResultOverviewDto;
    expect(overview.challenges.find((c) => c.challengeId === 'est')!.rightAnswer).toBeNull();
  });

  test('an estimate without the right answer cannot be published; the preview says why', async () => {
    const preview = (await op('GET', resultPaths.preview('est'))).json() as ResultPreviewDto;
    expect(preview).toMatchObject({ canPublish: false, blockers: ['Trage zuerst die richtige Antwort ein.'], rows: [], currentVersion: 0 });
    const res = await op('POST', resultPaths.publish('est'), { expectedVersion: 0 });
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([409, 'AnswerMissing', 'Trage zuerst die richtige Antwort ein.']);
    expect((await file('challenge-est.json')).rows).toEqual([]);
  });

  test('a digit string, a number as Germans write it or a number is recorded, audited with before and after, and never public', async () => {
    const res = await op('PUT', resultPaths.answer('est'), { rightAnswer: ' 0999 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json() as ResultChallengeDto).toMatchObject({ challengeId: 'est', rightAnswer: 999, needsAnswer: true });
    // '1.000' and '1 000' are 1000, as in every number field (issue 24).
    const second = await op('PUT', resultPaths.answer('est'), { rightAnswer: '1.000' });
    expect(second.json().rightAnswer).toBe(1000);
    expect((await op('PUT', resultPaths.answer('est'), { rightAnswer: '1 000' })).json().rightAnswer).toBe(1000);
    expect((await op('PUT', resultPaths.answer('est'), { rightAnswer: 1000 })).json().rightAnswer).toBe(1000);
    const audit = (await op('GET', `${resultPaths.audit}?challengeId=est`)).json() as ResultAuditPageDto;
    expect(audit.items.map((a) => [a.action, a.actor, a.details.before, a.details.after])).toEqual([
      ['results-answer', OPERATOR.email, { rightAnswer: 999, ranking: 'closest' }, { rightAnswer: 1000, ranking: 'closest' }],
      ['results-answer', OPERATOR.email, { rightAnswer: null, ranking: 'closest' }, { rightAnswer: 999, ranking: 'closest' }],
    ]);
    const space = await t.app.inject({ url: `${t.config.contentApiBase}/public/spaces/${t.config.spaceId}/spacedata?include=4` });
    expect(space.body).not.toContain('"rightAnswer"');
    expect(space.body).not.toContain('1000');
  });
});

describe('publishing', () => {
  test('a challenge that has not ended (vote types: the voting window) is refused with 409 and the day it may be', async () => {
    const before = await counts();
    for (const [id, day] of [
      ['running', '01.07.2026'],
      ['voting', '21.06.2026'],
    ]) {
      const preview = (await op('GET', resultPaths.preview(id!))).json() as ResultPreviewDto;
      expect(preview.canPublish).toBe(false);
      const res = await op('POST', resultPaths.publish(id!), { expectedVersion: 0 });
      expect([id, res.statusCode, res.json().code]).toEqual([id, 409, 'NotEnded']);
      expect(res.json().message).toBe(`Die Challenge ist noch nicht zu Ende: Ergebnisse können ab dem ${day} veröffentlicht werden.`);
    }
    expect((await op('POST', resultPaths.publish('nope'), { expectedVersion: 0 })).statusCode).toBe(404);
    for (const payload of [{}, { expectedVersion: -1 }, { expectedVersion: '0' }, { expectedVersion: 0.5 }]) {
      expect((await op('POST', resultPaths.publish('slogan'), payload)).statusCode).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  test('the estimate: preview, publish, the frozen file with validators, the overall table', async () => {
    const preview = (await op('GET', resultPaths.preview('est'))).json() as ResultPreviewDto;
    expect(preview).toMatchObject({ canPublish: true, blockers: [], changed: false, currentVersion: 0 });
    expect(brief(preview.rows)).toEqual([
      ['club-1000-w', 1, 100],
      ['club-1001-m', 1, 100],
      ['club-1000-m', 3, 65],
      ['club-1001-w', 4, 55],
    ]);

    const res = await op('POST', resultPaths.publish('est'), { expectedVersion: 0 });
    expect(res.statusCode).toBe(200);
    const published = res.json() as PublishResultDto;
    expect(published.challenge).toMatchObject({ kind: 'challenge', key: 'est', version: 1, publishedBy: OPERATOR.email, reason: null });
    expect(published.challenge.rules).toMatchObject({
      ranking: 'closest',
      rightAnswer: 1000,
      points: DEFAULT_POINTS_TABLE,
      challengeNumber: 1,
      participants: 4,
    });
    expect(published.overall.version).toBe(1);

    const { res: served, rows } = await file('challenge-est.json');
    expect(rows).toEqual(preview.rows);
    expect(rows![0]).toEqual({
      club: { _id: 'club-1000-w', clubname: 'Verein 0000', clubnumber: '1000', team: 'w' },
      points: 100,
      place: 1,
      challengeNumber: 1,
      estimate: 990,
      rightEstimate: 1000,
    });
    expect(served.headers.etag).toBe(published.challenge.etag);
    expect(served.headers['last-modified']).toBe(TODAY.toUTCString());
    // Browsers revalidate (no stale-* for them: they honour it and would show an old table); CDNs keep it a minute.
    expect(served.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(served.headers['cdn-cache-control']).toBe('public, max-age=60, stale-while-revalidate=60, stale-if-error=86400');
    expect(served.headers['access-control-expose-headers']).toBe('ETag, Last-Modified');
    expect(served.headers['content-type']).toBe('application/json; charset=utf-8');

    // Conditional requests and compression.
    const again = await t.app.inject({ url: '/results/challenge-est.json', headers: { 'if-none-match': served.headers.etag as string } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect(again.headers['access-control-allow-origin']).toBe('*');
    const since = await t.app.inject({ url: '/results/challenge-est.json', headers: { 'if-modified-since': TODAY.toUTCString() } });
    expect(since.statusCode).toBe(304);
    const older = await t.app.inject({ url: '/results/challenge-est.json', headers: { 'if-none-match': '"anders"' } });
    expect(older.statusCode).toBe(200);
    const gz = await t.app.inject({ url: '/results/challenge-est.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(served.body);
    const br = await t.app.inject({ url: '/results/challenge-est.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(served.body);
    const noBr = await t.app.inject({ url: '/results/challenge-est.json', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(noBr.headers['content-encoding']).toBe('gzip');

    const overall = await file('overall-year-2026.json');
    expect(overall.rows).toEqual([
      { club: { _id: 'club-1000-w', clubname: 'Verein 0000', clubnumber: '1000', team: 'w' }, points: 100, place: 1 },
      { club: { _id: 'club-1001-m', clubname: 'Verein 0001', clubnumber: '1001', team: 'm' }, points: 100, place: 1 },
      { club: { _id: 'club-1000-m', clubname: 'Verein 0000', clubnumber: '1000', team: 'm' }, points: 65, place: 3 },
      { club: { _id: 'club-1001-w', clubname: 'Verein 0001', clubnumber: '1001', team: 'w' }, points: 55, place: 4 },
    ]);
  });

  test('publishing the same version again is a conflict; after publication the answer only changes with a reason', async () => {
    const before = await counts();
    const res = await op('POST', resultPaths.publish('est'), { expectedVersion: 0 });
    expect([res.statusCode, res.json().code, res.json().currentVersion]).toEqual([409, 'VersionConflict', 1]);
    const noReason = await op('PUT', resultPaths.answer('est'), { rightAnswer: 1200 });
    expect([noReason.statusCode, noReason.json().field]).toEqual([400, 'reason']);
    const unchangedCorrection = await op('POST', resultPaths.publish('est'), { expectedVersion: 1, reason: 'Nur so' });
    expect([unchangedCorrection.statusCode, unchangedCorrection.json().code]).toEqual([409, 'Unchanged']);
    const withoutReason = await op('POST', resultPaths.publish('est'), { expectedVersion: 1 });
    expect([withoutReason.statusCode, withoutReason.json().field]).toEqual([400, 'reason']);
    expect(await counts()).toEqual(before);
  });

  test('votes: published entries only, removed votes do not count, the slogan and entry are in the rows', async () => {
    const res = await op('POST', resultPaths.publish('slogan'), { expectedVersion: 0 });
    expect(res.statusCode).toBe(200);
    const { rows } = await file('challenge-slogan.json');
    expect(rows).toEqual([
      {
        club: { _id: 'club-1003-m', clubname: 'Verein 0003', clubnumber: '1003', team: 'm' },
        points: 100,
        place: 1,
        challengeNumber: 2,
        votes: 5,
        participationId: 's2',
        slogan: 'Hopp hopp',
      },
      {
        club: { _id: 'club-1000-m', clubname: 'Verein 0000', clubnumber: '1000', team: 'm' },
        points: 80,
        place: 2,
        challengeNumber: 2,
        votes: 3,
        participationId: 's1',
        slogan: 'Auf geht’s!',
      },
    ]);
    const picture = await op('POST', resultPaths.publish('pics'), { expectedVersion: 0 });
    expect(picture.statusCode).toBe(200);
    expect((await file('challenge-pics.json')).rows).toEqual([
      {
        club: { _id: 'club-1004-m', clubname: 'Verein 0004', clubnumber: '1004', team: 'm' },
        points: 100,
        place: 1,
        challengeNumber: 4,
        votes: 0,
        participationId: 'p1',
        picture: '/media/uploads/k.w640.webp',
      },
    ]);
    // The overall table sums all three published challenges.
    expect(brief((await file('overall-year-2026.json')).rows)).toEqual([
      ['club-1000-m', 1, 145],
      ['club-1000-w', 2, 100],
      ['club-1001-m', 2, 100],
      ['club-1003-m', 2, 100],
      ['club-1004-m', 2, 100],
      ['club-1001-w', 6, 55],
    ]);
  });

  test('goals: highest first, or closest to the right answer once the operator switches it', async () => {
    const preview = (await op('GET', resultPaths.preview('goals'))).json() as ResultPreviewDto;
    expect(brief(preview.rows)).toEqual([
      ['club-1002-w', 1, 100],
      ['club-1002-m', 2, 80],
    ]);
    const switched = await op('PUT', resultPaths.answer('goals'), { ranking: 'closest' });
    expect(switched.json()).toMatchObject({ ranking: 'closest', needsAnswer: true, rightAnswer: null });
    expect((await op('POST', resultPaths.publish('goals'), { expectedVersion: 0 })).json().code).toBe('AnswerMissing');
    await op('PUT', resultPaths.answer('goals'), { rightAnswer: '15' });
    const closest = (await op('GET', resultPaths.preview('goals'))).json() as ResultPreviewDto;
    expect(brief(closest.rows)).toEqual([
      ['club-1002-m', 1, 100],
      ['club-1002-w', 2, 80],
    ]);
    expect(closest.rows[0]).toMatchObject({ estimate: 12, rightEstimate: 15 });
  });

  test('operators publishing at once produce one version', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => op('POST', resultPaths.publish('goals'), { expectedVersion: 0 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code))).toEqual(new Set(['VersionConflict']));
    const versions = (await op('GET', resultPaths.versions('goals'))).json() as { items: ResultVersionDto[] };
    expect(versions.items.map((v) => v.version)).toEqual([1]);
    const overallVersions = (await op('GET', resultPaths.overallVersions('year-2026'))).json() as { items: ResultVersionDto[] };
    expect(overallVersions.items.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    expect(overallVersions.items[0]!.rules).toEqual({
      kind: 'overall',
      yearId: 'year-2026',
      challenges: [
        { challengeId: 'est', version: 1 },
        { challengeId: 'slogan', version: 1 },
        { challengeId: 'goals', version: 1 },
        { challengeId: 'pics', version: 1 },
      ],
    });
  });

  test('a correction: removed votes and a new right answer change the preview; the new version needs a reason; old versions stay readable', async () => {
    // An operator removes three of the leader's votes (a burst from one address): the ranking flips.
    const records = (await op('GET', '/api/operator/votes?participationId=s2')).json() as { items: { id: number }[] };
    const removal = await op('POST', '/api/operator/votes/remove', {
      ids: records.items.slice(0, 3).map((v) => v.id),
      reason: 'Stimmen aus einem Netz',
    });
    expect(removal.statusCode).toBe(200);
    const preview = (await op('GET', resultPaths.preview('slogan'))).json() as ResultPreviewDto;
    expect(preview).toMatchObject({ changed: true, canPublish: true, currentVersion: 1 });
    expect(brief(preview.rows)).toEqual([
      ['club-1000-m', 1, 100],
      ['club-1003-m', 2, 80],
    ]);
    const etagBefore = (await file('challenge-slogan.json')).res.headers.etag;

    const res = await op('POST', resultPaths.publish('slogan'), { expectedVersion: 1, reason: 'Drei Stimmen entfernt' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as PublishResultDto).challenge).toMatchObject({ version: 2, reason: 'Drei Stimmen entfernt' });
    const after = await file('challenge-slogan.json');
    expect(after.res.headers.etag).not.toBe(etagBefore);
    expect(after.rows!.map((r) => [r.club._id, r.votes])).toEqual([
      ['club-1000-m', 3],
      ['club-1003-m', 2],
    ]);
    const versions = (await op('GET', resultPaths.versions('slogan'))).json() as { items: ResultVersionDto[] };
    expect(versions.items.map((v) => [v.version, v.reason, brief(v.rows)])).toEqual([
      [
        2,
        'Drei Stimmen entfernt',
        [
          ['club-1000-m', 1, 100],
          ['club-1003-m', 2, 80],
        ],
      ],
      [
        1,
        null,
        [
          ['club-1003-m', 1, 100],
          ['club-1000-m', 2, 80],
        ],
      ],
    ]);
    expect(brief((await file('overall-year-2026.json')).rows)![0]).toEqual(['club-1000-m', 1, 165]);

    // The estimate's right answer changes after publication: with a reason, audited; the file only with the next version.
    const answer = await op('PUT', resultPaths.answer('est'), { rightAnswer: 1200, reason: 'Offizielle Zahl korrigiert' });
    expect(answer.statusCode).toBe(200);
    expect((await file('challenge-est.json')).rows![0]!.rightEstimate).toBe(1000);
    const estPreview = (await op('GET', resultPaths.preview('est'))).json() as ResultPreviewDto;
    expect(estPreview.changed).toBe(true);
    expect((await op('POST', resultPaths.publish('est'), { expectedVersion: 1, reason: 'Offizielle Zahl korrigiert' })).statusCode).toBe(
      200,
    );
    expect(brief((await file('challenge-est.json')).rows)![0]).toEqual(['club-1000-m', 1, 100]);

    const audit = (await op('GET', resultPaths.audit)).json() as ResultAuditPageDto;
    expect(audit.items.slice(0, 3).map((a) => [a.action, a.challengeId, a.reason])).toEqual([
      ['results-publish', 'est', 'Offizielle Zahl korrigiert'],
      ['results-answer', 'est', 'Offizielle Zahl korrigiert'],
      ['results-publish', 'slogan', 'Drei Stimmen entfernt'],
    ]);
    expect(audit.items[2]!.details).toMatchObject({ version: 2, previousVersion: 1, participants: 2 });
  });

  test("a deleted account's entries and points stay with the club entry", async () => {
    await t.ctx.db.insert(participations).values({
      id: 'e-member',
      challengeId: 'running',
      clubId: 'club-1005-m',
      objectTypeId: 'bfv-erd-estimate-participation',
      estimate: 42,
      state: 'published',
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile',
      headers: memberHeaders(member, { 'x-xsrf-token': XSRF, cookie: xsrfCookie }),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.ctx.db.select().from(profiles).where(eq(profiles.clubId, 'club-1005-m'))).toEqual([]);
    await on('2026-07-01', async () => {
      expect((await op('POST', resultPaths.publish('running'), { expectedVersion: 0 })).statusCode).toBe(200);
      // Right answer 77: the deleted account's 42 beats 1.
      expect(brief((await file('challenge-running.json')).rows)).toEqual([
        ['club-1005-m', 1, 100],
        ['club-1000-m', 2, 80],
      ]);
      expect((await file('overall-year-2026.json')).rows!.find((r) => r.club._id === 'club-1005-m')).toMatchObject({ points: 100 });
    });
  });
});

describe('concurrency across challenges', () => {
  test('two challenges published at once: the overall table holds both', async () => {
    await on('2026-07-01', async () => {
      // `voting` ended on 2026-06-20; its one entry (with votes) and a fresh goals challenge are published together.
      await seedParticipation(t.ctx.db, { id: 'v1', challengeId: 'voting', clubId: 'club-1001-w', slogan: 'Gleichzeitig' });
      await seedChallenge(t.ctx.db, { id: 'goals-2', yearId: 'year-2026', position: 6, type: 'bfv-erd-goals', dates: ended });
      await seedEstimateEntry(t.ctx.db, { id: 'g-2', challengeId: 'goals-2', clubId: 'club-1001-w', estimate: 3 });
      const [a, b] = await Promise.all([
        op('POST', resultPaths.publish('voting'), { expectedVersion: 0 }),
        op('POST', resultPaths.publish('goals-2'), { expectedVersion: 0 }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const row = (await file('overall-year-2026.json')).rows!.find((r) => r.club._id === 'club-1001-w');
      expect(row!.points).toBe(55 + 100 + 100);
      const latest = ((await op('GET', resultPaths.overallVersions('year-2026'))).json() as { items: ResultVersionDto[] }).items[0]!;
      expect((latest.rules as { challenges: { challengeId: string }[] }).challenges.map((c) => c.challengeId)).toEqual([
        'est',
        'slogan',
        'goals',
        'pics',
        'running',
        'voting',
        'goals-2',
      ]);
    });
  });
});

test('a withdrawn challenge (issue 26) leaves the overview and the #n; the next overall table leaves its points out', async () => {
  await on('2026-07-01', async () => {
    await t.ctx.db
      .update(challenges)
      .set({ withdrawnAt: new Date(), withdrawnReason: 'Fehler in der Frage' })
      .where(eq(challenges.id, 'est'));
    const overview = (await op('GET', resultPaths.overview)).json() as ResultOverviewDto;
    expect(overview.challenges.map((c) => [c.challengeId, c.number]).slice(0, 3)).toEqual([
      ['slogan', 1],
      ['goals', 2],
      ['pics', 3],
    ]);
    await seedChallenge(t.ctx.db, { id: 'goals-3', yearId: 'year-2026', position: 7, type: 'bfv-erd-goals', dates: ended });
    await seedEstimateEntry(t.ctx.db, { id: 'g-3', challengeId: 'goals-3', clubId: 'club-1000-w', estimate: 3 });
    expect((await op('POST', resultPaths.publish('goals-3'), { expectedVersion: 0 })).statusCode).toBe(200);
    const latest = ((await op('GET', resultPaths.overallVersions('year-2026'))).json() as { items: ResultVersionDto[] }).items[0]!;
    expect((latest.rules as { challenges: { challengeId: string }[] }).challenges.map((c) => c.challengeId)).not.toContain('est');
    await t.ctx.db.update(challenges).set({ withdrawnAt: null, withdrawnReason: null }).where(eq(challenges.id, 'est'));
  });
});
