import type { AltchaChallengeDto } from '@erd/shared-contracts/wire';
import type { OwnReachDto, ReachReportDto } from '@erd/shared-contracts/schemas';
import { challenges, clubs, reachCounts } from '../../db/schema/index.js';
import { CSV_BOM } from '../../lib/csv.js';
import { UNSAFE_TEXT_MESSAGE } from '../../http/input.js';
import { solveProof } from '../../test-support/altcha.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, type Member } from '../../test-support/members.js';
import { JUNE_VOTE_DATES, seedChallenge, seedClubs, seedParticipation, seedRateLimitUse, seedYear } from '../../test-support/seed.js';
import { operatorCall, operatorSessions } from '../../test-support/operators.js';
import { RATE_LIMITS } from '../rate-limit/service.js';
import { reachSettled, recordPreview } from './service.js';

/**
 * Reach over HTTP against the real app (today 2026-06-15, Europe/Berlin): a visit through a `via`
 * link counts once per request for a public target and silently not for an unknown or unpublished
 * one; a vote with `via` counts for its entry and channel; bad input is a German 400; the per-IP
 * limit; the club's own figures; the operators' report and CSV for both roles, 401 without session.
 */

let t: TestApp;
let admin: string;
let moderator: string;
let member: Member;
const NOW = new Date('2026-06-15T10:00:20Z');
const DAY = '2026-06-15';
let ipSerial = 0;
const freshIp = () => `198.51.100.${++ipSerial}`;

const operatorGet = (url: string, session: string | null) => operatorCall(t.app, 'GET', url, session);

function visit(payload: unknown, ip = freshIp(), headers: Record<string, string> = memberHeaders(null)) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reach/visits',
    headers,
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
  });
}

const entry = (participationId: string, challengeId = 'text-vote') => ({ kind: 'entry', challengeId, participationId });

/** An anonymous vote through the real API: a fresh voter with a solved ALTCHA proof. */
async function anonymousVote(participationId: string, extra: Record<string, unknown> = {}, ip = freshIp()) {
  const challenge = await t.app.inject({ url: '/api/votes/challenge', remoteAddress: ip });
  const voterCookie = challenge.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const altcha = await solveProof(challenge.json<AltchaChallengeDto>());
  return t.app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: memberHeaders(null, { cookie: voterCookie }),
    remoteAddress: ip,
    payload: { challengeId: 'text-vote', participationId, altcha, ...extra },
  });
}

/** A member's vote (no proof) through the real API. */
const voteAsMember = (participationId: string, via: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: memberHeaders(member),
    payload: { challengeId: 'text-vote', participationId, via },
  });

async function rows() {
  await reachSettled(t.ctx.db);
  const all = await t.ctx.db.select().from(reachCounts);
  return all
    .map((r) => ({ target: r.participationId ?? r.clubId, channel: r.channel, previews: r.previews, visits: r.visits, votes: r.votes }))
    .sort((a, b) => `${a.target}/${a.channel}`.localeCompare(`${b.target}/${b.channel}`));
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW, env: { VOTE_PROOF_COST: '1' } });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 8);
  await seedChallenge(db, { id: 'text-vote', position: 1, dates: JUNE_VOTE_DATES });
  await db.update(challenges).set({ headline: 'Dein Vereinsspruch' });
  await seedParticipation(db, { id: 'p-a', challengeId: 'text-vote', clubId: 'club-1000-m' });
  await seedParticipation(db, { id: 'p-b', challengeId: 'text-vote', clubId: 'club-1001-w' });
  await seedParticipation(db, { id: 'p-pending', challengeId: 'text-vote', clubId: 'club-1002-m', state: 'pending' });
  member = await createMember(t, 'club-1000-m');
  ({ admin, moderator } = await operatorSessions(t));
}, 120_000);

afterAll(() => t.close());

beforeEach(async () => {
  await reachSettled(t.ctx.db);
  await t.ctx.db.delete(reachCounts);
});

describe('POST /api/reach/visits', () => {
  test('a visit counts once per request, for its entry (club from the entry) or club page and channel; 204 without body, no-store', async () => {
    const first = await visit({ target: entry('p-a'), via: 'whatsapp' });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['set-cookie']).toBeUndefined();
    await visit({ target: entry('p-a'), via: 'whatsapp' });
    await visit({ target: entry('p-a'), via: 'qr' });
    await visit({ target: { kind: 'club', clubId: 'club-1001-w' }, via: 'story' });
    expect(await rows()).toEqual([
      { target: 'club-1001-w', channel: 'story', previews: 0, visits: 1, votes: 0 },
      { target: 'p-a', channel: 'qr', previews: 0, visits: 1, votes: 0 },
      { target: 'p-a', channel: 'whatsapp', previews: 0, visits: 2, votes: 0 },
    ]);
    const [row] = await t.ctx.db.select().from(reachCounts).limit(1);
    expect(row!.day).toBe(DAY);
  });

  test('an unpublished, unknown or misnamed target answers the same 204 and is not counted', async () => {
    for (const target of [entry('p-pending'), entry('p-nope'), entry('p-a', 'other-challenge'), { kind: 'club', clubId: 'club-9999-m' }]) {
      const res = await visit({ target, via: 'copy' });
      expect([res.statusCode, res.body]).toEqual([204, '']);
    }
    expect(await rows()).toEqual([]);
  });

  test('bad input is a German 400 ValidationError and counts nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [{ target: entry('p-a'), via: 'telegram' }, /^via: Ungültige Option: erwartet eine von "whatsapp"\|/],
      [{ target: entry('p-a'), via: 'direct' }, /^via: Ungültige Option/],
      [{ target: entry('p-a') }, /^via: /],
      [{ target: { kind: 'team', clubId: 'club-1000-m' }, via: 'qr' }, /^target.kind: /],
      [{ target: { kind: 'entry', challengeId: 'text-vote' }, via: 'qr' }, /^target.participationId: /],
      [{ target: entry('p-a'), via: 'qr', extra: 1 }, /^Unbekannter Schlüssel: "extra"$/],
      [{ target: entry(''), via: 'qr' }, /^target.participationId: /],
      [{ target: entry('x'.repeat(201)), via: 'qr' }, /^target.participationId: /],
      [{ target: entry('p-\u202Ea'), via: 'qr' }, /^target.participationId: Steuerzeichen sind nicht erlaubt\.$/],
    ];
    for (const [payload, message] of bad) {
      const res = await visit(payload);
      expect([res.statusCode, res.json().code]).toEqual([400, 'ValidationError']);
      expect(res.json().message).toMatch(message);
    }
    const control = await visit({ target: entry('p-\u0000a'), via: 'qr' });
    expect([control.statusCode, control.json()]).toMatchObject([400, { code: 'ValidationError', message: UNSAFE_TEXT_MESSAGE }]);
    const escape = await visit({ target: entry('p-a\u001b[31m'), via: 'qr' });
    expect(escape.statusCode).toBe(400);
    expect(await rows()).toEqual([]);
  });

  test('without the anti-forgery header 403; from another site 403', async () => {
    const plain = await visit({ target: entry('p-a'), via: 'qr' }, freshIp(), {});
    expect(plain.statusCode).toBe(403);
    const crossSite = await visit({ target: entry('p-a'), via: 'qr' }, freshIp(), {
      ...memberHeaders(null),
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await rows()).toEqual([]);
  });

  test('an address gets its 600 visits an hour, then 429 LimitExceeded, not counted', async () => {
    const ip = freshIp();
    // The address has used 598 of its 600 this hour.
    const slot = await seedRateLimitUse(t.ctx, RATE_LIMITS.reachVisit, ip, 598);
    expect(slot.limit).toBe(600);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await visit({ target: entry('p-b'), via: 'share' }, ip)).statusCode);
    expect(statuses).toEqual([204, 204, 429, 429]);
    const refused = await visit({ target: entry('p-b'), via: 'share' }, ip);
    expect(refused.json()).toMatchObject({ code: 'LimitExceeded', message: expect.stringMatching(/^Zu viele Aufrufe/) });
    expect(await rows()).toEqual([{ target: 'p-b', channel: 'share', previews: 0, visits: 2, votes: 0 }]);
    // Another address is not affected.
    expect((await visit({ target: entry('p-b'), via: 'share' })).statusCode).toBe(204);
  });
});

describe('votes with via', () => {
  test('an accepted vote with via counts for its entry and channel; one without via, a refused one and a bad via count nothing', async () => {
    const voted = await anonymousVote('p-a', { via: 'qr' });
    expect(voted.statusCode).toBe(200);
    expect(await rows()).toEqual([{ target: 'p-a', channel: 'qr', previews: 0, visits: 0, votes: 1 }]);

    expect((await anonymousVote('p-b')).statusCode).toBe(200);
    // The own entry: refused (403), not counted.
    const own = await voteAsMember('p-a', 'whatsapp');
    expect(own.statusCode).toBe(403);
    // A pending entry: 404, not counted.
    expect((await anonymousVote('p-pending', { via: 'whatsapp' })).statusCode).toBe(404);
    const bad = await anonymousVote('p-b', { via: 'telegram' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'ValidationError']);
    expect(await rows()).toEqual([{ target: 'p-a', channel: 'qr', previews: 0, visits: 0, votes: 1 }]);

    // A member's vote (no proof) with via.
    const memberVote = await voteAsMember('p-b', 'story');
    expect(memberVote.statusCode).toBe(200);
    expect(await rows()).toEqual([
      { target: 'p-a', channel: 'qr', previews: 0, visits: 0, votes: 1 },
      { target: 'p-b', channel: 'story', previews: 0, visits: 0, votes: 1 },
    ]);
  });
});

describe('recordPreview', () => {
  test('counts a crawler fetch of an entry or club page, `direct` without via; an unpublished entry not; never rejects', async () => {
    await recordPreview({
      ctx: t.ctx,
      input: { target: { kind: 'entry', challengeId: 'text-vote', participationId: 'p-a' }, channel: 'direct' },
    });
    await recordPreview({
      ctx: t.ctx,
      input: { target: { kind: 'entry', challengeId: 'text-vote', participationId: 'p-a' }, channel: 'whatsapp' },
    });
    await recordPreview({ ctx: t.ctx, input: { target: { kind: 'club', clubId: 'club-1000-m' }, channel: 'direct' } });
    await recordPreview({
      ctx: t.ctx,
      input: { target: { kind: 'entry', challengeId: 'text-vote', participationId: 'p-pending' }, channel: 'direct' },
    });
    expect(await rows()).toEqual([
      { target: 'club-1000-m', channel: 'direct', previews: 1, visits: 0, votes: 0 },
      { target: 'p-a', channel: 'direct', previews: 1, visits: 0, votes: 0 },
      { target: 'p-a', channel: 'whatsapp', previews: 1, visits: 0, votes: 0 },
    ]);
  });
});

describe('GET /api/reach/own/{challengeId}', () => {
  test('the member’s club’s entry, all days and channels summed (previews not shown); 0 and 0 elsewhere; 401 without token', async () => {
    await visit({ target: entry('p-a'), via: 'whatsapp' });
    await visit({ target: entry('p-a'), via: 'qr' });
    await visit({ target: entry('p-b'), via: 'qr' });
    await anonymousVote('p-a', { via: 'whatsapp' });
    await recordPreview({
      ctx: t.ctx,
      input: { target: { kind: 'entry', challengeId: 'text-vote', participationId: 'p-a' }, channel: 'direct' },
    });
    await reachSettled(t.ctx.db);
    t.setNow(new Date('2026-06-16T09:00:00Z'));
    try {
      await visit({ target: entry('p-a'), via: 'story' });
    } finally {
      t.setNow(NOW);
    }
    const own = await t.app.inject({ url: '/api/reach/own/text-vote', headers: memberHeaders(member) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.json<OwnReachDto>()).toEqual({ visits: 3, votes: 1 });
    const other = await t.app.inject({ url: '/api/reach/own/unknown-challenge', headers: memberHeaders(member) });
    expect([other.statusCode, other.json()]).toEqual([200, { visits: 0, votes: 0 }]);
    const anonymous = await t.app.inject({ url: '/api/reach/own/text-vote' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('operators: GET /api/operator/reach and reach.csv', () => {
  beforeEach(async () => {
    await visit({ target: entry('p-a'), via: 'whatsapp' });
    await visit({ target: entry('p-a'), via: 'whatsapp' });
    await visit({ target: { kind: 'club', clubId: 'club-1001-w' }, via: 'qr' });
    await anonymousVote('p-b', { via: 'copy' });
    await recordPreview({
      ctx: t.ctx,
      input: { target: { kind: 'entry', challengeId: 'text-vote', participationId: 'p-a' }, channel: 'direct' },
    });
    await reachSettled(t.ctx.db);
  });

  test('the report: rows with challenge title, club name and team, totals and every channel; both roles; no-store', async () => {
    for (const session of [admin, moderator]) {
      const res = await operatorGet('/api/operator/reach', session);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const report = res.json<ReachReportDto>();
      expect(report.rows).toHaveLength(4);
      expect(report.rows).toContainEqual({
        day: DAY,
        challengeId: 'text-vote',
        challengeTitle: 'Dein Vereinsspruch',
        participationId: 'p-a',
        clubId: 'club-1000-m',
        clubName: 'Verein 0000',
        team: 'm',
        channel: 'whatsapp',
        previews: 0,
        visits: 2,
        votes: 0,
      });
      expect(report.rows).toContainEqual(
        expect.objectContaining({
          challengeId: null,
          challengeTitle: null,
          participationId: null,
          clubId: 'club-1001-w',
          team: 'w',
          channel: 'qr',
          visits: 1,
        }),
      );
      expect(report.totals).toEqual({ previews: 1, visits: 3, votes: 1 });
      expect(report.byChannel.map((c) => c.channel)).toEqual(['whatsapp', 'qr', 'story', 'copy', 'share', 'direct']);
      expect(report.byChannel.find((c) => c.channel === 'copy')).toEqual({ channel: 'copy', previews: 0, visits: 0, votes: 1 });
      expect(report.byChannel.find((c) => c.channel === 'story')).toEqual({ channel: 'story', previews: 0, visits: 0, votes: 0 });
      expect(report.truncated).toBe(false);
    }
  });

  test('filters: challenge (club pages belong to none), club, days; bad days and unknown parameters are German 400s', async () => {
    const report = async (query: string) => (await operatorGet(`/api/operator/reach?${query}`, moderator)).json<ReachReportDto>();
    expect((await report('challengeId=text-vote')).rows.map((r) => r.participationId).sort()).toEqual(['p-a', 'p-a', 'p-b']);
    expect((await report('clubId=club-1001-w')).totals).toEqual({ previews: 0, visits: 1, votes: 1 });
    expect((await report(`from=${DAY}&to=${DAY}`)).rows).toHaveLength(4);
    expect((await report('from=2026-06-16')).rows).toEqual([]);
    expect((await report('to=2026-06-14')).totals).toEqual({ previews: 0, visits: 0, votes: 0 });
    for (const [query, message] of [
      ['from=2026-02-31', /^from: Bitte ein gültiges Datum/],
      ['to=15.06.2026', /^to: Datum im Format JJJJ-MM-TT$/],
      ['from=2026-06-16&to=2026-06-15', /^from: Der Zeitraum beginnt nach seinem Ende\.$/],
      ['size=10', /size/],
      [`challengeId=${encodeURIComponent('a\u202Eb')}`, /^challengeId: Steuerzeichen/],
    ] as const) {
      const res = await operatorGet(`/api/operator/reach?${query}`, admin);
      expect([res.statusCode, res.json().code]).toEqual([400, 'ValidationError']);
      expect(res.json().message).toMatch(message);
    }
  });

  test('the CSV: German header, labels, one line per row, formula-safe, as an attachment; both roles', async () => {
    await t.ctx.db.update(clubs).set({ clubname: '=HYPERLINK("x")' });
    for (const session of [admin, moderator]) {
      const res = await operatorGet('/api/operator/reach.csv?challengeId=text-vote', session);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="reichweite-${DAY}.csv"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.body.startsWith(CSV_BOM)).toBe(true);
      const lines = res.body.slice(1).split('\r\n');
      expect(lines[0]).toBe('Tag;Art;Challenge;Challenge-ID;Beitrags-ID;Verein;Mannschaft;Vereins-ID;Kanal;Vorschauen;Besuche;Stimmen');
      expect(lines).toContain(`${DAY};Beitrag;Dein Vereinsspruch;text-vote;p-a;"'=HYPERLINK(""x"")";Herren;club-1000-m;WhatsApp;0;2;0`);
      expect(lines).toContain(`${DAY};Beitrag;Dein Vereinsspruch;text-vote;p-b;"'=HYPERLINK(""x"")";Damen;club-1001-w;Link kopiert;0;0;1`);
      expect(lines).toContain(`${DAY};Beitrag;Dein Vereinsspruch;text-vote;p-a;"'=HYPERLINK(""x"")";Herren;club-1000-m;Direkt;1;0;0`);
      expect(lines.filter(Boolean)).toHaveLength(4);
    }
    const clubPage = (await operatorGet('/api/operator/reach.csv?clubId=club-1001-w', admin)).body;
    expect(clubPage).toContain(`${DAY};Vereinsseite;;;;"'=HYPERLINK(""x"")";Damen;club-1001-w;QR-Code;0;1;0`);
  });

  test('no session and a club’s access token are 401', async () => {
    for (const url of ['/api/operator/reach', '/api/operator/reach.csv']) {
      expect((await operatorGet(url, null)).statusCode).toBe(401);
      const token = await t.app.inject({ url, headers: { authorization: `Bearer ${member.accessToken}` } });
      expect(token.statusCode).toBe(401);
    }
  });
});
