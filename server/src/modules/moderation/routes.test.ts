import { eq } from 'drizzle-orm';
import type { OperatorParticipationPageDto, OperatorVotePageDto, ParticipationDto, RemoveVotesResultDto } from '@erd/shared-contracts/wire';
import { ValidationError } from '../../errors.js';
import { moderationLog, operators, operatorSessions, participations } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/hash.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, XSRF, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedEstimateEntry, seedParticipation, seedYear, voteDates } from '../../test-support/seed.js';
import { operatorCall, signInOperator } from '../../test-support/operators.js';
import { addOperator } from './service.js';
import { OPERATOR_COOKIE } from './routes.js';

/**
 * The operator API as a moderator uses it: login (session cookie), review list, publish (then
 * public with publishedAt), reject (deleted, the club may submit again), vote records and their
 * removal with a logged reason. Roles, sessions and operator management: modules/operators.
 */

let t: TestApp;
let member: Member;
let voter: Member;
let session: string;
const TODAY = new Date('2026-06-15T10:00:00Z');
const OPERATOR = { email: 'moderation@example.org', password: 'Schiri!Pfeife2026' };
const xsrf = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

beforeAll(async () => {
  t = await createTestApp({ now: TODAY, env: { RATE_LIMIT_SCALE: '100', VOTE_PROOF_COST: '1' } });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 10);
  await seedChallenge(db, { id: 'text-submit', dates: voteDates(['2026-06-10', '2026-06-20'], ['2026-06-21', '2026-06-30']) });
  await seedChallenge(db, { id: 'text-vote', dates: voteDates(['2026-06-01', '2026-06-10'], ['2026-06-11', '2026-06-30']) });
  await seedChallenge(db, { id: 'estimate', type: 'bfv-erd-estimate', dates: { startDate: '2026-06-01', endDate: '2026-06-30' } });
  await seedParticipation(db, { id: 'p-voted', challengeId: 'text-vote', clubId: 'club-1003-m', slogan: 'Stimmen bitte' });
  await seedEstimateEntry(db, { id: 'p-estimate', challengeId: 'estimate', clubId: 'club-1003-m', estimate: 4711 });
  member = await createMember(t, 'club-1000-m');
  voter = await createMember(t, 'club-1001-m');
  await addOperator({ ctx: t.ctx, input: OPERATOR });
});
afterAll(() => t.close());

const ALL_CONFIRMED = { checklist: { minors: true, traffic: true, performance: true, excess: true } };

const op = (method: 'GET' | 'POST', url: string, payload?: unknown, cookie = session) => operatorCall(t.app, method, url, cookie, payload);

describe('operators', () => {
  test('operator-add rules: valid address, a strong password of 12+ characters; the password is stored as scrypt', async () => {
    await expect(addOperator({ ctx: t.ctx, input: { email: 'kein-at', password: OPERATOR.password } })).rejects.toThrow(ValidationError);
    await expect(addOperator({ ctx: t.ctx, input: { email: 'x@example.org', password: 'Kurz!1a' } })).rejects.toThrow(ValidationError);
    const [row] = await t.ctx.db.select().from(operators).where(eq(operators.email, OPERATOR.email));
    expect(row!.passwordHash).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(JSON.stringify(row)).not.toContain(OPERATOR.password);
    // Again: a new password for the same operator, no second row.
    expect(await addOperator({ ctx: t.ctx, input: { email: 'MODERATION@example.org ', password: OPERATOR.password } })).toMatchObject({
      email: OPERATOR.email,
      role: 'moderator',
      created: false,
    });
    expect(await t.ctx.db.select().from(operators)).toHaveLength(1);
  });

  test('login: wrong password or unknown address → 401 InvalidCredentials; right → session cookie (http-only, strict, hashed in the database)', async () => {
    for (const body of [{ ...OPERATOR, password: 'falsch' }, { email: 'niemand@example.org', password: OPERATOR.password }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/operator/login', headers: xsrf, payload: body });
      expect([res.statusCode, res.json().code]).toEqual([401, 'InvalidCredentials']);
      expect(res.cookies).toEqual([]);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/operator/login', headers: xsrf, payload: OPERATOR });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^op-/),
      email: OPERATOR.email,
      role: 'moderator',
      idleTimeoutSeconds: 1800,
      mustChangePassword: false,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies.find((c) => c.name === OPERATOR_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/operator' });
    session = cookie.value;
    const [stored] = await t.ctx.db.select().from(operatorSessions);
    expect(stored!.tokenHash).toBe(sha256Hex(session));
    expect((await op('GET', '/api/operator/me')).json()).toMatchObject({ email: OPERATOR.email });
  });

  test('no session, a forged one, or a club access token → 401', async () => {
    const urls: ['GET' | 'POST', string][] = [
      ['GET', '/api/operator/me'],
      ['GET', '/api/operator/participations'],
      ['POST', '/api/operator/participations/p-voted/publish'],
      ['POST', '/api/operator/participations/p-voted/reject'],
      ['GET', '/api/operator/votes?participationId=p-voted'],
      ['POST', '/api/operator/votes/remove'],
    ];
    for (const [method, url] of urls) {
      expect([url, (await op(method, url, method === 'POST' ? {} : undefined, '')).statusCode]).toEqual([url, 401]);
      expect([url, (await op(method, url, method === 'POST' ? {} : undefined, 'x'.repeat(43))).statusCode]).toEqual([url, 401]);
      const club = await t.app.inject({ method, url, headers: memberHeaders(member), ...(method === 'POST' ? { payload: {} } : {}) });
      expect([url, club.statusCode, club.json().code]).toEqual([url, 401, 'Unauthorized']);
    }
  });

  test('a new password (operator-add again) ends the open sessions of that operator', async () => {
    const cookie = await signInOperator(t.app, OPERATOR);
    expect((await op('GET', '/api/operator/me', undefined, cookie)).statusCode).toBe(200);
    await addOperator({ ctx: t.ctx, input: OPERATOR });
    expect((await op('GET', '/api/operator/me', undefined, cookie)).statusCode).toBe(401);
    // The later tests log in again.
    session = await signInOperator(t.app, OPERATOR);
  });
});

describe('moderating entries', () => {
  let sloganId: string;

  test('the review list shows pending slogans with club and content (never estimates)', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/challenge/particpation/text-submit',
      headers: memberHeaders(member),
      payload: { slogan: '<i>Wir</i> sind dabei' },
    });
    expect(saved.statusCode).toBe(200);
    sloganId = saved.json<ParticipationDto>()._id;
    const res = await op('GET', '/api/operator/participations?state=pending');
    expect(res.statusCode).toBe(200);
    const page = res.json<OperatorParticipationPageDto>();
    expect(page.total).toBe(1);
    expect(page.items[0]).toEqual({
      id: sloganId,
      challengeId: 'text-submit',
      objectTypeId: 'bfv-erd-text-participation',
      state: 'pending',
      club: { id: 'club-1000-m', clubname: 'Verein 0000', clubnumber: '1000', team: 'm' },
      slogan: '<i>Wir</i> sind dabei',
      votes: 0,
      createdAt: TODAY.toISOString(),
      publishedAt: null,
    });
    expect((await op('GET', '/api/operator/participations?state=pending&challengeId=text-vote')).json()).toEqual({ items: [], total: 0 });
    const published = (await op('GET', '/api/operator/participations?state=published')).json<OperatorParticipationPageDto>();
    expect(published.items.map((p) => p.id)).toEqual(['p-voted']);
    expect((await op('GET', '/api/operator/participations?state=rejected')).statusCode).toBe(400);
  });

  test('publish over HTTP needs the complete Werberat checklist: none or an unticked point is a German 400 and publishes nothing', async () => {
    for (const body of [
      undefined,
      {},
      { checklist: { minors: true, traffic: true, performance: true } },
      { checklist: { ...ALL_CONFIRMED.checklist, excess: false } },
    ]) {
      const res = await op('POST', `/api/operator/participations/${sloganId}/publish`, body);
      expect([JSON.stringify(body), res.statusCode, res.json().code, res.json().field]).toEqual([
        JSON.stringify(body),
        400,
        'ValidationError',
        'checklist',
      ]);
    }
    expect((await op('GET', '/api/operator/participations?state=pending&challengeId=text-submit')).json().total).toBe(1);
  });

  test('publish: the entry is public with publishedAt in search and objects/{id}; again → 409; logged with its checklist', async () => {
    const res = await op('POST', `/api/operator/participations/${sloganId}/publish`, ALL_CONFIRMED);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: sloganId, state: 'published', publishedAt: TODAY.toISOString() });

    const search = await t.app.inject({ url: '/content/public/spaces/erd/objects/search?include=1&fields.challenge.id=text-submit' });
    const item = search.json<{ items: ParticipationDto[]; total: number }>().items[0]!;
    expect(item).toMatchObject({
      _id: sloganId,
      publishedAt: [{ spaceId: 'erd', state: 'published' }],
      fields: { slogan: '<i>Wir</i> sind dabei' },
    });
    const single = await t.app.inject({ url: `/content/public/spaces/erd/objects/${sloganId}?include=1` });
    expect(single.json()).toMatchObject({ _id: sloganId, publishedAt: [{ spaceId: 'erd', state: 'published' }] });
    // The member sees it published too.
    const own = await t.app.inject({
      url: '/api/challenge/particpation/text-submit',
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expect(own.json()).toMatchObject({ publishedAt: [{ spaceId: 'erd', state: 'published' }] });

    expect((await op('POST', `/api/operator/participations/${sloganId}/publish`, ALL_CONFIRMED)).json()).toMatchObject({
      code: 'NotPending',
    });
    expect((await op('POST', '/api/operator/participations/p-nothing/publish', ALL_CONFIRMED)).statusCode).toBe(404);
    expect((await op('POST', '/api/operator/participations/p-estimate/publish', ALL_CONFIRMED)).statusCode).toBe(404);
    const [log] = await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.participationId, sloganId)).orderBy(moderationLog.id);
    expect(log).toMatchObject({
      action: 'publish',
      actor: OPERATOR.email,
      operatorId: expect.stringMatching(/^op-/),
      details: ALL_CONFIRMED,
    });
  });

  test('estimates stay private even though they need no moderation', async () => {
    expect((await t.app.inject({ url: '/content/public/spaces/erd/objects/p-estimate' })).statusCode).toBe(404);
    const search = await t.app.inject({ url: '/content/public/spaces/erd/objects/search?fields.challenge.id=estimate' });
    expect(search.json()).toEqual({ items: [], total: 0 });
    expect(search.body).not.toContain('4711');
  });

  test('reject: the entry disappears (public and own), the reason is logged, the club may submit again', async () => {
    expect((await op('POST', `/api/operator/participations/${sloganId}/reject`, { reason: 'x' })).statusCode).toBe(400);
    const res = await op('POST', `/api/operator/participations/${sloganId}/reject`, { reason: 'Beleidigung eines Gegners' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: sloganId, rejected: true });
    expect((await t.app.inject({ url: `/content/public/spaces/erd/objects/${sloganId}` })).statusCode).toBe(404);
    const own = await t.app.inject({
      url: '/api/challenge/particpation/text-submit',
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expect(own.body).toBe('null');
    const log = await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.participationId, sloganId)).orderBy(moderationLog.id);
    expect(log.map((l) => [l.action, l.reason])).toEqual([
      ['publish', null],
      ['reject', 'Beleidigung eines Gegners'],
    ]);
    expect(log[1]!.details).toMatchObject({ entry: { slogan: '<i>Wir</i> sind dabei', club: { id: 'club-1000-m' } } });
    expect((await op('POST', `/api/operator/participations/${sloganId}/reject`)).statusCode).toBe(404);

    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/challenge/particpation/text-submit',
      headers: memberHeaders(member),
      payload: { slogan: 'Zweiter Versuch' },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('votes review', () => {
  test('list the records, remove some with a reason: counts follow, removal logged, the voter stays blocked', async () => {
    const vote = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/votes', headers, payload: { challengeId: 'text-vote', participationId: 'p-voted' } });
    expect((await vote(memberHeaders(voter))).json()).toEqual({ votes: 1 });
    expect((await vote(memberHeaders(member))).json()).toEqual({ votes: 2 });

    const list = await op('GET', '/api/operator/votes?participationId=p-voted');
    expect(list.statusCode).toBe(200);
    const page = list.json<OperatorVotePageDto>();
    expect(page).toMatchObject({ total: 2, counted: 2 });
    expect(page.items.map((v) => v.accountSub).sort()).toEqual([member.sub, voter.sub].sort());
    expect(page.items[0]).toMatchObject({
      participationId: 'p-voted',
      ipHash: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      removedAt: null,
    });
    expect((await op('GET', '/api/operator/votes')).statusCode).toBe(400);

    const voterVote = page.items.find((v) => v.accountSub === voter.sub)!;
    expect((await op('POST', '/api/operator/votes/remove', { ids: [voterVote.id] })).statusCode).toBe(400);
    expect((await op('POST', '/api/operator/votes/remove', { ids: [], reason: 'Bot-Welle' })).statusCode).toBe(400);
    expect((await op('POST', '/api/operator/votes/remove', { ids: ['1'], reason: 'Bot-Welle' })).statusCode).toBe(400);

    const removed = await op('POST', '/api/operator/votes/remove', { ids: [voterVote.id, 999999], reason: 'Bot-Welle um 3 Uhr' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<RemoveVotesResultDto>()).toEqual({ removed: 1, participations: [{ id: 'p-voted', votes: 1 }] });
    expect((await t.ctx.db.select().from(participations).where(eq(participations.id, 'p-voted')))[0]!.votes).toBe(1);
    const search = await t.app.inject({ url: '/content/public/spaces/erd/objects/p-voted' });
    expect(search.json()).toMatchObject({ fields: { votes: 1 } });

    const after = (await op('GET', '/api/operator/votes?participationId=p-voted')).json<OperatorVotePageDto>();
    expect(after).toMatchObject({ total: 2, counted: 1 });
    expect(after.items.find((v) => v.id === voterVote.id)).toMatchObject({
      removalReason: 'Bot-Welle um 3 Uhr',
      removedAt: TODAY.toISOString(),
    });
    const [log] = await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'remove-votes'));
    expect(log).toMatchObject({
      actor: OPERATOR.email,
      reason: 'Bot-Welle um 3 Uhr',
      participationId: 'p-voted',
      details: { voteIds: [voterVote.id], removed: 1, votesAfter: 1 },
    });

    // Removing again changes nothing; the removed voter cannot vote again.
    expect((await op('POST', '/api/operator/votes/remove', { ids: [voterVote.id], reason: 'Nochmal' })).json()).toEqual({
      removed: 0,
      participations: [],
    });
    expect((await vote(memberHeaders(voter))).json()).toMatchObject({ code: 'AlreadyVoted', votes: 1 });
  });

  test('logout ends the session', async () => {
    const res = await op('POST', '/api/operator/logout');
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === OPERATOR_COOKIE)?.value).toBe('');
    expect((await op('GET', '/api/operator/me')).statusCode).toBe(401);
    expect(await t.ctx.db.select().from(operatorSessions)).toEqual([]);
  });

  test('a session ends after 12 hours', async () => {
    const token = await signInOperator(t.app, OPERATOR);
    expect((await op('GET', '/api/operator/me', undefined, token)).statusCode).toBe(200);
    t.setNow(new Date(TODAY.getTime() + 12 * 60 * 60_000 + 1000));
    try {
      expect((await op('GET', '/api/operator/me', undefined, token)).statusCode).toBe(401);
    } finally {
      t.setNow(TODAY);
    }
  });
});
