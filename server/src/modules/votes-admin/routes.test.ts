import { eq, sql } from 'drizzle-orm';
import type { RemoveEntryVotesResultDto, VoteEntryDetailDto, VoteEntryPageDto, VoteRecordPageDto } from '@erd/shared-contracts/backoffice';
import type { AltchaChallengeDto, MyParticipationDto } from '@erd/shared-contracts/wire';
import { moderationLog, participations, votes } from '../../db/schema/index.js';
import { solveProof } from '../../test-support/altcha.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import {
  JUNE_VOTE_DATES,
  seedChallenge,
  seedClubs,
  seedEstimateEntry,
  seedParticipation,
  seedPictureEntry,
  seedYear,
} from '../../test-support/seed.js';
import { MODERATOR, operatorCall, operatorSessions } from '../../test-support/operators.js';
import { ipHash } from '../votes/service.js';

/**
 * The vote review in the back office: both roles list the entries of the vote challenges with
 * counted and removed votes and bursts flagged (sorted, filtered and paged on the server), read
 * one entry's timeline, addresses and burst minutes, page its vote records by address, minute and
 * state, and remove a selection with a reason: the count drops at once, the audit log has the
 * row, and the club sees on its own entry how many votes were removed and why. Anonymous callers
 * and club access tokens are 401; bad input is a German 400 that changes nothing.
 */

let t: TestApp;
let admin: string;
let moderator: string;
let member: Member;
const NOW = new Date('2026-06-15T10:00:20Z');
const BURST_IP = '203.0.113.7';

const call = (method: 'GET' | 'POST', url: string, session: string | null, payload?: unknown) =>
  operatorCall(t.app, method, url, session, payload);

/** An anonymous vote through the real API: a fresh voter (no cookie) with a solved ALTCHA proof. */
async function anonymousVote(participationId: string, ip: string): Promise<void> {
  const challenge = await t.app.inject({ url: '/api/votes/challenge', remoteAddress: ip });
  const voterCookie = challenge.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const altcha = await solveProof(challenge.json<AltchaChallengeDto>());
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: memberHeaders(null, { cookie: voterCookie, 'user-agent': 'Mozilla/5.0 Firefox/140.0' }),
    remoteAddress: ip,
    payload: { challengeId: 'text-vote', participationId, altcha },
  });
  if (res.statusCode !== 200) throw new Error(`vote failed: ${res.statusCode} ${res.body}`);
}

/** Vote rows at given times and addresses (as the vote API writes them), the entry's count in step. */
async function insertVotes(participationId: string, rows: { at: string; ip: string }[]): Promise<void> {
  await t.ctx.db.insert(votes).values(
    rows.map((r, i) => ({
      participationId,
      challengeId: 'text-vote',
      voterId: `v-${participationId}-${i}`,
      ipHash: ipHash(t.ctx.secret, r.ip),
      userAgent: 'Chrome',
      createdAt: new Date(r.at),
    })),
  );
  await t.ctx.db
    .update(participations)
    .set({ votes: sql`${participations.votes} + ${rows.length}` })
    .where(eq(participations.id, participationId));
}

const countOf = async (id: string) => (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!.votes;

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100', VOTE_PROOF_COST: '1' } });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 10);
  await seedChallenge(db, { id: 'text-vote', position: 1, dates: JUNE_VOTE_DATES });
  await seedChallenge(db, { id: 'picture-vote', position: 2, type: 'bfv-erd-picture-vote', dates: JUNE_VOTE_DATES });
  await seedChallenge(db, { id: 'estimate', position: 3, type: 'bfv-erd-estimate' });
  await seedParticipation(db, { id: 'p-burst', challengeId: 'text-vote', clubId: 'club-1000-m', slogan: 'Wir sind die Größten' });
  await seedParticipation(db, { id: 'p-calm', challengeId: 'text-vote', clubId: 'club-1001-w', slogan: 'Ruhig und stark' });
  await seedParticipation(db, { id: 'p-minute', challengeId: 'text-vote', clubId: 'club-1002-m', slogan: 'Eine Minute Ruhm' });
  await seedParticipation(db, { id: 'p-pending', challengeId: 'text-vote', clubId: 'club-1003-m', state: 'pending' });
  await seedPictureEntry(db, { id: 'p-picture', challengeId: 'picture-vote', clubId: 'club-1000-m' });
  await seedEstimateEntry(db, { id: 'p-estimate', challengeId: 'estimate', clubId: 'club-1000-m', estimate: 12 });

  // A burst from one address through the real vote API (all at NOW: one minute), and three other voters.
  for (let i = 0; i < 12; i++) await anonymousVote('p-burst', BURST_IP);
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) await anonymousVote('p-burst', ip);
  // Calm: four addresses over four hours. Minute: six addresses in one minute.
  await insertVotes('p-calm', [
    { at: '2026-06-12T08:10:00Z', ip: '192.0.2.1' },
    { at: '2026-06-12T09:20:00Z', ip: '192.0.2.2' },
    { at: '2026-06-12T09:40:00Z', ip: '192.0.2.3' },
    { at: '2026-06-13T18:05:00Z', ip: '192.0.2.4' },
  ]);
  await insertVotes(
    'p-minute',
    Array.from({ length: 6 }, (_, i) => ({ at: `2026-06-14T20:15:${String(5 + i * 9).padStart(2, '0')}Z`, ip: `192.0.2.${10 + i}` })),
  );

  member = await createMember(t, 'club-1000-m');
  ({ admin, moderator } = await operatorSessions(t));
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('access', () => {
  const routes: ['GET' | 'POST', string][] = [
    ['GET', '/api/operator/vote-review/entries'],
    ['GET', '/api/operator/vote-review/entries/p-burst'],
    ['GET', '/api/operator/vote-review/entries/p-burst/votes'],
    ['POST', '/api/operator/vote-review/entries/p-burst/remove'],
  ];

  test('no session and a club access token are 401 on every route, and nothing is removed', async () => {
    for (const [method, url] of routes) {
      const payload = method === 'POST' ? { ipHash: ipHash(t.ctx.secret, BURST_IP), reason: 'Bot-Welle' } : undefined;
      const anonymous = await call(method, url, null, payload);
      expect([url, anonymous.statusCode, anonymous.json()]).toEqual([
        url,
        401,
        { code: 'Unauthorized', message: 'Bitte melde dich als Operator an.', requestId: expect.any(String) },
      ]);
      const club = await t.app.inject({ method, url, headers: memberHeaders(member), ...(payload ? { payload } : {}) });
      expect([url, club.statusCode, club.json().code]).toEqual([url, 401, 'Unauthorized']);
    }
    expect(await countOf('p-burst')).toBe(15);
  });

  test('both roles read (no-store)', async () => {
    for (const session of [admin, moderator]) {
      for (const [method, url] of routes.filter(([m]) => m === 'GET')) {
        const res = await call(method, url, session);
        expect([url, res.statusCode]).toEqual([url, 200]);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });
});

describe('entries', () => {
  test('the published slogans and pictures of the vote challenges, most votes first, with removed votes and bursts', async () => {
    const page = (await call('GET', '/api/operator/vote-review/entries', moderator)).json<VoteEntryPageDto>();
    expect(page.total).toBe(4);
    expect(page.items.map((e) => e.participationId)).toEqual(['p-burst', 'p-minute', 'p-calm', 'p-picture']);
    expect(page.items[0]).toMatchObject({
      challengeId: 'text-vote',
      challengeHeadline: 'text-vote',
      objectTypeId: 'bfv-erd-text-participation',
      club: { id: 'club-1000-m', clubnumber: '1000', team: 'm' },
      slogan: 'Wir sind die Größten',
      votes: 15,
      removed: 0,
      maxPerAddress: 12,
      maxPerMinute: 15,
      flagged: true,
    });
    expect(page.items[1]).toMatchObject({ participationId: 'p-minute', votes: 6, maxPerAddress: 1, maxPerMinute: 6, flagged: true });
    expect(page.items[2]).toMatchObject({ participationId: 'p-calm', votes: 4, maxPerAddress: 1, maxPerMinute: 1, flagged: false });
    expect(page.challenges).toEqual([
      { id: 'text-vote', headline: 'text-vote' },
      { id: 'picture-vote', headline: 'picture-vote' },
    ]);
  });

  test('filtered by challenge and by bursts, sorted and paged on the server', async () => {
    const pictures = (await call('GET', '/api/operator/vote-review/entries?challengeId=picture-vote', admin)).json<VoteEntryPageDto>();
    expect(pictures.items.map((e) => e.participationId)).toEqual(['p-picture']);
    const flagged = (await call('GET', '/api/operator/vote-review/entries?flagged=true&sort=votes', admin)).json<VoteEntryPageDto>();
    expect(flagged.items.map((e) => e.participationId)).toEqual(['p-minute', 'p-burst']);
    expect(flagged.total).toBe(2);
    const byClub = (await call('GET', '/api/operator/vote-review/entries?sort=club&size=2&from=2', admin)).json<VoteEntryPageDto>();
    expect(byClub).toMatchObject({ total: 4, from: 2, size: 2 });
    expect(byClub.items.map((e) => e.club.id)).toEqual(['club-1001-w', 'club-1002-m']);
    const burst = (await call('GET', '/api/operator/vote-review/entries?sort=-burst&size=1', admin)).json<VoteEntryPageDto>();
    expect(burst.items.map((e) => e.participationId)).toEqual(['p-burst']);
  });

  test('bad parameters are a German 400', async () => {
    const cases: [string, string][] = [
      ['size=101', 'Die Seitengröße muss eine ganze Zahl von 1 bis 100 sein.'],
      ['size=0', 'Die Seitengröße muss eine ganze Zahl von 1 bis 100 sein.'],
      ['from=-1', 'Der Beginn der Seite muss eine ganze Zahl ab 0 sein.'],
      ['sort=beliebt', 'Diese Sortierung gibt es nicht.'],
      ['flagged=ja', 'Der Filter „auffällig“ ist true oder false.'],
      ['challengeId=%3Cscript%3E', 'Diese Challenge-ID ist ungültig.'],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/api/operator/vote-review/entries?${query}`, admin);
      expect([query, res.statusCode, res.json()]).toEqual([query, 400, expect.objectContaining({ code: 'ValidationError', message })]);
    }
  });
});

describe('one entry', () => {
  test('a burst from one address and in one minute, found in the real vote records', async () => {
    const res = await call('GET', '/api/operator/vote-review/entries/p-burst', moderator);
    expect(res.statusCode).toBe(200);
    const detail = res.json<VoteEntryDetailDto>();
    expect(detail.thresholds).toEqual({ addressMinVotes: 10, minuteMinVotes: 5 });
    expect(detail).toMatchObject({ total: 15, addresses: 4 });
    expect(detail.entry).toMatchObject({ participationId: 'p-burst', votes: 15, flagged: true });
    expect(detail.topAddresses[0]).toEqual({
      ipHash: ipHash(t.ctx.secret, BURST_IP),
      counted: 12,
      removed: 0,
      first: NOW.toISOString(),
      last: NOW.toISOString(),
      flagged: true,
    });
    expect(detail.topAddresses.slice(1).every((a) => a.counted === 1 && !a.flagged)).toBe(true);
    expect(detail.burstMinutes).toEqual([{ minute: '2026-06-15T10:00:00.000Z', counted: 15, addresses: 4 }]);
    expect(detail.timeline).toEqual([{ at: '2026-06-15T10:00:00.000Z', counted: 15, removed: 0 }]);
    expect(detail.removals).toEqual([]);
    expect(res.body).not.toContain(BURST_IP);
  });

  test('many addresses in one minute are a burst; votes spread over hours are not', async () => {
    const minute = (await call('GET', '/api/operator/vote-review/entries/p-minute', admin)).json<VoteEntryDetailDto>();
    expect(minute.burstMinutes).toEqual([{ minute: '2026-06-14T20:15:00.000Z', counted: 6, addresses: 6 }]);
    expect(minute.topAddresses.some((a) => a.flagged)).toBe(false);
    const calm = (await call('GET', '/api/operator/vote-review/entries/p-calm', admin)).json<VoteEntryDetailDto>();
    expect(calm.entry.flagged).toBe(false);
    expect(calm.burstMinutes).toEqual([]);
    expect(calm.timeline).toEqual([
      { at: '2026-06-12T08:00:00.000Z', counted: 1, removed: 0 },
      { at: '2026-06-12T09:00:00.000Z', counted: 2, removed: 0 },
      { at: '2026-06-13T18:00:00.000Z', counted: 1, removed: 0 },
    ]);
  });

  test('an unknown, pending or estimate entry is 404 in German', async () => {
    for (const id of ['p-nope', 'p-pending', 'p-estimate']) {
      const res = await call('GET', `/api/operator/vote-review/entries/${id}`, admin);
      expect([id, res.statusCode, res.json().message]).toEqual([
        id,
        404,
        'Diese Teilnahme gibt es nicht (oder sie ist nicht veröffentlicht).',
      ]);
    }
  });

  test('the vote records by address, minute and state, newest first, paged; no voter ids or accounts', async () => {
    const hash = ipHash(t.ctx.secret, BURST_IP);
    const all = (await call('GET', '/api/operator/vote-review/entries/p-burst/votes?size=10', moderator)).json<VoteRecordPageDto>();
    expect(all).toMatchObject({ total: 15, from: 0, size: 10 });
    expect(all.items).toHaveLength(10);
    expect(Object.keys(all.items[0]!).sort()).toEqual([
      'createdAt',
      'id',
      'ipHash',
      'member',
      'removalReason',
      'removedAt',
      'removedBy',
      'userAgent',
    ]);
    expect(all.items[0]).toMatchObject({ userAgent: 'Firefox', member: false, removedAt: null });
    const ids = all.items.map((v) => v.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byAddress = (
      await call('GET', `/api/operator/vote-review/entries/p-burst/votes?ipHash=${hash}&size=200`, moderator)
    ).json<VoteRecordPageDto>();
    expect(byAddress.total).toBe(12);
    expect(byAddress.items.every((v) => v.ipHash === hash)).toBe(true);
    const byMinute = (
      await call('GET', '/api/operator/vote-review/entries/p-minute/votes?minute=2026-06-14T20:15:00Z', moderator)
    ).json<VoteRecordPageDto>();
    expect(byMinute.total).toBe(6);
    const otherMinute = (
      await call('GET', '/api/operator/vote-review/entries/p-minute/votes?minute=2026-06-14T20:16:00.000Z', moderator)
    ).json<VoteRecordPageDto>();
    expect(otherMinute.total).toBe(0);
    const removed = (
      await call('GET', '/api/operator/vote-review/entries/p-burst/votes?state=removed', moderator)
    ).json<VoteRecordPageDto>();
    expect(removed.total).toBe(0);
  });

  test('bad filters are a German 400', async () => {
    const cases: [string, string][] = [
      ['minute=2026-06-14T20:15:30Z', 'Die Minute ist ungültig (ISO-Zeit in UTC mit Sekunden 0, z. B. 2026-07-01T18:05:00Z).'],
      ['minute=gestern', 'Die Minute ist ungültig (ISO-Zeit in UTC mit Sekunden 0, z. B. 2026-07-01T18:05:00Z).'],
      ['ipHash=%27%20or%201%3D1', 'Diese Adresse (Hash) ist ungültig.'],
      ['state=weg', 'Der Filter ist all, counted oder removed.'],
      ['size=201', 'Die Seitengröße muss eine ganze Zahl von 1 bis 200 sein.'],
    ];
    for (const [query, message] of cases) {
      const res = await call('GET', `/api/operator/vote-review/entries/p-burst/votes?${query}`, admin);
      expect([query, res.statusCode, res.json()]).toEqual([query, 400, expect.objectContaining({ code: 'ValidationError', message })]);
    }
  });
});

describe('removing votes', () => {
  const remove = (id: string, session: string, payload: unknown) =>
    call('POST', `/api/operator/vote-review/entries/${id}/remove`, session, payload);

  test('bad input is a German 400 and changes nothing', async () => {
    const hash = ipHash(t.ctx.secret, BURST_IP);
    const cases: [unknown, string][] = [
      [{ ipHash: hash }, 'Gib einen Grund für das Entfernen an (3 bis 500 Zeichen).'],
      [{ ipHash: hash, reason: 'x' }, 'Gib einen Grund für das Entfernen an (3 bis 500 Zeichen).'],
      [{ ipHash: hash, reason: 'a'.repeat(501) }, 'Gib einen Grund für das Entfernen an (3 bis 500 Zeichen).'],
      [{ reason: 'Bot-Welle' }, 'Wähle genau eines: einzelne Stimmen, eine Adresse oder eine Minute.'],
      [
        { ipHash: hash, minute: '2026-06-15T10:00:00Z', reason: 'Bot-Welle' },
        'Wähle genau eines: einzelne Stimmen, eine Adresse oder eine Minute.',
      ],
      [{ ids: [], reason: 'Bot-Welle' }, 'Wähle 1 bis 1000 Stimmen aus.'],
      [{ ids: ['1'], reason: 'Bot-Welle' }, 'Wähle 1 bis 1000 Stimmen aus.'],
      [
        { minute: '2026-06-15T10:00:01Z', reason: 'Bot-Welle' },
        'Die Minute ist ungültig (ISO-Zeit in UTC mit Sekunden 0, z. B. 2026-07-01T18:05:00Z).',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await remove('p-burst', moderator, payload);
      expect([payload, res.statusCode, res.json()]).toEqual([payload, 400, expect.objectContaining({ code: 'ValidationError', message })]);
    }
    expect((await remove('p-nope', moderator, { ipHash: hash, reason: 'Bot-Welle' })).statusCode).toBe(404);
    expect(await countOf('p-burst')).toBe(15);
    expect(await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'remove-votes'))).toEqual([]);
  });

  test('a moderator removes all votes of a flagged address with a reason: the count follows at once, audited, the flag goes', async () => {
    const hash = ipHash(t.ctx.secret, BURST_IP);
    const res = await remove('p-burst', moderator, { ipHash: hash, reason: '  Bot-Welle von einer Adresse  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<RemoveEntryVotesResultDto>()).toEqual({ removed: 12, votes: 3 });
    expect(await countOf('p-burst')).toBe(3);
    // The public count is the entry's counter.
    const search = await t.app.inject({ url: `${t.config.contentApiBase}/public/spaces/${t.config.spaceId}/objects/p-burst` });
    expect(search.json()).toMatchObject({ fields: { votes: 3 } });

    const [log] = await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'remove-votes'));
    expect(log).toMatchObject({
      actor: MODERATOR.email,
      subjectType: 'participation',
      subjectId: 'p-burst',
      challengeId: 'text-vote',
      reason: 'Bot-Welle von einer Adresse',
      details: expect.objectContaining({ selection: { ipHash: hash }, removed: 12, before: { votes: 15 }, after: { votes: 3 } }),
    });
    expect((log!.details as { voteIds: number[] }).voteIds).toHaveLength(12);

    const detail = (await call('GET', '/api/operator/vote-review/entries/p-burst', admin)).json<VoteEntryDetailDto>();
    expect(detail.entry).toMatchObject({ votes: 3, removed: 12, flagged: false, maxPerAddress: 1 });
    expect(detail.topAddresses.find((a) => a.ipHash === hash)).toMatchObject({ counted: 0, removed: 12, flagged: false });
    expect(detail.timeline).toEqual([{ at: '2026-06-15T10:00:00.000Z', counted: 3, removed: 12 }]);
    expect(detail.removals).toEqual([{ reason: 'Bot-Welle von einer Adresse', count: 12, at: NOW.toISOString() }]);
    const removed = (await call('GET', '/api/operator/vote-review/entries/p-burst/votes?state=removed', admin)).json<VoteRecordPageDto>();
    expect(removed.total).toBe(12);
    expect(removed.items[0]).toMatchObject({
      removedBy: MODERATOR.email,
      removalReason: 'Bot-Welle von einer Adresse',
      removedAt: NOW.toISOString(),
    });

    // Again: nothing left to remove, nothing logged.
    expect((await remove('p-burst', moderator, { ipHash: hash, reason: 'Nochmal' })).json()).toEqual({ removed: 0, votes: 3 });
    expect(await t.ctx.db.select().from(moderationLog).where(eq(moderationLog.action, 'remove-votes'))).toHaveLength(1);
  });

  test('an admin removes the votes of one minute, and votes picked one by one (only those of this entry)', async () => {
    const minute = await remove('p-minute', admin, { minute: '2026-06-14T20:15:00Z', reason: 'Sechs Stimmen in einer Minute' });
    expect(minute.json()).toEqual({ removed: 6, votes: 0 });
    const calm = (await call('GET', '/api/operator/vote-review/entries/p-calm/votes', admin)).json<VoteRecordPageDto>();
    const burstVote = (await call('GET', '/api/operator/vote-review/entries/p-burst/votes?state=counted', admin)).json<VoteRecordPageDto>()
      .items[0]!;
    const picked = await remove('p-calm', admin, { ids: [calm.items[0]!.id, burstVote.id], reason: 'Doppelte Stimme' });
    expect(picked.json()).toEqual({ removed: 1, votes: 3 });
    expect(await countOf('p-calm')).toBe(3);
    expect(await countOf('p-burst')).toBe(3);
    const page = (await call('GET', '/api/operator/vote-review/entries?sort=-removed', admin)).json<VoteEntryPageDto>();
    expect(page.items.map((e) => [e.participationId, e.votes, e.removed])).toEqual([
      ['p-burst', 3, 12],
      ['p-minute', 0, 6],
      ['p-calm', 3, 1],
      ['p-picture', 0, 0],
    ]);
  });

  test('the club sees on its own entry how many votes were removed and why, never who voted', async () => {
    const own = await t.app.inject({ url: '/api/challenge/particpation/text-vote', headers: memberHeaders(member) });
    expect(own.statusCode).toBe(200);
    const dto = own.json<MyParticipationDto>();
    expect(dto).toMatchObject({ _id: 'p-burst', fields: { votes: 3 } });
    expect(dto!.removedVotes).toEqual({ count: 12, reasons: [{ reason: 'Bot-Welle von einer Adresse', count: 12 }] });
    expect(own.body).not.toContain(ipHash(t.ctx.secret, BURST_IP));
    expect(own.body).not.toContain(MODERATOR.email);
    // An entry without removed votes has no such field.
    const picture = (
      await t.app.inject({ url: '/api/challenge/particpation/picture-vote', headers: memberHeaders(member) })
    ).json<MyParticipationDto>();
    expect(picture).toMatchObject({ _id: 'p-picture' });
    expect(picture).not.toHaveProperty('removedVotes');
  });
});
