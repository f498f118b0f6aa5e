import { eq } from 'drizzle-orm';
import { WERBERAT_CHECK_KEYS, type WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import type { ParticipationDto } from '@erd/shared-contracts/wire';
import { participations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedYear, voteDates } from '../../test-support/seed.js';
import { decideParticipations } from '../moderation/decisions.js';
import { publishParticipation, rejectParticipation } from '../moderation/service.js';

/**
 * The clubs' own entries (contracts entries.ts): GET/PUT /api/challenge/particpation/{id} for each
 * challenge type and time state, on a fixed clock: today is 2026-06-15 in Europe/Berlin.
 */

let t: TestApp;
let a: Member;
let b: Member;

const TODAY = new Date('2026-06-15T10:00:00Z');
const path = (challengeId: string) => `/api/challenge/particpation/${challengeId}`;

beforeAll(async () => {
  t = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '100' } });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 30);
  const est = (id: string, startDate: string, endDate: string, type: 'bfv-erd-estimate' | 'bfv-erd-goals' = 'bfv-erd-estimate') =>
    seedChallenge(db, { id, type, dates: { startDate, endDate } });
  await est('est-open', '2026-06-01', '2026-06-30');
  await est('est-last-day', '2026-06-01', '2026-06-15');
  await est('est-first-day', '2026-06-15', '2026-06-30');
  await est('est-upcoming', '2026-06-16', '2026-06-30');
  await est('est-finished', '2026-05-01', '2026-06-14');
  await est('goals-open', '2026-06-10', '2026-06-20', 'bfv-erd-goals');
  const vote = (id: string, type: 'bfv-erd-text-vote' | 'bfv-erd-picture-vote', sub: [string, string], voting: [string, string]) =>
    seedChallenge(db, { id, type, dates: voteDates(sub, voting) });
  await vote('text-submit', 'bfv-erd-text-vote', ['2026-06-10', '2026-06-15'], ['2026-06-16', '2026-06-30']);
  await vote('text-voting', 'bfv-erd-text-vote', ['2026-06-01', '2026-06-10'], ['2026-06-11', '2026-06-30']);
  await vote('text-upcoming', 'bfv-erd-text-vote', ['2026-06-16', '2026-06-20'], ['2026-06-21', '2026-06-30']);
  await vote('text-finished', 'bfv-erd-text-vote', ['2026-05-01', '2026-05-10'], ['2026-05-11', '2026-06-14']);
  await vote('picture-submit', 'bfv-erd-picture-vote', ['2026-06-10', '2026-06-20'], ['2026-06-21', '2026-06-30']);
  a = await createMember(t, 'club-1000-m');
  b = await createMember(t, 'club-1000-w');
});
afterAll(() => t.close());

const get = (challengeId: string, member: Member | null = a) =>
  t.app.inject({ method: 'GET', url: path(challengeId), headers: member ? { authorization: `Bearer ${member.accessToken}` } : {} });
const put = (challengeId: string, payload: unknown, member: Member | null = a) =>
  t.app.inject({ method: 'PUT', url: path(challengeId), headers: memberHeaders(member), payload: payload as Record<string, unknown> });

const getWithRejection = (challengeId: string, member: Member = a) =>
  t.app.inject({
    method: 'GET',
    url: `${path(challengeId)}?include=rejection`,
    headers: { authorization: `Bearer ${member.accessToken}` },
  });

const rowsOf = (challengeId: string) => t.ctx.db.select().from(participations).where(eq(participations.challengeId, challengeId));

describe('access', () => {
  test('without a valid access token → 401 Unauthorized', async () => {
    expect((await get('est-open', null)).statusCode).toBe(401);
    expect((await put('est-open', { estimate: 1 }, null)).json()).toMatchObject({ code: 'Unauthorized' });
    const forged = await t.app.inject({ method: 'GET', url: path('est-open'), headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(forged.statusCode).toBe(401);
  });

  test('PUT without the anti-forgery header → 403, nothing saved', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: path('est-open'),
      headers: { authorization: `Bearer ${a.accessToken}` },
      payload: { estimate: 5 },
    });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf('est-open')).toEqual([]);
  });

  test('unknown challenge → 404 NotFound; no entry yet → 200 null', async () => {
    expect((await get('nope')).json()).toMatchObject({ code: 'NotFound' });
    expect((await put('nope', { estimate: 1 })).statusCode).toBe(404);
    const none = await get('est-open');
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-type']).toMatch(/^application\/json/);
    expect(none.headers['cache-control']).toBe('no-store');
    expect(none.body).toBe('null');
  });
});

describe('estimate and goals', () => {
  test('saved at once, answered as GET answers it, changeable until the end (one row)', async () => {
    const first = await put('est-open', { estimate: 1234 });
    expect(first.statusCode).toBe(200);
    const saved = first.json<ParticipationDto>();
    expect(saved).toMatchObject({
      sys: { objectTypeId: 'bfv-erd-estimate-participation' },
      fields: { estimate: 1234, challenge: { id: 'est-open' }, club: { sys: { id: 'club-1000-m' } } },
    });
    expect((await get('est-open')).json()).toEqual(saved);

    const changed = await put('est-open', { estimate: 0 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<ParticipationDto>()).toMatchObject({ _id: saved._id, fields: { estimate: 0 } });
    const rows = await rowsOf('est-open');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ estimate: 0, clubId: 'club-1000-m' });
    // Another club has its own entry; a member never sees another club's estimate.
    expect((await get('est-open', b)).body).toBe('null');
  });

  test('first and last day are open (end inclusive); before the start and after the end → 403 SubmissionClosed', async () => {
    expect((await put('est-first-day', { estimate: 7 })).statusCode).toBe(200);
    expect((await put('est-last-day', { estimate: 999999999 })).statusCode).toBe(200);
    for (const id of ['est-upcoming', 'est-finished']) {
      const res = await put(id, { estimate: 7 });
      expect([id, res.statusCode, res.json().code]).toEqual([id, 403, 'SubmissionClosed']);
      expect(await rowsOf(id)).toEqual([]);
    }
  });

  test('goals take the same kind of entry', async () => {
    const res = await put('goals-open', { estimate: 42 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fields: { estimate: 42 } });
  });

  test.each([
    [{ estimate: -1 }],
    [{ estimate: 1.5 }],
    [{ estimate: 1234567890 }],
    [{ estimate: 1e21 }],
    [{ estimate: '4,5' }],
    [{ estimate: '4.50' }],
    [{ estimate: '-1' }],
    [{ estimate: '1.234.567.890' }],
    [{ estimate: '' }],
    [{ estimate: 'viele' }],
    [{ estimate: null }],
    [{ estimate: 1, slogan: 'x' }],
    [{}],
    [{ other: 1 }],
    [[1]],
  ])('%j → 400 ValidationError, nothing changes', async (payload) => {
    const before = await rowsOf('est-open');
    const res = await put('est-open', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError' });
    expect(await rowsOf('est-open')).toEqual(before);
  });

  test('issue 24: a number as Germans write it is saved as the number; anything else names the rule in German', async () => {
    for (const [estimate, saved] of [
      ['4.500', 4500],
      ['4 500', 4500],
      ['4\u00a0500', 4500],
      [' 4500 ', 4500],
      ['123', 123],
      ['999.999.999', 999_999_999],
    ] as const) {
      const res = await put('est-open', { estimate }, b);
      expect([estimate, res.statusCode]).toEqual([estimate, 200]);
      expect(res.json()).toMatchObject({ fields: { estimate: saved }, state: 'published' });
      expect((await get('est-open', b)).json()).toMatchObject({ fields: { estimate: saved } });
    }
    const wrong = await put('est-open', { estimate: '4,5' }, b);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'ValidationError', field: 'estimate' });
    expect(wrong.json().message).toContain('Erwartet wird eine ganze Zahl mit 1 bis 9 Ziffern, zum Beispiel 4500 oder 4.500.');
    expect((await rowsOf('est-open')).find((r) => r.clubId === 'club-1000-w')!.estimate).toBe(999_999_999);
  });

  test('the wrong kind of entry for the challenge → 400', async () => {
    expect((await put('est-open', { slogan: 'Hallo' })).json()).toMatchObject({ code: 'ValidationError', expected: 'estimate' });
    expect((await put('text-submit', { estimate: 3 })).json()).toMatchObject({ code: 'ValidationError', expected: 'slogan' });
    expect((await put('text-submit', { picture: '0'.repeat(32) })).json()).toMatchObject({ code: 'ValidationError' });
    expect((await put('picture-submit', { slogan: 'x' })).json()).toMatchObject({ code: 'ValidationError', expected: 'picture' });
  });

  test('parallel saves of one club → one row, the last value wins', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => put('goals-open', { estimate: 100 + i }, b)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const rows = (await rowsOf('goals-open')).filter((r) => r.clubId === 'club-1000-w');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.estimate).toBeGreaterThanOrEqual(100);
  });
});

describe('slogan', () => {
  const markup = '  <b>Hallo</b> & <script>alert("x")</script> {{7*7}} ${x}\nZeile 2  ';

  test('stored verbatim as plain text (trimmed), unpublished, once per club: a second PUT → 409', async () => {
    const res = await put('text-submit', { slogan: markup });
    expect(res.statusCode).toBe(200);
    const saved = res.json<ParticipationDto>();
    expect(saved).toMatchObject({
      sys: { objectTypeId: 'bfv-erd-text-participation' },
      publishedAt: [],
      state: 'pending',
      fields: { slogan: markup.trim(), votes: 0, challenge: { id: 'text-submit' } },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((await get('text-submit')).json()).toEqual(saved);

    const again = await put('text-submit', { slogan: 'Anders' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'AlreadySubmitted' });
    const rows = await rowsOf('text-submit');
    expect(rows.map((r) => [r.clubId, r.slogan, r.state])).toEqual([['club-1000-m', markup.trim(), 'pending']]);

    // Not public before an operator publishes it.
    const search = await t.app.inject({ url: `/content/public/spaces/erd/objects/search?fields.challenge.id=text-submit` });
    expect(search.json()).toEqual({ items: [], total: 0 });
    expect((await t.app.inject({ url: `/content/public/spaces/erd/objects/${saved._id}` })).statusCode).toBe(404);
  });

  test('a rejected entry disappears and the club may submit again; include=rejection tells the reason until then', async () => {
    const own = (await get('text-submit')).json<ParticipationDto>();
    await rejectParticipation({ ctx: t.ctx, input: { id: own._id, reason: 'Beleidigend', actor: { operatorId: null, name: 'cli:test' } } });
    // The spec's answer stays null; asked for, the last rejection with the operator's reason and what was sent.
    expect((await get('text-submit')).body).toBe('null');
    const rejected = await getWithRejection('text-submit');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['cache-control']).toBe('no-store');
    expect(rejected.json()).toEqual({
      state: 'rejected',
      challengeId: 'text-submit',
      objectTypeId: 'bfv-erd-text-participation',
      reason: 'Beleidigend',
      rejectedAt: TODAY.toISOString(),
      withdrawn: false,
      slogan: markup.trim(),
    });
    // Another club's rejection is not this club's.
    expect((await getWithRejection('text-submit', b)).body).toBe('null');

    const res = await put('text-submit', { slogan: 'Neuer Versuch' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fields: { slogan: 'Neuer Versuch' }, publishedAt: [], state: 'pending' });
    // With an entry again, the entry is the answer.
    expect((await getWithRejection('text-submit')).json()).toMatchObject({ state: 'pending', fields: { slogan: 'Neuer Versuch' } });
  });

  test('include=rejection: without a reason → null reason; a published entry says published; other values → 400', async () => {
    const member = await createMember(t, 'club-1003-m');
    const first = (await put('text-submit', { slogan: 'Erster' }, member)).json<ParticipationDto>();
    await rejectParticipation({ ctx: t.ctx, input: { id: first._id, actor: { operatorId: null, name: 'cli:test' } } });
    expect((await getWithRejection('text-submit', member)).json()).toMatchObject({ state: 'rejected', reason: null, slogan: 'Erster' });
    const second = (await put('text-submit', { slogan: 'Zweiter' }, member)).json<ParticipationDto>();
    await publishParticipation({ ctx: t.ctx, input: { id: second._id, actor: { operatorId: null, name: 'cli:test' } } });
    expect((await get('text-submit', member)).json()).toMatchObject({ state: 'published', publishedAt: [{ state: 'published' }] });
    // Taken back after publication (the back office's withdrawal): a rejection that says so.
    const checklist = Object.fromEntries(WERBERAT_CHECK_KEYS.map((key) => [key, true])) as WerberatChecklistDto;
    await decideParticipations({
      ctx: t.ctx,
      input: {
        body: { decision: 'withdraw', ids: [second._id], checklist, reason: 'Nachträglich gemeldet' },
        actor: { operatorId: null, name: 'cli:test' },
      },
    });
    expect((await getWithRejection('text-submit', member)).json()).toMatchObject({
      state: 'rejected',
      reason: 'Nachträglich gemeldet',
      withdrawn: true,
      slogan: 'Zweiter',
    });
    // An estimate never has a rejection.
    expect((await getWithRejection('est-upcoming', member)).body).toBe('null');
    const bad = await t.app.inject({ method: 'GET', url: `${path('text-submit')}?include=everything`, headers: memberHeaders(member) });
    expect(bad.statusCode).toBe(400);
  });

  test('length: 200 characters after trimming are fine, 201 are not; empty or blank → 400', async () => {
    expect((await put('text-submit', { slogan: ` ${'ä'.repeat(200)} ` }, b)).statusCode).toBe(200);
    const other = await createMember(t, 'club-1001-m');
    for (const slogan of ['x'.repeat(201), '', '   \n ', 'a\u0000b', 'a\u0007b', '\ud800x', 42, null]) {
      const res = await put('text-submit', { slogan }, other);
      expect([JSON.stringify(slogan), res.statusCode, res.json().code]).toEqual([JSON.stringify(slogan), 400, 'ValidationError']);
    }
    expect((await rowsOf('text-submit')).filter((r) => r.clubId === 'club-1001-m')).toEqual([]);
  });

  test('only in the submission window: voting, upcoming and finished → 403 SubmissionClosed', async () => {
    for (const id of ['text-voting', 'text-upcoming', 'text-finished']) {
      const res = await put(id, { slogan: 'Zu spät' });
      expect([id, res.statusCode, res.json().code]).toEqual([id, 403, 'SubmissionClosed']);
    }
  });

  test('parallel submissions of one club → exactly one entry', async () => {
    const member = await createMember(t, 'club-1002-m');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => put('text-submit', { slogan: `Spruch ${i}` }, member)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect((await rowsOf('text-submit')).filter((r) => r.clubId === 'club-1002-m')).toHaveLength(1);
  });
});

describe('picture (details in uploads/routes.test.ts)', () => {
  test('an unknown or malformed key → 400, nothing saved', async () => {
    for (const picture of ['0'.repeat(32), '../../etc/passwd', '']) {
      const res = await put('picture-submit', { picture });
      expect(res.statusCode).toBe(400);
    }
    expect(await rowsOf('picture-submit')).toEqual([]);
  });
});
