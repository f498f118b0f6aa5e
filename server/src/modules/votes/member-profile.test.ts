import { eq } from 'drizzle-orm';
import { berlinToday, type AltchaChallengeDto } from '@erd/shared-contracts/wire';
import { votes } from '../../db/schema/index.js';
import { solveProof } from '../../test-support/altcha.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { cognitoModeEnv, srpLogin } from '../../test-support/identity.js';
import { lastCodeTo } from '../../test-support/mail.js';
import { createMember, MEMBER_PASSWORD, memberHeaders, memberRegistration, XSRF, type Member } from '../../test-support/members.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';
import { VOTER_COOKIE } from './voter.js';

/**
 * A member's vote needs a profile that exists now, not only a valid token of the pool
 * (IDENTITY_PROVIDER=cognito against a stand-in pool: the built-in identity service of a second
 * app, as in accounts/cognito.test.ts). A token of a pool user the product never registered, and
 * the token of an account deleted since (Cognito tokens stay valid until they expire), vote as
 * anyone does: without a proof of work 400 `ProofRequired` with the German message and nothing
 * counted; with one an anonymous vote (no account on the record). The other member-only routes
 * refuse such a token too: the own entry (403), /api/me and the profile (404).
 */

const BASE = '/content/public/spaces/erd/frontend-users';

let cognito: TestApp;
let t: TestApp;
let stranger: Member;

beforeAll(async () => {
  cognito = await createTestApp({ realTime: true, env: { RATE_LIMIT_SCALE: '100' } });
  const cognitoBase = await cognito.listen();
  t = await createTestApp({
    realTime: true,
    env: {
      ...cognitoModeEnv(cognito, cognitoBase),
      RATE_LIMIT_SCALE: '100',
      VOTE_PROOF_COST: '1',
    },
  });
  await seedClubs(cognito.ctx.db, 4);
  const db = t.ctx.db;
  await seedYear(db);
  await seedClubs(db, 6);
  // Voting open today (whatever day the test runs): from yesterday to tomorrow.
  const day = (offset: number) => berlinToday(new Date(Date.now() + offset * 86_400_000));
  await seedChallenge(db, {
    id: 'text-vote',
    dates: {
      startDate: day(-9),
      endDate: day(1),
      startDateSubmission: day(-9),
      endDateSubmission: day(-2),
      startDateVoting: day(-1),
      endDateVoting: day(1),
    },
  });
  for (const [id, clubId] of [
    ['p-1', 'club-1002-m'],
    ['p-2', 'club-1002-w'],
    ['p-3', 'club-1001-w'],
  ] as const) {
    await seedParticipation(db, { id, challengeId: 'text-vote', clubId });
  }
  // A user of the pool who never registered with the product (signed up on another app of the pool).
  stranger = await createMember(cognito, 'club-1000-m', 'fremd@example.org');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await cognito?.close();
});

const recordsOf = (participationId: string) => t.ctx.db.select().from(votes).where(eq(votes.participationId, participationId));

async function vote(token: string, participationId: string, withProof: boolean) {
  const challenge = await t.app.inject({ url: '/api/votes/challenge' });
  const cookie = challenge.cookies.filter((c) => c.name === VOTER_COOKIE).map((c) => `${c.name}=${c.value}`)[0]!;
  const altcha = withProof ? await solveProof(challenge.json<AltchaChallengeDto>()) : undefined;
  return t.app.inject({
    method: 'POST',
    url: '/api/votes',
    headers: { ...memberHeaders(null, { cookie }), authorization: `Bearer ${token}` },
    payload: { challengeId: 'text-vote', participationId, ...(altcha ? { altcha } : {}) },
  });
}

/** Without a proof: the anonymous voter's German 400, nothing recorded; with one: an anonymous vote. */
async function expectAnonymousTreatment(token: string, participationId: string): Promise<void> {
  const refused = await vote(token, participationId, false);
  expect([refused.statusCode, refused.json()]).toEqual([
    400,
    expect.objectContaining({ code: 'ProofRequired', message: 'Bitte bestätige, dass du kein Bot bist.' }),
  ]);
  expect(await recordsOf(participationId)).toEqual([]);
  const counted = await vote(token, participationId, true);
  expect([counted.statusCode, counted.json()]).toEqual([200, { votes: 1 }]);
  expect(await recordsOf(participationId)).toEqual([expect.objectContaining({ accountKey: null, accountSub: null })]);
}

/** The other member-only routes: the own entry 403, /api/me and the profile 404 (the token itself is valid: not 401). */
async function expectNoMemberRoutes(token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  const entry = await t.app.inject({ url: '/api/challenge/particpation/text-vote', headers });
  expect([entry.statusCode, entry.json().message]).toEqual([403, 'Zu diesem Konto gehört kein Verein.']);
  const save = await t.app.inject({
    method: 'PUT',
    url: '/api/challenge/particpation/text-vote',
    headers,
    payload: { slogan: 'Wir sind dabei' },
  });
  expect(save.statusCode).toBe(403);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/challenge/particpation/text-vote/createpresignedpost',
    headers,
    payload: { name: 'bild.jpg', contentType: 'image/jpeg' },
  });
  expect(upload.statusCode).toBe(403);
  expect((await t.app.inject({ url: '/api/me', headers })).statusCode).toBe(404);
  const profile = await t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers,
    payload: { fields: { firstname: 'A', lastname: 'B', street: 'C 1', city: '80331 München' }, updatedAt: new Date().toISOString() },
  });
  expect(profile.statusCode).toBe(404);
}

test('a token of a pool user the product never registered: no member vote, no member routes', async () => {
  await expectAnonymousTreatment(stranger.accessToken, 'p-1');
  await expectNoMemberRoutes(stranger.accessToken);
});

test('the token of a deleted account (still valid at the pool until it expires): no member vote, no member routes', async () => {
  const email = 'geloescht@example.org';
  const registration = memberRegistration(email, 'club-1000-w');
  expect(
    (await t.app.inject({ method: 'POST', url: `${BASE}/signup`, payload: registration as unknown as Record<string, unknown> })).statusCode,
  ).toBe(201);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: `${BASE}/signup/confirm`,
    payload: { email, code: await lastCodeTo(cognito, email) },
  });
  expect(confirmed.statusCode).toBe(200);
  const token = (await srpLogin(cognito.app, email, MEMBER_PASSWORD, new Date())).body.AuthenticationResult!.AccessToken!;

  // While the account exists: a member's vote (no proof, counted for the account).
  const asMember = await vote(token, 'p-2', false);
  expect([asMember.statusCode, asMember.json()]).toEqual([200, { votes: 1 }]);
  expect(await recordsOf('p-2')).toEqual([expect.objectContaining({ accountKey: 'club:club-1000-w' })]);

  const deleted = await t.app.inject({
    method: 'DELETE',
    url: '/api/profile',
    headers: memberHeaders(null, { authorization: `Bearer ${token}` }),
  });
  expect(deleted.statusCode).toBe(204);
  await expectAnonymousTreatment(token, 'p-3');
  await expectNoMemberRoutes(token);
});
