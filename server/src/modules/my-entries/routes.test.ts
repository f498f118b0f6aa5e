import { eq } from 'drizzle-orm';
import type { MyEntriesDto, MyEntryDto } from '@erd/shared-contracts/schemas';
import { challenges, participations } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { srpLogin } from '../../test-support/identity.js';
import { createMember, MEMBER_PASSWORD, memberHeaders, type Member } from '../../test-support/members.js';
import {
  seedChallenge,
  seedClubs,
  seedEstimateEntry,
  seedOtherYear,
  seedParticipation,
  seedPictureEntry,
  seedVotes,
  seedYear,
  voteDates,
} from '../../test-support/seed.js';
import { rejectParticipation } from '../moderation/service.js';
import { publishChallengeResults } from '../results/service.js';

/**
 * 'Meine Teilnahmen' over HTTP against the real app and database (PGlite, and PostgreSQL with
 * DATABASE_URL), today 2026-06-15: per challenge of the current season the club's own entry with
 * its state (a rejection with the operator's reason from the audit log), votes once published,
 * place and points once the results are published; nothing of other clubs or other seasons, no
 * right answer before the results; members only, never cached.
 */

let t: TestApp;
let member: Member;
let rival: Member;
const NOW = new Date('2026-06-15T10:00:00Z');
const CLUB = 'club-1000-m';
const OTHER = 'club-1001-w';
const ACTOR = { operatorId: null, name: 'cli:test', role: 'admin' as const };
const SECRET_ANSWER = 4321;
const PAST = voteDates(['2026-05-01', '2026-05-10'], ['2026-05-11', '2026-05-31']);
const RUNNING = voteDates(['2026-06-01', '2026-06-20'], ['2026-06-21', '2026-06-30']);
const picture = {
  fields: { file: { url: '/media/uploads/k.jpg' } },
  metadata: { thumbnails: [320, 640, 1024].map((w) => ({ url: `/media/uploads/k.w${w}.webp`, width: w, format: 'webp' })) },
};

const get = (who: Member | null) => t.app.inject({ method: 'GET', url: '/api/me/participations', headers: memberHeaders(who) });
const entryOf = (body: MyEntriesDto, challengeId: string) => body.entries.find((e) => e.challenge.id === challengeId);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 4);
  // #1 slogans, over and published; #2 pictures, running; #3 estimate, running; #4 goals, over and published;
  // #5 slogans, rejected and open again; #6 the club did not take part.
  await seedChallenge(db, { id: 'slogans', type: 'bfv-erd-text-vote', position: 1, dates: PAST });
  await seedChallenge(db, { id: 'pictures', type: 'bfv-erd-picture-vote', position: 2, dates: RUNNING });
  await seedChallenge(db, { id: 'estimate', type: 'bfv-erd-estimate', position: 3, dates: RUNNING, rightAnswer: SECRET_ANSWER });
  await seedChallenge(db, { id: 'goals', type: 'bfv-erd-goals', position: 4, dates: PAST, rightAnswer: 40, scoring: 'closest' });
  await seedChallenge(db, { id: 'slogans-2', type: 'bfv-erd-text-vote', position: 5, dates: RUNNING });
  await seedChallenge(db, { id: 'untouched', type: 'bfv-erd-text-vote', position: 6, dates: RUNNING });
  await db.update(challenges).set({ headline: 'Dein Vereinsspruch' }).where(eq(challenges.id, 'slogans'));
  await db.update(challenges).set({ resultsDate: '2026-06-20' }).where(eq(challenges.id, 'goals'));

  await seedParticipation(db, { id: 'p-slogan', challengeId: 'slogans', clubId: CLUB, slogan: 'Wir sind der Verein!' });
  await seedParticipation(db, { id: 'p-slogan-other', challengeId: 'slogans', clubId: OTHER, slogan: 'Die anderen' });
  await seedVotes(db, 'p-slogan', 'slogans', 3);
  await seedVotes(db, 'p-slogan', 'slogans', 2, { removed: true });
  await seedVotes(db, 'p-slogan-other', 'slogans', 5);
  await seedPictureEntry(db, { id: 'p-picture', challengeId: 'pictures', clubId: CLUB, image: picture, state: 'pending' });
  await seedEstimateEntry(db, { id: 'p-estimate', challengeId: 'estimate', clubId: CLUB, estimate: 4500 });
  await seedEstimateEntry(db, { id: 'p-estimate-other', challengeId: 'estimate', clubId: OTHER, estimate: SECRET_ANSWER });
  await seedEstimateEntry(db, { id: 'p-goals', challengeId: 'goals', clubId: CLUB, estimate: 37 });
  await seedEstimateEntry(db, { id: 'p-goals-other', challengeId: 'goals', clubId: OTHER, estimate: 40 });
  await seedParticipation(db, { id: 'p-rejected', challengeId: 'slogans-2', clubId: CLUB, slogan: 'Zu frech', state: 'pending' });
  await seedParticipation(db, { id: 'p-untouched-other', challengeId: 'untouched', clubId: OTHER });
  // Another season's entry of the club is not this season's.
  await seedOtherYear(db, 'year-old', { year: 2025 });
  await seedChallenge(db, { id: 'old', yearId: 'year-old', position: 1, dates: { startDate: '2025-05-01', endDate: '2025-05-31' } });
  await seedParticipation(db, { id: 'p-old', challengeId: 'old', clubId: CLUB });

  await rejectParticipation({ ctx: t.ctx, input: { id: 'p-rejected', reason: 'Enthält eine Beleidigung', actor: ACTOR } });
  for (const challengeId of ['slogans', 'goals']) {
    await publishChallengeResults({ ctx: t.ctx, input: { challengeId, body: { expectedVersion: 0 }, actor: ACTOR } });
  }

  member = await createMember(t, CLUB);
  rival = await createMember(t, OTHER);
}, 120_000);

afterAll(() => t.close());

test('members only: 401 without a valid access token, never cached', async () => {
  const anonymous = await get(null);
  expect(anonymous.statusCode).toBe(401);
  const forged = await t.app.inject({
    method: 'GET',
    url: '/api/me/participations',
    headers: memberHeaders(null, { authorization: 'Bearer nope' }),
  });
  expect(forged.statusCode).toBe(401);
  const res = await get(member);
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
});

test('every challenge of the season the club took part in, in the season’s order, with its #n, state, votes, place and points', async () => {
  const res = await get(member);
  const body = res.json<MyEntriesDto>();
  expect(body.yearId).toBe('year-seed');
  expect(body.entries.map((e) => [e.challenge.id, e.challenge.number, e.state])).toEqual([
    ['slogans', 1, 'published'],
    ['pictures', 2, 'pending'],
    ['estimate', 3, 'published'],
    ['goals', 4, 'published'],
    ['slogans-2', 5, 'rejected'],
  ]);

  expect(entryOf(body, 'slogans')).toEqual<MyEntryDto>({
    challenge: {
      id: 'slogans',
      number: 1,
      headline: 'Dein Vereinsspruch',
      type: 'bfv-erd-text-vote',
      submissionOpen: false,
      ended: true,
      resultsPublished: true,
      resultsDate: null,
    },
    participationId: 'p-slogan',
    state: 'published',
    rejectionReason: null,
    estimate: null,
    slogan: 'Wir sind der Verein!',
    picture: null,
    // The removed votes do not count.
    votes: 3,
    result: { place: 2, points: expect.any(Number), rightAnswer: null },
    at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });
  expect(entryOf(body, 'slogans')!.result!.points).toBeGreaterThan(0);

  // Pending: the picture's small rendition, no votes, no result.
  expect(entryOf(body, 'pictures')).toMatchObject({
    participationId: 'p-picture',
    state: 'pending',
    picture: '/media/uploads/k.w320.webp',
    slogan: null,
    votes: null,
    result: null,
    challenge: { submissionOpen: true, ended: false, resultsPublished: false },
  });

  // Goals over and published: the number sent, the place and the right answer as the public table shows it.
  expect(entryOf(body, 'goals')).toMatchObject({
    estimate: 37,
    votes: null,
    result: { place: 2, rightAnswer: 40 },
    challenge: { type: 'bfv-erd-goals', ended: true, resultsPublished: true, resultsDate: null },
  });
});

test('a running estimate: the club’s own number, never the right answer or another club’s number', async () => {
  const res = await get(member);
  expect(entryOf(res.json<MyEntriesDto>(), 'estimate')).toMatchObject({
    estimate: 4500,
    votes: null,
    result: null,
    challenge: { type: 'bfv-erd-estimate', submissionOpen: true, ended: false, resultsPublished: false },
  });
  expect(res.body).not.toContain(String(SECRET_ANSWER));
});

test('a rejected entry (deleted) shows with the operator’s reason from the audit log, and may be sent again', async () => {
  const body = (await get(member)).json<MyEntriesDto>();
  expect(entryOf(body, 'slogans-2')).toMatchObject({
    participationId: null,
    state: 'rejected',
    rejectionReason: 'Enthält eine Beleidigung',
    slogan: 'Zu frech',
    votes: null,
    result: null,
    challenge: { submissionOpen: true },
  });

  // Sent again: the new entry counts, the rejection is history.
  await seedParticipation(t.ctx.db, { id: 'p-again', challengeId: 'slogans-2', clubId: CLUB, slogan: 'Netter Spruch', state: 'pending' });
  try {
    const again = entryOf((await get(member)).json<MyEntriesDto>(), 'slogans-2');
    expect(again).toMatchObject({ participationId: 'p-again', state: 'pending', rejectionReason: null, slogan: 'Netter Spruch' });
  } finally {
    await t.ctx.db.delete(participations).where(eq(participations.id, 'p-again'));
  }
});

test('only the own club: another member sees their club’s entries, nothing of the first club', async () => {
  const res = await get(rival);
  const body = res.json<MyEntriesDto>();
  expect(body.entries.map((e) => [e.challenge.id, e.participationId])).toEqual([
    ['slogans', 'p-slogan-other'],
    ['estimate', 'p-estimate-other'],
    ['goals', 'p-goals-other'],
    ['untouched', 'p-untouched-other'],
  ]);
  expect(entryOf(body, 'slogans')).toMatchObject({ votes: 5, result: { place: 1 } });
  expect(entryOf(body, 'goals')).toMatchObject({ estimate: 40, result: { place: 1, rightAnswer: 40 } });
  expect(res.body).not.toMatch(/p-slogan"|Wir sind der Verein|Zu frech|p-picture|4500/);
  // The estimate challenge runs: its right answer is not told even where it equals the club's own number.
  expect(entryOf(body, 'estimate')).toMatchObject({ estimate: SECRET_ANSWER, result: null });
});

test('a finished challenge without published results says when they are expected', async () => {
  await t.ctx.db.update(challenges).set({ resultsDate: '2026-07-06' }).where(eq(challenges.id, 'slogans-2'));
  t.setNow(new Date('2026-07-02T10:00:00Z'));
  try {
    // Two weeks on, the morning's access token has expired: a new login.
    const login = await srpLogin(t.app, member.email, MEMBER_PASSWORD, t.ctx.now());
    const later = { ...member, accessToken: login.body.AuthenticationResult!.AccessToken! };
    const body = (await get(later)).json<MyEntriesDto>();
    expect(entryOf(body, 'slogans-2')!.challenge).toMatchObject({
      ended: true,
      submissionOpen: false,
      resultsPublished: false,
      resultsDate: '2026-07-06',
    });
    expect(entryOf(body, 'estimate')!.challenge).toMatchObject({ ended: true, resultsPublished: false, resultsDate: null });
  } finally {
    t.setNow(NOW);
  }
});

test('no season set up yet: an empty list', async () => {
  const fresh = await createTestApp({ now: NOW });
  try {
    await seedClubs(fresh.ctx.db, 2);
    const someone = await createMember(fresh, CLUB);
    const res = await fresh.app.inject({ method: 'GET', url: '/api/me/participations', headers: memberHeaders(someone) });
    expect([res.statusCode, res.json()]).toEqual([200, { yearId: null, entries: [] }]);
  } finally {
    await fresh.close();
  }
}, 60_000);
