import type { AuditEntryDto, OverviewDto } from '@erd/shared-contracts/backoffice';
import { profiles, votes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import { PENDING, seedClubs, seedParticipation, seedPictureEntry, seedSeasonsInPhases } from '../../test-support/seed.js';
import { operatorCall, operatorSession, operatorSessions } from '../../test-support/operators.js';
import { appendAudit } from '../audit/service.js';

/**
 * The back office's overview through the HTTP API: both roles read it (no session and a club's
 * access token are 401); each challenge's phase today and its pending entries; the counted votes
 * and new club accounts per Europe/Berlin day from real rows (midnight in Berlin, not UTC, decides
 * the day; removed votes do not count; days without any are 0); the ten newest audit entries.
 */

let t: TestApp;
let admin: string;
let moderator: string;
let member: Member;
// 12:00 in Berlin (CEST, UTC+2) on 15 June 2026.
const NOW = new Date('2026-06-15T10:00:00Z');

const get = (url: string, session?: string) => operatorCall(t.app, 'GET', url, session);

let voter = 0;
async function vote(participationId: string, challengeId: string, at: string, removed = false): Promise<void> {
  voter += 1;
  await t.ctx.db.insert(votes).values({
    participationId,
    challengeId,
    voterId: `voter-${voter}`,
    ipHash: 'hash',
    createdAt: new Date(at),
    ...(removed ? { removedAt: new Date(at), removedBy: 'admin@example.org', removalReason: 'Burst' } : {}),
  });
}

async function profile(sub: string, clubId: string, at: string): Promise<void> {
  await t.ctx.db.insert(profiles).values({
    sub,
    clubId,
    firstname: 'A',
    lastname: 'B',
    street: 'Weg 1',
    city: '80331 München',
    createdAt: new Date(at),
    updatedAt: new Date(at),
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { RATE_LIMIT_SCALE: '100' } });
  const db = t.ctx.db;
  await seedSeasonsInPhases(db);
  await seedClubs(db, 10);
  await seedParticipation(db, { id: 's1', challengeId: 'slogan', clubId: 'club-1000-m' });
  await seedParticipation(db, { id: 's2', challengeId: 'slogan', clubId: 'club-1000-w', ...PENDING });
  await seedPictureEntry(db, { id: 'p1', challengeId: 'pics', clubId: 'club-1001-m', ...PENDING });
  await seedPictureEntry(db, { id: 'p2', challengeId: 'pics', clubId: 'club-1001-w', ...PENDING });
  await seedParticipation(db, { id: 'o1', challengeId: 'old', clubId: 'club-1002-m', ...PENDING });

  // Today (15 June, Berlin): 00:00 Berlin is 22:00 UTC the day before.
  await vote('s1', 'slogan', '2026-06-14T22:00:00Z');
  await vote('s1', 'slogan', '2026-06-15T09:59:00Z');
  await vote('s1', 'slogan', '2026-06-15T09:00:00Z', true);
  // 14 June, Berlin: 23:59 Berlin is 21:59 UTC; 00:30 Berlin on 14 June is 22:30 UTC on 13 June.
  await vote('s1', 'slogan', '2026-06-14T21:59:59Z');
  await vote('s1', 'slogan', '2026-06-13T22:30:00Z');
  await vote('s1', 'slogan', '2026-06-14T12:00:00Z');
  // 12 June: two removed, none counted.
  await vote('s1', 'slogan', '2026-06-12T12:00:00Z', true);
  await vote('s1', 'slogan', '2026-06-12T13:00:00Z', true);
  // 10 June (the sixth day back), and before the 30 days (16 May is day 31).
  await vote('s1', 'slogan', '2026-06-10T08:00:00Z');
  await vote('s1', 'slogan', '2026-05-16T12:00:00Z');
  await vote('s1', 'slogan', '2026-05-15T21:59:00Z');

  await profile('sub-a', 'club-1002-w', '2026-06-14T22:10:00Z'); // 15 June Berlin
  await profile('sub-b', 'club-1003-m', '2026-06-14T21:10:00Z'); // 14 June Berlin
  await profile('sub-c', 'club-1003-w', '2026-06-11T10:00:00Z');
  await profile('sub-d', 'club-1004-m', '2026-04-01T10:00:00Z');

  ({ admin, moderator } = await operatorSessions(t));
  for (let i = 1; i <= 12; i++) {
    await appendAudit(db, {
      action: 'publish',
      operatorId: null,
      actor: 'cli:test',
      subjectType: 'participation',
      subjectId: `entry-${i}`,
      reason: null,
      details: { n: i },
      at: new Date(Date.UTC(2026, 5, 1, 8, i)),
    });
  }
  // A club member registers now (a profile on 15 June, Berlin) and has an access token.
  member = await createMember(t, 'club-1004-w', 'mitglied@verein.example');
});

afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  test('no session and a club access token are 401; both roles read it, never cached', async () => {
    expect((await get('/api/operator/overview')).statusCode).toBe(401);
    const club = await t.app.inject({ method: 'GET', url: '/api/operator/overview', headers: memberHeaders(member) });
    expect(club.statusCode).toBe(401);
    for (const session of [admin, moderator]) {
      const res = await get('/api/operator/overview', session);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  test('days: 1 to 366, whole numbers; anything else is 400', async () => {
    for (const days of ['0', '367', '-3', '2.5', 'abc']) {
      const res = await get(`/api/operator/overview?days=${days}`, admin);
      expect(res.statusCode).toBe(400);
    }
    const one = (await get('/api/operator/overview?days=1', moderator)).json<OverviewDto>();
    expect(one.days).toEqual([{ day: '2026-06-15', votes: 2, registrations: 2 }]);
    const year = (await get('/api/operator/overview?days=366', admin)).json<OverviewDto>();
    expect(year.days).toHaveLength(366);
    expect(year.days[0]!.day).toBe('2025-06-15');
    expect(year.days.find((d) => d.day === '2026-04-01')!.registrations).toBe(1);
  });
});

describe('content', () => {
  let overview: OverviewDto;
  beforeAll(async () => {
    overview = (await get('/api/operator/overview', moderator)).json<OverviewDto>();
  });

  test("the current season's challenges in order, with today's phase and the entries waiting for review", () => {
    expect(overview.today).toBe('2026-06-15');
    expect(overview.challenges.map((c) => [c.id, c.number, c.phase, c.entries, c.pending])).toEqual([
      ['est', 1, 'ended', 0, 0],
      ['slogan', 2, 'voting', 2, 1],
      ['pics', 3, 'submission', 2, 2],
      ['later', 4, 'before', 0, 0],
    ]);
    expect(overview.challenges[1]).toMatchObject({
      headline: 'slogan',
      type: 'bfv-erd-text-vote',
      startDate: '2026-06-01',
      endDate: '2026-06-30',
    });
    // The old season's pending entry is not this season's.
    expect(overview.pendingTotal).toBe(3);
  });

  test('30 Berlin days by default, oldest first, ending today; counted votes and registrations per day, 0 where none', () => {
    expect(overview.days).toHaveLength(30);
    expect(overview.days[0]!.day).toBe('2026-05-17');
    expect(overview.days.at(-1)!.day).toBe('2026-06-15');
    const of = (day: string) => overview.days.find((d) => d.day === day);
    expect(of('2026-06-15')).toEqual({ day: '2026-06-15', votes: 2, registrations: 2 });
    expect(of('2026-06-14')).toEqual({ day: '2026-06-14', votes: 3, registrations: 1 });
    expect(of('2026-06-13')).toEqual({ day: '2026-06-13', votes: 0, registrations: 0 });
    expect(of('2026-06-12')).toEqual({ day: '2026-06-12', votes: 0, registrations: 0 });
    expect(of('2026-06-11')).toEqual({ day: '2026-06-11', votes: 0, registrations: 1 });
    expect(of('2026-06-10')).toEqual({ day: '2026-06-10', votes: 1, registrations: 0 });
    expect(overview.days.reduce((sum, d) => sum + d.votes, 0)).toBe(6);
    expect(overview.days.reduce((sum, d) => sum + d.registrations, 0)).toBe(4);
  });

  test('with days=31 the first day is 16 May (its vote counts; the one late on 15 May, Berlin, does not)', async () => {
    const res = (await get('/api/operator/overview?days=31', admin)).json<OverviewDto>();
    expect(res.days[0]).toEqual({ day: '2026-05-16', votes: 1, registrations: 0 });
    const longer = (await get('/api/operator/overview?days=32', admin)).json<OverviewDto>();
    expect(longer.days[0]).toEqual({ day: '2026-05-15', votes: 1, registrations: 0 });
  });

  test('the ten newest audit entries, newest first', () => {
    expect(overview.audit).toHaveLength(10);
    // The two operators were added now (operator-add), then the newest eight of the twelve.
    expect(overview.audit.map((a: AuditEntryDto) => (a.action === 'operator-add' ? a.action : a.subjectId))).toEqual([
      'operator-add',
      'operator-add',
      ...[12, 11, 10, 9, 8, 7, 6, 5].map((n) => `entry-${n}`),
    ]);
    expect(overview.audit[2]).toMatchObject({ action: 'publish', actor: 'cli:test', subjectType: 'participation', details: { n: 12 } });
  });
});

describe('a server without a season', () => {
  test('no challenges and nothing pending; the days are still there', async () => {
    const empty = await createTestApp({ now: NOW });
    try {
      const session = await operatorSession(empty, { role: 'admin' });
      const overview = (await operatorCall(empty.app, 'GET', '/api/operator/overview?days=7', session)).json<OverviewDto>();
      expect(overview.challenges).toEqual([]);
      expect(overview.pendingTotal).toBe(0);
      expect(overview.days).toHaveLength(7);
      expect(overview.days.every((d) => d.votes === 0 && d.registrations === 0)).toBe(true);
    } finally {
      await empty.close();
    }
  });
});
