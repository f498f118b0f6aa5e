import { randomUUID } from 'node:crypto';
import { AuthenticationDetails, CognitoUser, CognitoUserPool, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { eq } from 'drizzle-orm';
import { identityUsers, profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { MemoryStorage } from '../../test-support/cognito-library.js';
import { cognitoModeEnv } from '../../test-support/identity.js';
import { lastCodeTo, readOutbox } from '../../test-support/mail.js';
import { seedClubs } from '../../test-support/seed.js';
import { memberRegistration } from '../../test-support/members.js';

/**
 * IDENTITY_PROVIDER=cognito against a stand-in Cognito: a second app instance running the built-in
 * identity service (it speaks the user-pool protocol) on a port. The app under test keeps only the
 * profiles; users, codes and logins live in the stand-in, and its tokens are checked with the
 * stand-in's JWKS and issuer. No admin credentials here (public API only).
 */

const POOL_ID = 'eu-central-1_StandIn1';
const CLIENT_ID = 'standinclient';
const BASE = '/content/public/spaces/erd/frontend-users';
const XSRF = 'abcdefghijklmnopqrstuvwxyz012345';
const PASSWORD = 'Abseits!2026';
const NEW_PASSWORD = 'Abseits!2027';

let cognito: TestApp;
let t: TestApp;
let cognitoBase = '';

beforeAll(async () => {
  cognito = await createTestApp({
    realTime: true,
    env: { IDENTITY_USER_POOL_ID: POOL_ID, IDENTITY_CLIENT_ID: CLIENT_ID, RATE_LIMIT_SCALE: '100' },
  });
  cognitoBase = await cognito.listen();
  t = await createTestApp({
    realTime: true,
    env: {
      ...cognitoModeEnv(cognito, cognitoBase),
      RATE_LIMIT_SCALE: '100',
    },
  });
  await seedClubs(t.ctx.db, 6);
});
afterAll(async () => {
  await t?.close();
  await cognito?.close();
});

const post = (path: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${path}`, payload: payload as Record<string, unknown> });

const registration = (email: string, clubId: string, password = PASSWORD) => memberRegistration(email, clubId, password);

const standInUser = async (email: string) => (await cognito.ctx.db.select().from(identityUsers).where(eq(identityUsers.email, email)))[0];
const profileOf = async (sub: string) => (await t.ctx.db.select().from(profiles).where(eq(profiles.sub, sub)))[0];
const mailsTo = async (email: string) => (await readOutbox(cognito)).filter((m) => m.to.includes(email)).length;

function login(email: string, password: string) {
  const storage = new MemoryStorage();
  const pool = new CognitoUserPool({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, endpoint: `${cognitoBase}/identity`, Storage: storage });
  const user = new CognitoUser({ Username: email, Pool: pool, Storage: storage });
  return new Promise<CognitoUserSession>((resolve, reject) =>
    user.authenticateUser(new AuthenticationDetails({ Username: email, Password: password }), { onSuccess: resolve, onFailure: reject }),
  );
}

const memberHeaders = (token: string) => ({ authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF });

test('the built-in identity service is not mounted; the browser is pointed at the pool', async () => {
  expect((await t.app.inject({ method: 'POST', url: '/identity' })).statusCode).toBe(404);
  expect((await t.app.inject({ url: '/config.json' })).json().identity.endpoint).toBe(`${cognitoBase}/identity`);
});

test('a taken club entry is refused before anything is created at Cognito', async () => {
  await t.ctx.db
    .insert(profiles)
    .values({ sub: randomUUID(), clubId: 'club-1002-m', firstname: 'A', lastname: 'B', street: 'C 1', city: 'D' });
  const res = await post('signup', registration('taken@example.org', 'club-1002-m'));
  expect(res.statusCode).toBe(409);
  expect(res.json().code).toBe('ClubTaken');
  expect(await standInUser('taken@example.org')).toBeUndefined();
  const unknownClub = await post('signup', registration('nowhere@example.org', 'club-9999-m'));
  expect([unknownClub.statusCode, unknownClub.json().code]).toEqual([404, 'ClubNotFound']);
  expect(await standInUser('nowhere@example.org')).toBeUndefined();
});

describe('the account of one member, from sign-up to deletion', () => {
  const email = 'mitglied@example.org';
  let sub = '';
  let token = '';

  test('sign-up creates the user at Cognito (its sub) and the profile here', async () => {
    const res = await post('signup', registration(email, 'club-1000-m'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email });
    const user = await standInUser(email);
    expect(user?.status).toBe('UNCONFIRMED');
    sub = user!.sub;
    expect((await profileOf(sub))?.clubId).toBe('club-1000-m');
    // Issue 25: the address for notifications is kept with the profile, not yet confirmed.
    expect(await profileOf(sub)).toMatchObject({ email, emailConfirmedAt: null });
    expect(await mailsTo(email)).toBe(1); // Cognito sends the code

    const again = await post('signup', registration(email, 'club-1000-w'));
    expect([again.statusCode, again.json().code]).toEqual([409, 'EmailExists']);
    const weak = await post('signup', registration('weak@example.org', 'club-1000-w', 'abcdefgh'));
    expect(weak.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(profiles).where(eq(profiles.clubId, 'club-1000-w'))).toEqual([]);
  });

  test('confirmation: wrong code 400, resend (429 within the minute), right code 200, again 400 NotAuthorizedException', async () => {
    const wrong = await post('signup/confirm', { email, code: (await lastCodeTo(cognito, email)) === '000000' ? '111111' : '000000' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'CodeMismatchException']);

    const soon = await post('signup/code', { email });
    expect([soon.statusCode, soon.json().code]).toEqual([429, 'LimitExceededException']);
    cognito.setNow(new Date(Date.now() + 61_000)); // the stand-in's clock: a minute later (within the token clock skew)
    const resend = await post('signup/code', { email });
    expect(resend.statusCode).toBe(200);
    expect(await mailsTo(email)).toBe(2);

    const ok = await post('signup/confirm', { email, code: await lastCodeTo(cognito, email) });
    expect(ok.statusCode).toBe(200);
    expect((await standInUser(email))?.status).toBe('CONFIRMED');
    expect((await profileOf(sub))?.emailConfirmedAt).toBeInstanceOf(Date);
    const twice = await post('signup/confirm', { email, code: await lastCodeTo(cognito, email) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'NotAuthorizedException', message: 'NotAuthorizedException' });
  });

  test('an unknown address: as the pool answers (the stand-in prevents user existence errors: 400 CodeMismatchException)', async () => {
    const res = await post('signup/confirm', { email: 'unknown@example.org', code: '123456' });
    expect([res.statusCode, res.json().code]).toEqual([400, 'CodeMismatchException']);
  });

  test('forgot password and a new one with the code', async () => {
    expect((await post('forgot-password', { email })).statusCode).toBe(200);
    expect((await post('forgot-password', { email: 'unknown@example.org' })).statusCode).toBe(200);
    const code = await lastCodeTo(cognito, email);
    const wrong = await post('forgot-password/confirm', { email, code: code === '000000' ? '111111' : '000000', password: NEW_PASSWORD });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'CodeMismatchException']);
    const weak = await post('forgot-password/confirm', { email, code, password: 'abc' });
    expect([weak.statusCode, weak.json().code]).toEqual([400, 'InvalidPasswordException']);
    const ok = await post('forgot-password/confirm', { email, code, password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  test('login through amazon-cognito-identity-js at the pool; /api/me here with that token', async () => {
    await expect(login(email, PASSWORD)).rejects.toMatchObject({ code: 'NotAuthorizedException' });
    const session = await login(email, NEW_PASSWORD);
    token = session.getAccessToken().getJwtToken();
    const me = await t.app.inject({ url: '/api/me', headers: memberHeaders(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ sub, email, fields: { firstname: 'Erika', club: { id: 'club-1000-m' } } });
    // Confirmed directly at the pool (not through this server): the first sign-in notes it.
    await t.ctx.db.update(profiles).set({ email: null, emailConfirmedAt: null }).where(eq(profiles.sub, sub));
    expect((await t.app.inject({ url: '/api/me', headers: memberHeaders(token) })).statusCode).toBe(200);
    expect(await profileOf(sub)).toMatchObject({ email, emailConfirmedAt: expect.any(Date) });
  });

  test('profile changes work; a new password needs admin credentials (clear error, nothing changed)', async () => {
    const me = (await t.app.inject({ url: '/api/me', headers: memberHeaders(token) })).json();
    const fields = { ...me.fields, city: '80333 München' };
    const withPassword = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: memberHeaders(token),
      payload: { fields, updatedAt: me.updatedAt, password: 'Abseits!2028' },
    });
    expect(withPassword.statusCode).toBe(400);
    expect(withPassword.json()).toMatchObject({ code: 'PasswordChangeUnavailable', user: ['password'] });
    expect((await profileOf(sub))?.city).toBe('80331 München');
    const plain = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: memberHeaders(token),
      payload: { fields, updatedAt: me.updatedAt },
    });
    expect(plain.statusCode).toBe(200);
    expect((await profileOf(sub))?.city).toBe('80333 München');
  });

  test('DELETE /api/profile deletes the user at Cognito (DeleteUser with the token) and the profile; the club entry is free again', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: memberHeaders(token) });
    expect(res.statusCode).toBe(204);
    expect(await standInUser(email)).toBeUndefined();
    expect(await profileOf(sub)).toBeUndefined();
    // The token is still validly signed until it expires (as with real Cognito); there is no profile any more.
    expect((await t.app.inject({ url: '/api/me', headers: memberHeaders(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: memberHeaders(token) })).statusCode).toBe(401);
    expect((await post('signup', registration('next@example.org', 'club-1000-m'))).statusCode).toBe(201);
  });
});
