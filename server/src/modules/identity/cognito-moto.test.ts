import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { AuthenticationDetails, type CognitoUser, type CognitoUserSession } from 'amazon-cognito-identity-js';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/db.js';
import { changePassword, failure, globalSignOut, libraryUser, login, type LibraryPool } from '../../test-support/cognito-library.js';
import { jwtPayload } from '../../test-support/identity.js';
import { memberRegistration, XSRF } from '../../test-support/members.js';
import { createMotoPool, motoServerPath, poolCall, startMoto, type MotoPool, type MotoServer } from '../../test-support/moto.js';
import { seedClubs } from '../../test-support/seed.js';

/**
 * IDENTITY_PROVIDER=cognito against an independent implementation of the user-pool API: moto_server
 * (Python's `moto`; `pip install "moto[server]"`), not this project's own identity service. The
 * server's public API (the frontend-users calls, /api/me, /api/profile) drives the pool, the
 * unmodified amazon-cognito-identity-js signs in at moto with SRP, and the API checks moto's tokens
 * with moto's issuer and JWKS. Admin credentials are set (moto takes any SigV4 signature), so the
 * profile form's password and the deletion go through the AWS SDK's Admin* calls.
 *
 * moto is a mock, not Cognito. Where it differs from Cognito in what this journey touches, a
 * comment says "moto:"; the test asserts only what holds for both.
 */

const MOTO = motoServerPath();
if (!MOTO) {
  console.warn(
    'cognito-moto.test.ts: moto_server is not on PATH (pip install "moto[server]"): the Cognito-mode tests against moto are skipped.',
  );
}

// moto: GlobalSignOut (unsigned, as the library sends it) looks for the token only in the region of
// the request's signature, else in its default region us-east-1 (its other public calls find the
// pool by the token or client id in any region), so the pool lives in us-east-1.
const REGION = 'us-east-1';
const PASSWORD = 'Abseits!2026';
const BASE = '/content/public/spaces/erd/frontend-users';

let moto: MotoServer;
let pool: MotoPool;
let library: LibraryPool;
let t: TestApp;
let database: TestDatabase;
/** The access token of the TOTP sign-in (for the expiry check at the end). */
let mfaToken = '';

(MOTO ? describe : describe.skip)('Cognito mode against moto_server', () => {
  beforeAll(async () => {
    // moto and the database start side by side (each takes seconds). With this variable moto checks
    // TOTP codes (else it takes any code).
    [moto, database] = await Promise.all([startMoto(MOTO!, { MOTO_COGNITO_IDP_USER_POOL_ENABLE_TOTP: 'true' }), createTestDatabase()]);
    pool = await createMotoPool(moto.base, 'ErdMoto', REGION);
    t = await createTestApp({
      database,
      realTime: true,
      env: {
        IDENTITY_PROVIDER: 'cognito',
        IDENTITY_ENDPOINT: `${moto.base}/`,
        IDENTITY_REGION: REGION,
        IDENTITY_USER_POOL_ID: pool.userPoolId,
        IDENTITY_CLIENT_ID: pool.clientId,
        // IDENTITY_ISSUER stays at its default, https://cognito-idp.<region>.amazonaws.com/<pool>:
        // moto writes the real Cognito issuer into its tokens. Its JWKS is served by moto itself.
        IDENTITY_JWKS_URL: `${moto.base}/${pool.userPoolId}/.well-known/jwks.json`,
        IDENTITY_ADMIN_ACCESS_KEY_ID: 'moto',
        IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'moto',
        RATE_LIMIT_SCALE: '100',
      },
    });
    await seedClubs(t.ctx.db, 4);
    // The browser's library is given what /config.json gives it.
    library = { userPoolId: pool.userPoolId, clientId: pool.clientId, endpoint: t.config.identity.endpoint };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.destroy();
    await moto?.stop();
  });

  const post = (path: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `${BASE}/${path}`, payload: payload as Record<string, unknown> });
  const memberHeaders = (token: string) => ({ authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF });
  const me = (token: string) => t.app.inject({ url: '/api/me', headers: memberHeaders(token) });
  const profileOf = async (sub: string) => (await t.ctx.db.select().from(profiles).where(eq(profiles.sub, sub)))[0];
  /** The user's status at moto (AdminGetUser), or the error type. */
  const statusAtPool = async (username: string) => {
    const { status, body } = await poolCall<{ UserStatus: string }>(
      moto.base,
      'AdminGetUser',
      { UserPoolId: pool.userPoolId, Username: username },
      REGION,
    );
    return status === 200 ? body.UserStatus : body.__type;
  };
  /**
   * Whether moto takes this password. moto does not check the SRP proof (see the login test), so a
   * password is checked with USER_PASSWORD_AUTH (plaintext; the app client allows it for this only).
   */
  const passwordWorks = async (email: string, password: string) =>
    (
      await poolCall(moto.base, 'InitiateAuth', {
        ClientId: pool.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      })
    ).status === 200;

  test('the browser is pointed at the pool; the built-in identity service is not mounted', async () => {
    expect((await t.app.inject({ url: '/config.json' })).json().identity).toMatchObject({
      endpoint: moto.base,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
    });
    expect((await t.app.inject({ method: 'POST', url: '/identity' })).statusCode).toBe(404);
  });

  describe('one member, from registration to deletion', () => {
    const email = 'kapitaenin@example.org';
    let sub = '';
    let user: CognitoUser;
    let session: CognitoUserSession;
    let token = '';

    test('registration through the content API creates an unconfirmed user at moto and the profile here, keyed by its sub', async () => {
      const res = await post('signup', memberRegistration(email, 'club-1000-m', PASSWORD));
      expect([res.statusCode, res.json()]).toEqual([201, { email }]);
      const found = await poolCall<{ UserAttributes: Array<{ Name: string; Value: string }> }>(
        moto.base,
        'AdminGetUser',
        { UserPoolId: pool.userPoolId, Username: email },
        REGION,
      );
      sub = found.body.UserAttributes.find((a) => a.Name === 'sub')!.Value;
      expect(await statusAtPool(email)).toBe('UNCONFIRMED');
      expect(await profileOf(sub)).toMatchObject({ clubId: 'club-1000-m', email, emailConfirmedAt: null });

      // The address again: AdminGetUser (admin credentials) tells "not confirmed yet" from "taken".
      const again = await post('signup', memberRegistration(email, 'club-1000-w', PASSWORD));
      expect([again.statusCode, again.json().code]).toEqual([409, 'EmailNotConfirmed']);
      expect(await t.ctx.db.select().from(profiles).where(eq(profiles.clubId, 'club-1000-w'))).toEqual([]);
    });

    test('sign-in before the confirmation: UserNotConfirmedException from moto, through the library', async () => {
      expect(await failure(login(libraryUser(library, email), PASSWORD))).toMatchObject({ code: 'UserNotConfirmedException' });
    });

    test('confirmation through the content API', async () => {
      // moto: ConfirmSignUp takes any code (it sends no mail and keeps no sign-up code), and confirms
      // a confirmed user again; Cognito checks the mailed code (CodeMismatchException) and answers
      // NotAuthorizedException to a second confirmation. moto also has no ResendConfirmationCode
      // (HTTP 500; the server answers 503 IdentityUnavailable, as for an unreachable pool).
      // moto also ignores PreventUserExistenceErrors: an unknown address gets UserNotFoundException
      // (the server: 404) where Cognito with the setting on answers CodeMismatchException (400).
      const res = await post('signup/confirm', { email, code: '123456' });
      expect(res.statusCode).toBe(200);
      expect(await statusAtPool(email)).toBe('CONFIRMED');
      expect((await profileOf(sub))?.emailConfirmedAt).toBeInstanceOf(Date);
    });

    test('SRP sign-in with amazon-cognito-identity-js at moto: tokens with the Cognito claims', async () => {
      user = libraryUser(library, email);
      session = await login(user, PASSWORD);
      // As with Cognito, the library goes on with USER_ID_FOR_SRP (the sub) as its username.
      expect(user.getUsername()).toBe(sub);
      const access = session.getAccessToken().decodePayload();
      expect(access).toMatchObject({
        sub,
        iss: `https://cognito-idp.${REGION}.amazonaws.com/${pool.userPoolId}`,
        client_id: pool.clientId,
        token_use: 'access',
        scope: 'aws.cognito.signin.user.admin',
        origin_jti: expect.any(String),
      });
      expect(access.aud).toBeUndefined();
      expect(t.config.identity.issuer).toBe(access.iss);
      token = session.getAccessToken().getJwtToken();
      // moto: the SRP answer is not verified (SALT and SRP_B are random, PASSWORD_CLAIM_SIGNATURE is
      // only checked for presence), so a wrong password signs in too; Cognito refuses it with
      // NotAuthorizedException. Passwords are therefore checked with USER_PASSWORD_AUTH below.
    });

    test('GET /api/me and PUT /api/profile with moto’s access token (signature from moto’s JWKS, issuer, client)', async () => {
      const res = await me(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ sub, email, fields: { firstname: 'Erika', club: { id: 'club-1000-m' } } });
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: memberHeaders(token),
        payload: { fields: { ...res.json().fields, city: '80333 München' }, updatedAt: res.json().updatedAt },
      });
      expect(put.statusCode).toBe(200);
      expect((await profileOf(sub))?.city).toBe('80333 München');
    });

    test('the API refuses forged and foreign tokens (401)', async () => {
      const [header, payload] = token.split('.') as [string, string, string];
      const claims = jwtPayload(token);
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const signed = (h: string, p: string) => `${h}.${p}.${sign('sha256', Buffer.from(`${h}.${p}`), privateKey).toString('base64url')}`;
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      // The same header (kid "dummy", moto's key) and claims, signed with another key.
      expect((await me(signed(header, payload))).statusCode).toBe(401);
      // moto's signature over changed claims.
      const tampered = `${header}.${encode({ ...claims, sub: 'someone-else' })}.${token.split('.')[2]}`;
      expect((await me(tampered)).statusCode).toBe(401);
      // Unsigned.
      expect((await me(`${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`)).statusCode).toBe(401);
      // The ID token is not an access token (token_use, aud instead of client_id).
      expect((await me(session.getIdToken().getJwtToken())).statusCode).toBe(401);

      // A genuine moto token of another pool and app client: a valid signature, since moto signs
      // every pool's tokens with one key (kid "dummy", whose private half ships with moto; each
      // Cognito pool has keys of its own), so only the issuer and client_id checks refuse it.
      const other = await createMotoPool(moto.base, 'Fremd', REGION);
      const stranger = 'fremd@example.org';
      expect((await poolCall(moto.base, 'SignUp', { ClientId: other.clientId, Username: stranger, Password: PASSWORD })).status).toBe(200);
      expect((await poolCall(moto.base, 'AdminConfirmSignUp', { UserPoolId: other.userPoolId, Username: stranger }, REGION)).status).toBe(
        200,
      );
      const foreign = await login(libraryUser({ ...library, userPoolId: other.userPoolId, clientId: other.clientId }, stranger), PASSWORD);
      const foreignToken = foreign.getAccessToken().getJwtToken();
      expect(jwtPayload(foreignToken).iss).not.toBe(t.config.identity.issuer);
      expect((await me(foreignToken)).statusCode).toBe(401);
    });

    test('password change: the profile form (AdminSetUserPassword), the library (ChangePassword), "Passwort vergessen"', async () => {
      const current = (await me(token)).json();
      const viaProfile = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: memberHeaders(token),
        payload: { fields: current.fields, updatedAt: current.updatedAt, password: 'Abseits!2027' },
      });
      expect(viaProfile.statusCode).toBe(200);
      expect(await passwordWorks(email, PASSWORD)).toBe(false);
      expect(await passwordWorks(email, 'Abseits!2027')).toBe(true);

      // The library's ChangePassword with the access token: moto checks the previous password.
      expect(await failure(changePassword(user, 'Falsch!2026', 'Abseits!2028'))).toMatchObject({ code: 'NotAuthorizedException' });
      expect(await changePassword(user, 'Abseits!2027', 'Abseits!2028')).toBe('SUCCESS');
      expect(await passwordWorks(email, 'Abseits!2028')).toBe(true);

      // "Passwort vergessen" through the content API.
      expect((await post('forgot-password', { email })).statusCode).toBe(200);
      expect((await post('forgot-password', { email: 'niemand@example.org' })).statusCode).toBe(200); // the same answer
      // moto: the code of ForgotPassword goes only into a response header of moto's own
      // (x-moto-forgot-password-confirmation-code, which the server does not pass on), and any code
      // without moto's prefix is taken; Cognito mails the code and checks it.
      const confirmed = await post('forgot-password/confirm', { email, code: '654321', password: 'Abseits!2029' });
      expect(confirmed.statusCode).toBe(200);
      expect(await passwordWorks(email, 'Abseits!2028')).toBe(false);
      expect(await passwordWorks(email, 'Abseits!2029')).toBe(true);
    });

    test('sign-out everywhere (GlobalSignOut through the library): the refresh token and GET /api/me are refused', async () => {
      const refreshToken = session.getRefreshToken().getToken();
      expect(await globalSignOut(user)).toBe('SUCCESS');
      const refreshed = await poolCall(moto.base, 'InitiateAuth', {
        ClientId: pool.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
      expect([refreshed.status, refreshed.body.__type]).toEqual([400, 'NotAuthorizedException']);
      // GET /api/me asks the pool for the address (GetUser with the token), which moto refuses
      // after GlobalSignOut as Cognito does: 401.
      expect((await me(token)).statusCode).toBe(401);
      // The API's own check reads only the signature and the claims, so calls that do not ask the
      // pool take a signed-out token until it expires (at most its lifetime), as documented in
      // docs/configuration.md for Cognito.
      const current = await profileOf(sub);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: memberHeaders(token),
        payload: {
          fields: {
            firstname: current!.firstname,
            lastname: current!.lastname,
            street: current!.street,
            city: current!.city,
            club: { id: 'club-1000-m', linkType: 'Object', type: 'Link' },
          },
          updatedAt: current!.updatedAt.toISOString(),
        },
      });
      expect(put.statusCode).toBe(200);
      // moto: no RevokeToken (HTTP 500), so 'Ausloggen' (the library's revokeTokens / signOut with a
      // token that carries origin_jti) cannot be tried against it; Cognito supports it.
    });

    test('DELETE /api/profile deletes the user at moto (AdminDeleteUser) and the profile; the club entry is free again', async () => {
      session = await login(libraryUser(library, email), 'Abseits!2029');
      token = session.getAccessToken().getJwtToken();
      expect((await me(token)).statusCode).toBe(200);
      // moto: no public DeleteUser (HTTP 500); with admin credentials the server uses AdminDeleteUser.
      const res = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: memberHeaders(token) });
      expect(res.statusCode).toBe(204);
      expect(await statusAtPool(email)).toBe('UserNotFoundException');
      expect(await profileOf(sub)).toBeUndefined();
      // The token is still validly signed until it expires; there is no profile any more.
      expect((await me(token)).statusCode).toBe(404);
      expect(await passwordWorks(email, 'Abseits!2029')).toBe(false);
      const next = await post('signup', memberRegistration('nachfolger@example.org', 'club-1000-m', PASSWORD));
      expect(next.statusCode).toBe(201);
    });
  });

  describe('MFA with a software token (TOTP), which moto supports', () => {
    // The site asks for no MFA (mf-auth answers MfaNotSupported to a pool that wants it); this shows
    // that the API takes the tokens of a sign-in that went through a TOTP challenge at the pool.
    const email = 'torwart@example.org';

    test('TOTP set up through the library; the next sign-in asks for the code; the API takes the tokens', async () => {
      expect(
        (
          await poolCall(
            moto.base,
            'SetUserPoolMfaConfig',
            { UserPoolId: pool.userPoolId, SoftwareTokenMfaConfiguration: { Enabled: true }, MfaConfiguration: 'OPTIONAL' },
            REGION,
          )
        ).status,
      ).toBe(200);
      expect((await post('signup', memberRegistration(email, 'club-1001-m', PASSWORD))).statusCode).toBe(201);
      expect((await post('signup/confirm', { email, code: '123456' })).statusCode).toBe(200);
      const user = libraryUser(library, email);
      await login(user, PASSWORD);
      // moto: every user gets the same TOTP secret (a constant of moto's); Cognito makes one per user.
      const secret = await new Promise<string>((resolve, reject) =>
        user.associateSoftwareToken({ associateSecretCode: resolve, onFailure: reject }),
      );
      const setupCode = await freshTotp(secret);
      await new Promise((resolve, reject) => user.verifySoftwareToken(setupCode, 'Handy', { onSuccess: resolve, onFailure: reject }));
      await new Promise((resolve, reject) =>
        user.setUserMfaPreference(null, { Enabled: true, PreferredMfa: true }, (err, result) => (err ? reject(err) : resolve(result))),
      );

      const again = libraryUser(library, email);
      const asked = await new Promise<string>((resolve, reject) =>
        again.authenticateUser(new AuthenticationDetails({ Username: email, Password: PASSWORD }), {
          onSuccess: () => reject(new Error('signed in without the TOTP code')),
          onFailure: reject,
          totpRequired: (challengeName: string) => resolve(challengeName),
        }),
      );
      expect(asked).toBe('SOFTWARE_TOKEN_MFA');
      const sendCode = (code: string) =>
        new Promise<CognitoUserSession>((resolve, reject) =>
          again.sendMFACode(code, { onSuccess: resolve, onFailure: reject }, 'SOFTWARE_TOKEN_MFA'),
        );
      expect(await failure(sendCode(totp(secret) === '000000' ? '111111' : '000000'))).toMatchObject({ code: 'CodeMismatchException' });
      const session = await sendCode(await freshTotp(secret));
      mfaToken = session.getAccessToken().getJwtToken();
      const res = await me(mfaToken);
      expect([res.statusCode, res.json().email]).toEqual([200, email]);
    });
  });

  test('an expired token is refused (the API’s clock past `exp`; runs last, as the clock stays there)', async () => {
    expect((await me(mfaToken)).statusCode).toBe(200);
    const { exp } = jwtPayload(mfaToken) as { exp: number };
    t.setNow(new Date(exp * 1000 + 1_000));
    expect((await me(mfaToken)).statusCode).toBe(401);
  });
});

/**
 * The TOTP code of a base32 secret, taken with at least 5 s of its 30-s window left: moto accepts
 * only the current window's code (no drift), so a code read at a window's end could be stale on arrival.
 */
async function freshTotp(secret: string): Promise<string> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return totp(secret);
}

/** The current TOTP code of a base32 secret (RFC 6238: HMAC-SHA1, 30 s, 6 digits), as an authenticator app shows it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
