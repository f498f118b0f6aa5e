import {
  CognitoUser,
  CognitoUserAttribute,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import { identityUsers, identitySessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { changePassword, failure, globalSignOut, libraryUser, login, MemoryStorage } from '../../test-support/cognito-library.js';
import { jwtPayload } from '../../test-support/identity.js';
import { lastCodeTo, lastMailTo, readOutbox } from '../../test-support/mail.js';

/**
 * Interoperability with the real, unmodified amazon-cognito-identity-js 6.3.21 against a listening
 * server: every flow the product uses goes through the library (no hand-built requests here).
 */

const POOL_ID = 'eu-central-1_ErdLocal1';
const CLIENT_ID = 'erdlocalclient';

let t: TestApp;
let base = '';
let pool: CognitoUserPool;

beforeAll(async () => {
  t = await createTestApp({ realTime: true });
  base = await t.listen();
  pool = new CognitoUserPool({ UserPoolId: POOL_ID, ClientId: CLIENT_ID, endpoint: `${base}/identity`, Storage: new MemoryStorage() });
});
afterAll(() => t.close());

function signUp(email: string, password: string, attributes: CognitoUserAttribute[] = []) {
  return new Promise<{ userSub: string; userConfirmed: boolean; codeDeliveryDetails: unknown }>((resolve, reject) =>
    pool.signUp(email, password, attributes, [], (err, result) => (err || !result ? reject(err) : resolve(result))),
  );
}

const userFor = (username: string, storage?: ICognitoStorage) =>
  libraryUser({ userPoolId: POOL_ID, clientId: CLIENT_ID, endpoint: `${base}/identity` }, username, storage);

function confirm(user: CognitoUser, code: string) {
  return new Promise<string>((resolve, reject) =>
    user.confirmRegistration(code, true, (err, result: string) => (err ? reject(err) : resolve(result))),
  );
}

function resend(user: CognitoUser) {
  return new Promise<unknown>((resolve, reject) => user.resendConfirmationCode((err, result) => (err ? reject(err) : resolve(result))));
}

function refresh(user: CognitoUser, session: CognitoUserSession) {
  return new Promise<CognitoUserSession>((resolve, reject) =>
    user.refreshSession(session.getRefreshToken(), (err: unknown, result: CognitoUserSession) => (err ? reject(err) : resolve(result))),
  );
}

function attributes(user: CognitoUser) {
  return new Promise<Record<string, string>>((resolve, reject) =>
    user.getUserAttributes((err, list) =>
      err || !list ? reject(err) : resolve(Object.fromEntries(list.map((a) => [a.getName(), a.getValue()]))),
    ),
  );
}

function updateAttributes(user: CognitoUser, list: CognitoUserAttribute[]) {
  return new Promise<string>((resolve, reject) =>
    user.updateAttributes(list, (err, result) => (err ? reject(err) : resolve(result as string))),
  );
}

function forgot(user: CognitoUser) {
  return new Promise<unknown>((resolve, reject) => user.forgotPassword({ onSuccess: resolve, onFailure: reject }));
}

function confirmNewPassword(user: CognitoUser, code: string, password: string) {
  return new Promise<string>((resolve, reject) => user.confirmPassword(code, password, { onSuccess: resolve, onFailure: reject }));
}

function signOutRevoking(user: CognitoUser) {
  return new Promise<void>((resolve, reject) => user.signOut((err?: Error) => (err ? reject(err) : resolve())));
}

function deleteUser(user: CognitoUser) {
  return new Promise<string>((resolve, reject) => user.deleteUser((err, result) => (err ? reject(err) : resolve(result as string))));
}

const api = (path: string, token: string) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });

describe('amazon-cognito-identity-js 6.3.21 against the built-in identity service', () => {
  const email = 'Kapitaen@Example.org';
  const password = 'Anstoss!2026';
  let sub = '';
  let session: CognitoUserSession;
  let user: CognitoUser;

  test('sign-up: unconfirmed user, code mail with the magic link', async () => {
    const result = await signUp(email, password);
    expect(result.userConfirmed).toBe(false);
    expect(result.userSub).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.codeDeliveryDetails).toEqual({ Destination: 'k***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' });
    sub = result.userSub;
    const mail = await lastMailTo(t, 'kapitaen@example.org');
    expect(mail.subject).toContain('Bestätigungscode');
    expect(mail.text).toContain('/confirmation?MAGIC_LINK=');
    const [row] = await t.ctx.db.select().from(identityUsers);
    expect(row).toMatchObject({ sub, email: 'kapitaen@example.org', status: 'UNCONFIRMED' });
    // Only salt and verifier: the password is nowhere.
    expect(JSON.stringify(row)).not.toContain(password);
  });

  test('a second sign-up with the address fails: UsernameExistsException', async () => {
    expect((await failure(signUp('kapitaen@example.org', password))).code).toBe('UsernameExistsException');
  });

  test('a weak password fails the policy: InvalidPasswordException', async () => {
    expect(await failure(signUp('schwach@example.org', 'kurz'))).toMatchObject({ code: 'InvalidPasswordException' });
  });

  test('login before confirmation: UserNotConfirmedException', async () => {
    expect((await failure(login(userFor(email), password))).code).toBe('UserNotConfirmedException');
  });

  test('resending within a minute: LimitExceededException', async () => {
    expect((await failure(resend(userFor(email)))).code).toBe('LimitExceededException');
  });

  test('confirm: a wrong code fails, the mailed code confirms, a second confirmation is refused', async () => {
    const code = await lastCodeTo(t, 'kapitaen@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await failure(confirm(userFor(email), wrong))).code).toBe('CodeMismatchException');
    expect(await confirm(userFor(email), code)).toBe('SUCCESS');
    const again = await failure(confirm(userFor(email), code));
    expect(again).toMatchObject({ code: 'NotAuthorizedException', message: 'User cannot be confirmed. Current status is CONFIRMED' });
  });

  test('SRP login: tokens with the Cognito claims, the username becomes the sub', async () => {
    user = userFor('KAPITAEN@example.org');
    session = await login(user, password);
    expect(user.getUsername()).toBe(sub);
    const id = session.getIdToken().decodePayload();
    const access = session.getAccessToken().decodePayload();
    expect(id).toMatchObject({
      sub,
      email: 'kapitaen@example.org',
      email_verified: true,
      aud: CLIENT_ID,
      token_use: 'id',
      'cognito:username': sub,
      iss: t.config.identity.issuer,
    });
    expect(access).toMatchObject({ sub, client_id: CLIENT_ID, token_use: 'access', username: sub, scope: 'aws.cognito.signin.user.admin' });
    expect(access.aud).toBeUndefined();
    expect(access.exp - access.iat).toBe(3600);
    expect(access.origin_jti).toBe(id.origin_jti);
    expect(session.getRefreshToken().getToken()).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(session.isValid()).toBe(true);
    expect(t.config.identity.issuer).toBe(`http://localhost:3999/identity/${POOL_ID}`);
  });

  test('the JWKS is served below the issuer path', async () => {
    const res = await fetch(`${base}/identity/${POOL_ID}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: Array<Record<string, string>> };
    const header = JSON.parse(Buffer.from(session.getAccessToken().getJwtToken().split('.')[0]!, 'base64url').toString()) as {
      kid: string;
      alg: string;
    };
    expect(header.alg).toBe('RS256');
    expect(keys.map((k) => k.kid)).toContain(header.kid);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  });

  test('a wrong password fails: NotAuthorizedException', async () => {
    const error = await failure(login(userFor(email), 'Falsch!2026x'));
    expect(error).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  test('an unknown user fails the same way (no user existence errors)', async () => {
    const error = await failure(login(userFor('niemand@example.org'), password));
    expect(error).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  test('GetUser and UpdateUserAttributes; server-only attributes cannot be written', async () => {
    expect(await attributes(user)).toEqual({ sub, email: 'kapitaen@example.org', email_verified: 'true' });
    expect(await updateAttributes(user, [new CognitoUserAttribute({ Name: 'given_name', Value: 'Kim' })])).toBe('SUCCESS');
    expect((await attributes(user)).given_name).toBe('Kim');
    const refused = await failure(updateAttributes(user, [new CognitoUserAttribute({ Name: 'custom:club', Value: 'club-1-m' })]));
    expect(refused.code).toBe('NotAuthorizedException');
  });

  test('refresh: new ID and access tokens for the same login, the refresh token stays', async () => {
    const refreshed = await refresh(user, session);
    expect(refreshed.getAccessToken().getJwtToken()).not.toBe(session.getAccessToken().getJwtToken());
    expect(refreshed.getAccessToken().decodePayload().origin_jti).toBe(session.getAccessToken().decodePayload().origin_jti);
    expect(refreshed.getRefreshToken().getToken()).toBe(session.getRefreshToken().getToken());
    session = refreshed;
  });

  test('USER_PASSWORD_AUTH works too', async () => {
    const plain = userFor(email);
    plain.setAuthenticationFlowType('USER_PASSWORD_AUTH');
    const s = await login(plain, password);
    expect(s.getIdToken().decodePayload().sub).toBe(sub);
    plain.setAuthenticationFlowType('USER_PASSWORD_AUTH');
    expect((await failure(login(userFor(email), 'Falsch!2026x'))).code).toBe('NotAuthorizedException');
  });

  test('change password: the old one stops working, the new one works', async () => {
    expect(await changePassword(user, password, 'Abpfiff!2027')).toBe('SUCCESS');
    expect((await failure(login(userFor(email), password))).code).toBe('NotAuthorizedException');
    session = await login(user, 'Abpfiff!2027');
    expect((await failure(changePassword(user, 'Falsch!2026x', 'Abpfiff!2028'))).code).toBe('NotAuthorizedException');
  });

  test('forgot and confirm password (the library sends the sub as username now)', async () => {
    const before = (await readOutbox(t)).length;
    expect(await forgot(user)).toEqual({
      CodeDeliveryDetails: { Destination: 'k***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
    });
    expect(await readOutbox(t)).toHaveLength(before + 1);
    const mail = await lastMailTo(t, 'kapitaen@example.org');
    expect(mail.subject).toContain('neues Passwort');
    const code = await lastCodeTo(t, 'kapitaen@example.org');
    expect((await failure(confirmNewPassword(user, code, 'schwach'))).code).toBe('InvalidPasswordException');
    expect(await confirmNewPassword(user, code, 'Elfmeter#2026')).toBe('SUCCESS');
    session = await login(userFor(email), 'Elfmeter#2026');
    user = userFor(email);
    session = await login(user, 'Elfmeter#2026');
  });

  test('the API accepts the access token', async () => {
    // No profile for a user created through the raw identity API, but the token is accepted (404, not 401).
    const res = await api('/api/me', session.getAccessToken().getJwtToken());
    expect(res.status).toBe(404);
  });

  test('global sign-out: refresh fails, the access token is dead for the API and the identity service', async () => {
    const old = session;
    expect(await globalSignOut(user)).toBe('SUCCESS');
    expect((await api('/api/me', old.getAccessToken().getJwtToken())).status).toBe(401);
    const error = await failure(refresh(user, old));
    expect(error).toMatchObject({ code: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    const sessions = await t.ctx.db.select().from(identitySessions);
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
  }, 20_000);

  test("sign-out with revocation (RevokeToken) ends that login only: another device's login stays", async () => {
    const storage = new MemoryStorage();
    const u = userFor(email, storage);
    const s = await login(u, 'Elfmeter#2026');
    const otherDevice = userFor(email, new MemoryStorage());
    const other = await login(otherDevice, 'Elfmeter#2026');
    expect((await api('/api/me', s.getAccessToken().getJwtToken())).status).toBe(404);
    await signOutRevoking(u);
    expect((await api('/api/me', s.getAccessToken().getJwtToken())).status).toBe(401);
    expect((await failure(refresh(u, s))).code).toBe('NotAuthorizedException');
    // The other device: its access token still works, and its refresh token renews it.
    expect((await api('/api/me', other.getAccessToken().getJwtToken())).status).toBe(404);
    const renewed = await refresh(otherDevice, other);
    expect((await api('/api/me', renewed.getAccessToken().getJwtToken())).status).toBe(404);
  }, 20_000);

  test('delete user: login fails afterwards, the token is dead', async () => {
    user = userFor(email);
    session = await login(user, 'Elfmeter#2026');
    expect(await deleteUser(user)).toBe('SUCCESS');
    expect(await t.ctx.db.select().from(identityUsers)).toEqual([]);
    expect(await t.ctx.db.select().from(identitySessions)).toEqual([]);
    expect((await api('/api/me', session.getAccessToken().getJwtToken())).status).toBe(401);
    expect((await failure(login(userFor(email), 'Elfmeter#2026'))).code).toBe('NotAuthorizedException');
  });

  test('many users with random and unicode passwords (salts with the top bit set, odd-length values)', async () => {
    const symbols = '#?!@$ %^&*-';
    for (let i = 0; i < 8; i++) {
      const address = `spieler${i}@example.org`;
      const pw = `Ä${String.fromCharCode(97 + i)}${i}${symbols[i % symbols.length]}ß€${Math.random().toString(36).slice(2, 8)}Z`;
      await signUp(address, pw);
      expect(await confirm(userFor(address), await lastCodeTo(t, address))).toBe('SUCCESS');
      const s = await login(userFor(address), pw);
      expect(jwtPayload(s.getIdToken().getJwtToken()).email).toBe(address);
    }
  }, 30_000);
});

describe('with CLOCK_OFFSET_DAYS (a staging rehearsal): the library signs in on real time', () => {
  const DAY = 86_400_000;
  let shifted: TestApp;
  let shiftedBase = '';

  beforeAll(async () => {
    shifted = await createTestApp({ realTime: true, env: { CLOCK_OFFSET_DAYS: '40' } });
    shiftedBase = await shifted.listen();
  });
  afterAll(() => shifted.close());

  const shiftedUser = (username: string) => {
    const storage = new MemoryStorage();
    const userPool = new CognitoUserPool({
      UserPoolId: POOL_ID,
      ClientId: CLIENT_ID,
      endpoint: `${shiftedBase}/identity`,
      Storage: storage,
    });
    return { userPool, user: new CognitoUser({ Username: username, Pool: userPool, Storage: storage }) };
  };

  test('sign-up, confirmation, SRP login, the API and a refresh work; tokens carry real times; business dates stay shifted', async () => {
    expect(Math.abs(shifted.ctx.now().getTime() - Date.now() - 40 * DAY)).toBeLessThan(60_000);
    const email = 'probe@example.org';
    const password = 'Generalprobe!40';
    const { userPool } = shiftedUser(email);
    await new Promise((resolve, reject) =>
      userPool.signUp(email, password, [], [], (err, result) => (err ? reject(err) : resolve(result))),
    );
    expect(await confirm(shiftedUser(email).user, await lastCodeTo(shifted, email))).toBe('SUCCESS');

    const { user } = shiftedUser(email);
    const started = Date.now();
    const s = await login(user, password);
    const access = s.getAccessToken().decodePayload();
    for (const claim of [access.iat, access.auth_time, s.getIdToken().decodePayload().iat]) {
      expect(Math.abs(claim * 1000 - started)).toBeLessThan(60_000);
    }
    expect(access.exp - access.iat).toBe(3600);
    expect(s.isValid()).toBe(true);
    const me = await fetch(`${shiftedBase}/api/me`, { headers: { authorization: `Bearer ${s.getAccessToken().getJwtToken()}` } });
    expect(me.status).toBe(404);
    const refreshed = await refresh(user, s);
    expect(refreshed.getAccessToken().decodePayload().origin_jti).toBe(access.origin_jti);
    // The account record keeps the app clock (the accounts module compares it with that clock).
    const [row] = await shifted.ctx.db.select().from(identityUsers);
    expect(Math.abs(row!.createdAt.getTime() - Date.now() - 40 * DAY)).toBeLessThan(60_000);
  });

  test('a wrong password still fails the usual way', async () => {
    const error = await failure(login(shiftedUser('probe@example.org').user, 'Falsch!2026x'));
    expect(error).toMatchObject({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });
});
