import { eq } from 'drizzle-orm';
import type { ModerationDecisionResultDto, ModerationLookupDto, WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import { moderationLog, participations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import { seedChallenges, seedClubs, seedEstimateEntry, seedParticipation, seedYear, voteDates } from '../../test-support/seed.js';
import { ADMIN, MODERATOR, operatorCall, operatorSessions } from '../../test-support/operators.js';
import { rejectParticipation } from './service.js';

/**
 * The back office's moderation calls (moderationAdminPaths): decisions with the Werberat checklist
 * on one or several entries (publish needs every point confirmed; reject needs a reason and keeps
 * the failed points), each its own audit row, the answer per entry; two operators deciding the same
 * entry at once: exactly one wins. The lookup by id shows an entry in any state with its history.
 */

let t: TestApp;
let admin: string;
let moderator: string;
let member: Member;
const NOW = new Date('2026-06-15T10:00:00Z');
const DECISIONS = '/api/operator/moderation/decisions';
const entryUrl = (id: string) => `/api/operator/moderation/entries/${encodeURIComponent(id)}`;
const ALL_OK: WerberatChecklistDto = { minors: true, traffic: true, performance: true, excess: true };

const call = (method: 'GET' | 'POST', url: string, session: string | null, payload?: unknown) =>
  operatorCall(t.app, method, url, session, payload);

const decide = (session: string, payload: unknown) => call('POST', DECISIONS, session, payload);
let nextClub = 1010;
/** A pending slogan of a club of its own (one entry per club and challenge); again for the same id: nothing. */
async function pending(id: string, clubId?: string): Promise<void> {
  const exists = await t.ctx.db.select({ id: participations.id }).from(participations).where(eq(participations.id, id));
  if (exists.length) return;
  await seedParticipation(t.ctx.db, {
    id,
    challengeId: 'text-submit',
    clubId: clubId ?? `club-${nextClub++}-m`,
    state: 'pending',
    slogan: `Spruch ${id}`,
  });
}
const stateOf = async (id: string) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]?.state ?? 'gone';
const logOf = (id: string) => t.ctx.db.select().from(moderationLog).where(eq(moderationLog.participationId, id)).orderBy(moderationLog.id);

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100' } });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 200);
  await seedChallenges(t.ctx.db, [
    { id: 'text-submit', dates: voteDates(['2026-06-10', '2026-06-20'], ['2026-06-21', '2026-06-30']) },
    { id: 'estimate', type: 'bfv-erd-estimate', dates: { startDate: '2026-06-01', endDate: '2026-06-30' } },
  ]);
  await seedEstimateEntry(t.ctx.db, { id: 'p-estimate', challengeId: 'estimate', clubId: 'club-1001-m', estimate: 12, state: 'pending' });
  ({ admin, moderator } = await operatorSessions(t));
  member = await createMember(t, 'club-1002-m');
});

afterAll(async () => {
  await t.close();
});

describe('access', () => {
  test('anonymous, a forged session and a club access token: 401 on both calls, nothing decided', async () => {
    await pending('p-access');
    const routes: Array<['GET' | 'POST', string, unknown]> = [
      ['POST', DECISIONS, { decision: 'publish', ids: ['p-access'], checklist: ALL_OK }],
      ['GET', entryUrl('p-access'), undefined],
    ];
    for (const [method, url, payload] of routes) {
      for (const session of [null, 'x'.repeat(43)]) {
        const res = await call(method, url, session, payload);
        expect([url, res.statusCode, res.json().code]).toEqual([url, 401, 'Unauthorized']);
      }
      const club = await t.app.inject({
        method,
        url,
        headers: memberHeaders(member),
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
      expect([url, club.statusCode, club.json().code]).toEqual([url, 401, 'Unauthorized']);
    }
    expect(await stateOf('p-access')).toBe('pending');
    expect(await logOf('p-access')).toEqual([]);
  });

  test('a moderator and an admin may both decide and look up', async () => {
    await pending('p-role-a');
    await pending('p-role-b');
    for (const [session, id] of [
      [moderator, 'p-role-a'],
      [admin, 'p-role-b'],
    ] as const) {
      const res = await decide(session, { decision: 'publish', ids: [id], checklist: ALL_OK });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ decision: 'publish', items: [{ id, outcome: 'published' }], done: 1 });
      expect((await call('GET', entryUrl(id), session)).statusCode).toBe(200);
    }
    expect((await logOf('p-role-a'))[0]).toMatchObject({ actor: MODERATOR.email });
    expect((await logOf('p-role-b'))[0]).toMatchObject({ actor: ADMIN.email });
  });
});

describe('bad input: 400 with a German message, nothing changed', () => {
  test.each<[string, unknown, string]>([
    ['no body', undefined, 'body'],
    ['an unknown decision', { decision: 'delete', ids: ['p-bad'], checklist: ALL_OK }, 'decision'],
    ['no ids', { decision: 'publish', ids: [], checklist: ALL_OK }, 'ids'],
    ['ids not a list', { decision: 'publish', ids: 'p-bad', checklist: ALL_OK }, 'ids'],
    ['an id not a string', { decision: 'publish', ids: [1], checklist: ALL_OK }, 'ids'],
    ['an empty id', { decision: 'publish', ids: [''], checklist: ALL_OK }, 'ids'],
    ['an id twice', { decision: 'publish', ids: ['p-bad', 'p-bad'], checklist: ALL_OK }, 'ids'],
    ['51 ids', { decision: 'publish', ids: Array.from({ length: 51 }, (_, i) => `p-${i}`), checklist: ALL_OK }, 'ids'],
    ['no checklist', { decision: 'publish', ids: ['p-bad'] }, 'checklist'],
    [
      'a checklist without a point',
      { decision: 'publish', ids: ['p-bad'], checklist: { minors: true, traffic: true, performance: true } },
      'checklist',
    ],
    ['a checklist with an unknown point', { decision: 'publish', ids: ['p-bad'], checklist: { ...ALL_OK, extra: true } }, 'checklist'],
    ['a checklist with "ja" for a point', { decision: 'publish', ids: ['p-bad'], checklist: { ...ALL_OK, excess: 'ja' } }, 'checklist'],
    ['a checklist as a list', { decision: 'publish', ids: ['p-bad'], checklist: [true, true, true, true] }, 'checklist'],
    ['an unknown field', { decision: 'publish', ids: ['p-bad'], checklist: ALL_OK, force: true }, 'force'],
    ['a reject without reason', { decision: 'reject', ids: ['p-bad'], checklist: ALL_OK }, 'reason'],
    ['a reject with a reason too short', { decision: 'reject', ids: ['p-bad'], checklist: ALL_OK, reason: 'x ' }, 'reason'],
    ['a reject with a reason too long', { decision: 'reject', ids: ['p-bad'], checklist: ALL_OK, reason: 'x'.repeat(501) }, 'reason'],
    // The input rule of every route refuses control characters before the service sees them.
    [
      'a reject with a control character in the reason',
      { decision: 'reject', ids: ['p-bad'], checklist: ALL_OK, reason: 'Werbung\u0007' },
      'body.reason',
    ],
    ['an id with a control character', { decision: 'publish', ids: ['p-bad\u0007'], checklist: ALL_OK }, 'body.ids[0]'],
  ])('%s', async (_name, payload, field) => {
    await pending('p-bad');
    const res = await decide(moderator, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ValidationError', ...(field === 'body' ? {} : { field }) });
    expect(res.json().message).toMatch(/[a-zäöü]/);
    expect(await stateOf('p-bad')).toBe('pending');
    expect(await logOf('p-bad')).toEqual([]);
  });

  test('publishing with a point not confirmed is refused with the German rule', async () => {
    await pending('p-incomplete');
    const res = await decide(moderator, { decision: 'publish', ids: ['p-incomplete'], checklist: { ...ALL_OK, traffic: false } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'ValidationError',
      field: 'checklist',
      message: 'Zum Freigeben müssen alle vier Punkte der Werberat-Checkliste bestätigt sein.',
      requestId: expect.any(String),
    });
    expect(await stateOf('p-incomplete')).toBe('pending');
    expect(await logOf('p-incomplete')).toEqual([]);
  });

  test('a lookup id with a control character is 400; one longer than any id is 404 (the router takes at most 100 characters)', async () => {
    const res = await call('GET', entryUrl('p-bad\u0007'), moderator);
    expect([res.statusCode, res.json().code]).toEqual([400, 'ValidationError']);
    expect((await call('GET', entryUrl('p'.repeat(201)), moderator)).statusCode).toBe(404);
  });
});

describe('decisions', () => {
  test('publish one: public, one audit row with the checklist', async () => {
    await pending('p-one', 'club-1000-m');
    const res = await decide(moderator, { decision: 'publish', ids: ['p-one'], checklist: ALL_OK });
    expect(res.json()).toEqual({ decision: 'publish', items: [{ id: 'p-one', outcome: 'published' }], done: 1 });
    expect(await stateOf('p-one')).toBe('published');
    const rows = await logOf('p-one');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'publish',
      actor: MODERATOR.email,
      reason: null,
      subjectType: 'participation',
      subjectId: 'p-one',
      challengeId: 'text-submit',
    });
    expect(rows[0]!.details).toEqual({ challengeId: 'text-submit', clubId: 'club-1000-m', checklist: ALL_OK, batch: 1 });
    const search = await t.app.inject({ url: '/content/public/spaces/erd/objects/p-one' });
    expect(search.statusCode).toBe(200);
  });

  test('reject one with a reason: deleted, the row keeps the entry, the checklist and the failed points', async () => {
    await pending('p-reject', 'club-1003-m');
    const checklist = { ...ALL_OK, performance: false, excess: false };
    const res = await decide(moderator, { decision: 'reject', ids: ['p-reject'], checklist, reason: '  Bier macht schneller  ' });
    expect(res.json()).toEqual({ decision: 'reject', items: [{ id: 'p-reject', outcome: 'rejected' }], done: 1 });
    expect(await stateOf('p-reject')).toBe('gone');
    const [row] = await logOf('p-reject');
    expect(row).toMatchObject({ action: 'reject', reason: 'Bier macht schneller', actor: MODERATOR.email });
    expect(row!.details).toMatchObject({
      checklist,
      failedChecks: ['performance', 'excess'],
      batch: 1,
      entry: { id: 'p-reject', slogan: 'Spruch p-reject', club: { id: 'club-1003-m' }, state: 'pending' },
    });
  });

  test('withdraw a published entry after a report: deleted with its votes, the row says it was public; a pending one is not withdrawn', async () => {
    await pending('p-withdraw', 'club-1004-m');
    expect((await decide(moderator, { decision: 'publish', ids: ['p-withdraw'], checklist: ALL_OK })).json().done).toBe(1);
    const noReason = await decide(moderator, { decision: 'withdraw', ids: ['p-withdraw'], checklist: ALL_OK });
    expect([noReason.statusCode, noReason.json().field]).toEqual([400, 'reason']);
    expect(await stateOf('p-withdraw')).toBe('published');

    const checklist = { ...ALL_OK, minors: false };
    const res = await decide(admin, {
      decision: 'withdraw',
      ids: ['p-withdraw'],
      checklist,
      reason: 'Gemeldet: zeigt Kinder mit Bierkrügen',
    });
    expect(res.json()).toEqual({ decision: 'withdraw', items: [{ id: 'p-withdraw', outcome: 'withdrawn' }], done: 1 });
    expect(await stateOf('p-withdraw')).toBe('gone');
    const rows = await logOf('p-withdraw');
    expect(rows.map((r) => r.action)).toEqual(['publish', 'reject']);
    expect(rows[1]).toMatchObject({ reason: 'Gemeldet: zeigt Kinder mit Bierkrügen', actor: ADMIN.email });
    expect(rows[1]!.details).toMatchObject({
      withdrawn: true,
      checklist,
      failedChecks: ['minors'],
      entry: { id: 'p-withdraw', state: 'published' },
    });
    expect((await t.app.inject({ url: '/content/public/spaces/erd/objects/p-withdraw' })).statusCode).toBe(404);

    // Withdrawing is for published entries: a pending one stays (the queue rejects it), a gone one is reported as decided.
    await pending('p-still-pending', 'club-1005-m');
    const notPublished = await decide(moderator, {
      decision: 'withdraw',
      ids: ['p-still-pending', 'p-withdraw'],
      checklist,
      reason: 'Gemeldet',
    });
    expect(notPublished.json()).toEqual({
      decision: 'withdraw',
      items: [
        { id: 'p-still-pending', outcome: 'already-decided', current: 'pending' },
        { id: 'p-withdraw', outcome: 'already-decided', current: 'rejected' },
      ],
      done: 0,
    });
    expect(await stateOf('p-still-pending')).toBe('pending');
  });

  test('several at once: each its own row; the answer says per entry what happened', async () => {
    await pending('p-many-1');
    await pending('p-many-2');
    await pending('p-many-done');
    await decide(admin, { decision: 'reject', ids: ['p-many-done'], checklist: ALL_OK, reason: 'Beleidigt den Gegner' });
    const res = await decide(moderator, {
      decision: 'publish',
      ids: ['p-many-1', 'p-one', 'p-many-done', 'p-nobody', 'p-estimate', 'p-many-2'],
      checklist: ALL_OK,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ModerationDecisionResultDto>()).toEqual({
      decision: 'publish',
      items: [
        { id: 'p-many-1', outcome: 'published' },
        { id: 'p-one', outcome: 'already-decided', current: 'published' },
        { id: 'p-many-done', outcome: 'already-decided', current: 'rejected' },
        { id: 'p-nobody', outcome: 'not-found' },
        { id: 'p-estimate', outcome: 'not-found' },
        { id: 'p-many-2', outcome: 'published' },
      ],
      done: 2,
    });
    for (const id of ['p-many-1', 'p-many-2']) {
      expect(await stateOf(id)).toBe('published');
      const rows = await logOf(id);
      expect(rows.map((r) => [r.action, r.details.batch])).toEqual([['publish', 6]]);
    }
    expect(await logOf('p-one')).toHaveLength(1);
    expect(await stateOf('p-estimate')).toBe('pending');

    // Rejecting several: a published entry is no longer pending and stays.
    await pending('p-many-3');
    const rejected = await decide(moderator, {
      decision: 'reject',
      ids: ['p-many-3', 'p-many-1'],
      checklist: { ...ALL_OK, minors: false },
      reason: 'Kinder im Bild',
    });
    expect(rejected.json<ModerationDecisionResultDto>().items).toEqual([
      { id: 'p-many-3', outcome: 'rejected' },
      { id: 'p-many-1', outcome: 'already-decided', current: 'published' },
    ]);
    expect(await stateOf('p-many-1')).toBe('published');
  });

  test('two operators decide the same entries at the same time: exactly one wins each, one row each', async () => {
    for (let round = 0; round < 5; round++) {
      const id = `p-race-${round}`;
      await pending(id);
      // Publish against publish, and publish against reject.
      const other =
        round % 2 === 0
          ? { decision: 'publish', ids: [id], checklist: ALL_OK }
          : { decision: 'reject', ids: [id], checklist: ALL_OK, reason: 'Doppelt eingereicht' };
      const [a, b] = await Promise.all([decide(moderator, { decision: 'publish', ids: [id], checklist: ALL_OK }), decide(admin, other)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      const outcomes = [a.json<ModerationDecisionResultDto>().items[0]!.outcome, b.json<ModerationDecisionResultDto>().items[0]!.outcome];
      expect(outcomes.filter((o) => o === 'published' || o === 'rejected')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'already-decided')).toHaveLength(1);
      const rows = await logOf(id);
      expect(rows).toHaveLength(1);
      expect(await stateOf(id)).toBe(rows[0]!.action === 'publish' ? 'published' : 'gone');
    }
  });
});

describe('looking an entry up by id', () => {
  test('pending: the entry, no history yet', async () => {
    await pending('p-look-pending', 'club-1004-m');
    const res = await call('GET', entryUrl('p-look-pending'), moderator);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<ModerationLookupDto>()).toEqual({
      id: 'p-look-pending',
      state: 'pending',
      entry: expect.objectContaining({
        id: 'p-look-pending',
        state: 'pending',
        slogan: 'Spruch p-look-pending',
        club: expect.objectContaining({ id: 'club-1004-m' }),
      }),
      history: [],
    });
  });

  test('published: the decision with who, when and the checklist', async () => {
    const res = (await call('GET', entryUrl('p-one'), admin)).json<ModerationLookupDto>();
    expect(res).toMatchObject({
      id: 'p-one',
      state: 'published',
      entry: { id: 'p-one', state: 'published', publishedAt: NOW.toISOString() },
    });
    expect(res.history).toEqual([
      { id: expect.any(Number), at: NOW.toISOString(), action: 'publish', actor: MODERATOR.email, reason: null, checklist: ALL_OK },
    ]);
  });

  test('rejected: gone from the entries, shown as the log recorded it', async () => {
    const res = (await call('GET', entryUrl('p-reject'), moderator)).json<ModerationLookupDto>();
    expect(res).toMatchObject({
      id: 'p-reject',
      state: 'rejected',
      entry: { id: 'p-reject', slogan: 'Spruch p-reject', club: { id: 'club-1003-m' } },
    });
    expect(res.history).toEqual([
      {
        id: expect.any(Number),
        at: NOW.toISOString(),
        action: 'reject',
        actor: MODERATOR.email,
        reason: 'Bier macht schneller',
        checklist: { ...ALL_OK, performance: false, excess: false },
      },
    ]);
  });

  test('a decision of the command line (per-entry call) shows without a checklist', async () => {
    await pending('p-cli');
    await rejectParticipation({
      ctx: t.ctx,
      input: { id: 'p-cli', reason: 'Per Kommandozeile', actor: { operatorId: null, name: 'cli:test' } },
    });
    const res = (await call('GET', entryUrl('p-cli'), moderator)).json<ModerationLookupDto>();
    expect(res).toMatchObject({
      state: 'rejected',
      entry: { id: 'p-cli' },
      history: [{ action: 'reject', actor: 'cli:test', reason: 'Per Kommandozeile', checklist: null }],
    });
  });

  test('an id neither the entries nor the log know: 404 with a German message; estimates are no moderated entries', async () => {
    for (const id of ['p-niemals', 'p-estimate']) {
      const res = await call('GET', entryUrl(id), moderator);
      expect([id, res.statusCode, res.json()]).toEqual([
        id,
        404,
        {
          code: 'NotFound',
          message: 'Zu dieser ID gibt es keinen Beitrag und keinen Eintrag im Protokoll.',
          requestId: expect.any(String),
        },
      ]);
    }
  });
});
