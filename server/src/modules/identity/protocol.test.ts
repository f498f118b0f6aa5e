import { createPrivateKey, generateKeyPairSync, createHmac, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { identityCodes, identitySessions, identityUsedSecretBlocks, identityUsers, rateLimitCounters } from '../../db/schema/index.js';
import { identityLoginFailures } from '../../db/schema/identity-login-failures.js';
import { corsPreflight, createTestApp, type TestApp } from '../../test-support/app.js';
import {
  CLIENT_ID,
  SrpClient,
  answerSrp,
  challengeAnswer,
  confirmForgotPassword,
  confirmedIdentityUser,
  type ChallengeParameters,
  type SrpResponses,
  identityCall,
  jwtPayload,
  srpLogin,
  srpTimestamp,
  startSrp,
} from '../../test-support/identity.js';
import { lastCodeTo, readOutbox } from '../../test-support/mail.js';
import { N } from './srp.js';

/**
 * The Cognito protocol by hand: transport, errors, codes, lockout and hostile SRP requests. The
 * clock is fixed (a day below 10, so the TIMESTAMP day is not zero-padded) and moved by the tests.
 */

let t: TestApp;
let now = new Date('2026-03-05T10:00:00Z');
const PASSWORD = 'Torjaeger!9';

beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(() => t.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
  t.setNow(now);
};

async function signUp(email: string, password = PASSWORD) {
  return identityCall<{ UserSub: string }>(t.app, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: password,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
}

const confirmedUser = (email: string) => confirmedIdentityUser(t, email, PASSWORD, [{ Name: 'email', Value: email }]);

async function tokens(email: string, password = PASSWORD) {
  const res = await srpLogin(t.app, email, password, now);
  expect(res.status).toBe(200);
  return res.body.AuthenticationResult!;
}

const me = (token: string) => t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });

describe('transport', () => {
  test('errors in Cognito shape: 400, {__type, message}, x-amzn-ErrorType', async () => {
    const res = await identityCall(t.app, 'NoSuchAction', {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ __type: 'UnknownOperationException', message: 'Unknown operation NoSuchAction' });
    expect(res.headers['x-amzn-errortype']).toBe('UnknownOperationException:');
    expect(res.headers['x-amzn-requestid']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-type']).toMatch(/^application\/x-amz-json-1\.1/);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      payload: '{}',
    });
    expect(missing.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });

  test('bad JSON: SerializationException; an unknown client: ResourceNotFoundException', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/identity',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp' },
      payload: '{"ClientId":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ __type: 'SerializationException' });
    const wrongClient = await identityCall(t.app, 'SignUp', { ClientId: 'other', Username: 'a@example.org', Password: PASSWORD });
    expect(wrongClient.body).toEqual({ __type: 'ResourceNotFoundException', message: 'User pool client other does not exist.' });
    const missing = await identityCall(t.app, 'SignUp', { ClientId: CLIENT_ID, Password: PASSWORD });
    expect(missing.type).toBe('InvalidParameterException');
  });

  test('CORS preflight allows the library headers and exposes the error headers', async () => {
    const res = await corsPreflight(t.app, '/identity', {
      origin: 'https://punktejagd.example.org',
      method: 'POST',
      headers: 'content-type,x-amz-target,x-amz-user-agent,cache-control',
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': 'content-type, x-amz-target, x-amz-user-agent, cache-control',
      'access-control-expose-headers': 'x-amzn-RequestId, x-amzn-ErrorType',
    });
    // A POST from another site is refused (http/security.ts); the site's own origin gets the headers.
    const post = await identityCall(t.app, 'Nope', {}, { origin: new URL(t.config.publicUrl).origin });
    expect(post.headers['access-control-expose-headers']).toBe('x-amzn-RequestId, x-amzn-ErrorType');
  });

  test('JWKS and OpenID configuration below the issuer', async () => {
    const jwks = await t.app.inject({ url: '/identity/eu-central-1_ErdLocal1/.well-known/jwks.json' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.json().keys).toHaveLength(1);
    const oidc = await t.app.inject({ url: '/identity/eu-central-1_ErdLocal1/.well-known/openid-configuration' });
    expect(oidc.json()).toMatchObject({
      issuer: 'http://localhost:3999/identity/eu-central-1_ErdLocal1',
      jwks_uri: 'http://localhost:3999/identity/eu-central-1_ErdLocal1/.well-known/jwks.json',
    });
  });
});

describe('sign-up and confirmation codes', () => {
  test('SignUp refuses server-only attributes and a bad address', async () => {
    const res = await identityCall(t.app, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: 'club@example.org',
      Password: PASSWORD,
      UserAttributes: [{ Name: 'custom:club', Value: 'club-1-m' }],
    });
    expect(res.type).toBe('NotAuthorizedException');
    expect((await signUp('kein-at')).type).toBe('InvalidParameterException');
    expect(await t.ctx.db.select().from(identityUsers)).toEqual([]);
  });

  test('codes are stored hashed; 5 wrong tries kill the code (LimitExceededException, even for the right one)', async () => {
    await signUp('codes@example.org');
    const code = await lastCodeTo(t, 'codes@example.org');
    const [row] = await t.ctx.db.select().from(identityCodes);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const res = await identityCall(t.app, 'ConfirmSignUp', {
        ClientId: CLIENT_ID,
        Username: 'codes@example.org',
        ConfirmationCode: wrong,
      });
      expect([i, res.type]).toEqual([i, 'CodeMismatchException']);
    }
    const dead = await identityCall(t.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: 'codes@example.org', ConfirmationCode: code });
    expect(dead.body).toEqual({ __type: 'LimitExceededException', message: 'Attempt limit exceeded, please try after some time.' });
  });

  test('parallel wrong guesses cannot slip past the limit: at most 5 are compared, the code is dead afterwards', async () => {
    await signUp('parallel@example.org');
    const code = await lastCodeTo(t, 'parallel@example.org');
    const wrong = code === '123456' ? '654321' : '123456';
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        identityCall(t.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: 'parallel@example.org', ConfirmationCode: wrong }),
      ),
    );
    const types = results.map((r) => r.type);
    expect(types.filter((type) => type === 'CodeMismatchException').length).toBeLessThanOrEqual(5);
    expect(types.every((type) => type === 'CodeMismatchException' || type === 'LimitExceededException')).toBe(true);
    const late = await identityCall(t.app, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: 'parallel@example.org',
      ConfirmationCode: code,
    });
    expect(late.type).toBe('LimitExceededException');
  });

  test('resend: at most once a minute; the new code replaces the old one', async () => {
    const resend = () => identityCall(t.app, 'ResendConfirmationCode', { ClientId: CLIENT_ID, Username: 'codes@example.org' });
    expect((await resend()).type).toBe('LimitExceededException');
    advance(61_000);
    const res = await resend();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ CodeDeliveryDetails: { Destination: 'c***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    const code = await lastCodeTo(t, 'codes@example.org');
    const ok = await identityCall(t.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: 'CODES@example.org', ConfirmationCode: code });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({});
    const again = await identityCall(t.app, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: 'codes@example.org',
      ConfirmationCode: code,
    });
    expect(again.body).toEqual({ __type: 'NotAuthorizedException', message: 'User cannot be confirmed. Current status is CONFIRMED' });
    advance(61_000);
    expect((await resend()).type).toBe('InvalidParameterException');
  });

  test('a sign-up code expires after 24 hours', async () => {
    await signUp('spaet@example.org');
    const code = await lastCodeTo(t, 'spaet@example.org');
    advance(24 * 3_600_000 + 1000);
    const res = await identityCall(t.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: 'spaet@example.org', ConfirmationCode: code });
    expect(res.type).toBe('ExpiredCodeException');
  });

  test('unknown users: made-up code delivery and CodeMismatchException (no user existence errors)', async () => {
    advance(61_000);
    const resend = await identityCall(t.app, 'ResendConfirmationCode', { ClientId: CLIENT_ID, Username: 'niemand@example.org' });
    expect(resend.body).toEqual({ CodeDeliveryDetails: { Destination: 'n***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' } });
    const forgot = await identityCall(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'niemand@example.org' });
    expect(forgot.status).toBe(200);
    const confirm = await identityCall(t.app, 'ConfirmSignUp', {
      ClientId: CLIENT_ID,
      Username: 'niemand@example.org',
      ConfirmationCode: '123456',
    });
    expect(confirm.type).toBe('CodeMismatchException');
    const reset = await confirmForgotPassword(t.app, 'niemand@example.org', '123456', PASSWORD);
    expect(reset.type).toBe('CodeMismatchException');
    expect((await readOutbox(t)).filter((m) => m.to === 'niemand@example.org')).toEqual([]);
  });

  test('a reset code is valid for one hour and ends all sessions', async () => {
    advance(61_000);
    await confirmedUser('vergessen@example.org');
    const before = await tokens('vergessen@example.org');
    const forgot = await identityCall(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'vergessen@example.org' });
    expect(forgot.status).toBe(200);
    const code = await lastCodeTo(t, 'vergessen@example.org');
    advance(3_600_000 + 1000);
    const late = await confirmForgotPassword(t.app, 'vergessen@example.org', code, 'Neu!Passwort1');
    expect(late.type).toBe('ExpiredCodeException');
    await identityCall(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'vergessen@example.org' });
    const fresh = await lastCodeTo(t, 'vergessen@example.org');
    const weak = await confirmForgotPassword(t.app, 'vergessen@example.org', fresh, 'nurklein1!');
    expect(weak.body).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password must have uppercase characters',
    });
    const ok = await confirmForgotPassword(t.app, 'vergessen@example.org', fresh, 'Neu!Passwort1');
    expect(ok.status).toBe(200);
    const refresh = await identityCall(t.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: before.RefreshToken },
    });
    expect(refresh.body.message).toBe('Refresh Token has been revoked');
    expect((await srpLogin(t.app, 'vergessen@example.org', 'Neu!Passwort1', now)).status).toBe(200);
  });

  test('a reset code confirms an unconfirmed address (it proves the mailbox)', async () => {
    advance(61_000);
    await signUp('nie-bestaetigt@example.org');
    await identityCall(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'nie-bestaetigt@example.org' });
    const code = await lastCodeTo(t, 'nie-bestaetigt@example.org');
    const ok = await confirmForgotPassword(t.app, 'nie-bestaetigt@example.org', code, 'Neu!Passwort1');
    expect(ok.status).toBe(200);
    const [user] = await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.email, 'nie-bestaetigt@example.org'));
    expect(user!.status).toBe('CONFIRMED');
    expect((await srpLogin(t.app, 'nie-bestaetigt@example.org', 'Neu!Passwort1', now)).status).toBe(200);
  });
});

describe('SRP login, hostile requests', () => {
  let sub = '';

  beforeAll(async () => {
    sub = await confirmedUser('srp@example.org');
  });

  test('a normal login (TIMESTAMP with an unpadded day) gives tokens', async () => {
    expect(srpTimestamp(now)).toMatch(/^\w{3} Mar [5-9] /);
    const res = await srpLogin(t.app, 'srp@example.org', PASSWORD, now);
    expect(res.status).toBe(200);
    expect(jwtPayload(res.body.AuthenticationResult!.IdToken)).toMatchObject({ sub, email_verified: true });
  });

  test.each([
    ['0', 0n],
    ['N', N],
    ['2N', 2n * N],
  ])('A = %s is refused', async (_label, A) => {
    const res = await startSrp(t.app, 'srp@example.org', A.toString(16));
    expect(res.status).toBe(400);
    expect(res.type).toBe('InvalidParameterException');
  });

  test('SRP_A that is no hex number or far too long is refused', async () => {
    expect((await startSrp(t.app, 'srp@example.org', 'xyz')).type).toBe('InvalidParameterException');
    expect((await startSrp(t.app, 'srp@example.org', 'f'.repeat(2000))).type).toBe('InvalidParameterException');
  });

  async function challenge() {
    const client = new SrpClient();
    const started = await startSrp(t.app, 'srp@example.org', client.srpA);
    expect(started.status).toBe(200);
    return { client, params: started.body.ChallengeParameters };
  }

  /** The answer of srp@example.org to its challenge, signed for `signed`; `sent` changes what is sent. */
  const answer = (client: SrpClient, params: ChallengeParameters, signed: string, sent: Partial<SrpResponses> = {}) =>
    answerSrp(t.app, challengeAnswer(client, params, PASSWORD, signed, { USERNAME: sub, ...sent }));

  test('a replayed SECRET_BLOCK is refused, even with a correct signature', async () => {
    const { client, params } = await challenge();
    const responses = challengeAnswer(client, params, PASSWORD, srpTimestamp(now), { USERNAME: sub });
    expect((await answerSrp(t.app, responses)).status).toBe(200);
    const replay = await answerSrp(t.app, responses);
    expect(replay.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    const used = await t.ctx.db.select().from(identityUsedSecretBlocks);
    expect(used.length).toBeGreaterThan(0);
  });

  test('a tampered TIMESTAMP (signed one time, sent another) and one 6 minutes off are refused', async () => {
    {
      const { client, params } = await challenge();
      const signed = srpTimestamp(now);
      const sent = srpTimestamp(new Date(now.getTime() + 1000));
      const res = await answer(client, params, signed, { TIMESTAMP: sent });
      expect(res.type).toBe('NotAuthorizedException');
    }
    {
      const { client, params } = await challenge();
      const off = srpTimestamp(new Date(now.getTime() - 6 * 60_000));
      const res = await answer(client, params, off);
      expect(res.type).toBe('NotAuthorizedException');
    }
    {
      const { client, params } = await challenge();
      const res = await answer(client, params, 'gestern');
      expect(res.type).toBe('NotAuthorizedException');
    }
  });

  test('a tampered or expired SECRET_BLOCK, or one answered for another user, is refused', async () => {
    {
      const { client, params } = await challenge();
      const raw = Buffer.from(params.SECRET_BLOCK, 'base64');
      raw[40] ^= 1;
      const block = raw.toString('base64');
      const res = await answer(client, params, srpTimestamp(now), { PASSWORD_CLAIM_SECRET_BLOCK: block });
      expect(res.type).toBe('NotAuthorizedException');
    }
    {
      const { client, params } = await challenge();
      advance(5 * 60_000 + 1000);
      const res = await answer(client, params, srpTimestamp(now));
      expect(res.type).toBe('NotAuthorizedException');
    }
    {
      const other = await confirmedUser('anderer@example.org');
      const { client, params } = await challenge();
      const res = await answer(client, params, srpTimestamp(now), { USERNAME: other });
      expect(res.type).toBe('NotAuthorizedException');
    }
  });

  test('a SECRET_BLOCK is bound to the client id', async () => {
    const { client, params } = await challenge();
    const app = await t.rebuild({ IDENTITY_CLIENT_ID: 'otherclient' });
    try {
      const res = await answerSrp(app, challengeAnswer(client, params, PASSWORD, srpTimestamp(now), { USERNAME: sub }), 'otherclient');
      expect(res.type).toBe('NotAuthorizedException');
    } finally {
      await t.rebuild();
    }
  });

  test('an unknown user gets a stable made-up challenge and the same error', async () => {
    const a = await startSrp(t.app, 'unbekannt@example.org', new SrpClient().srpA);
    const b = await startSrp(t.app, 'Unbekannt@example.org', new SrpClient().srpA);
    expect(a.status).toBe(200);
    expect(a.body.ChallengeParameters.SALT).toBe(b.body.ChallengeParameters.SALT);
    expect(a.body.ChallengeParameters.USER_ID_FOR_SRP).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.body.ChallengeParameters.USER_ID_FOR_SRP).toBe(b.body.ChallengeParameters.USER_ID_FOR_SRP);
    const res = await srpLogin(t.app, 'unbekannt@example.org', PASSWORD, now);
    expect(res.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  test('an unconfirmed account: wrong password → NotAuthorized, right password → UserNotConfirmedException', async () => {
    await signUp('unbestaetigt@example.org');
    expect((await srpLogin(t.app, 'unbestaetigt@example.org', 'Falsch!123', now)).type).toBe('NotAuthorizedException');
    expect((await srpLogin(t.app, 'unbestaetigt@example.org', PASSWORD, now)).type).toBe('UserNotConfirmedException');
  });

  test('5 failed logins lock the account for 15 minutes (also against the right password); then it works again', async () => {
    await confirmedUser('sperre@example.org');
    for (let i = 0; i < 5; i++) {
      const res = await srpLogin(t.app, 'sperre@example.org', `Falsch!${i}aB`, now);
      expect([i, res.body]).toEqual([i, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }]);
    }
    const locked = await srpLogin(t.app, 'sperre@example.org', PASSWORD, now);
    expect(locked.body).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    const plain = await identityCall(t.app, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'sperre@example.org', PASSWORD },
    });
    expect(plain.body).toEqual({ __type: 'NotAuthorizedException', message: 'Password attempts exceeded' });
    advance(14 * 60_000);
    expect((await srpLogin(t.app, 'sperre@example.org', PASSWORD, now)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    advance(60_000 + 1000);
    expect((await srpLogin(t.app, 'sperre@example.org', PASSWORD, now)).status).toBe(200);
    const [row] = await t.ctx.db.select().from(identityUsers).where(eq(identityUsers.email, 'sperre@example.org'));
    expect(await t.ctx.db.select().from(identityLoginFailures).where(eq(identityLoginFailures.sub, row!.sub))).toEqual([]);
  });

  test('unsupported flows and challenges are refused', async () => {
    const flow = await identityCall(t.app, 'InitiateAuth', {
      AuthFlow: 'CUSTOM_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { USERNAME: 'srp@example.org' },
    });
    expect(flow.type).toBe('InvalidParameterException');
    const challengeName = await identityCall(t.app, 'RespondToAuthChallenge', {
      ChallengeName: 'SMS_MFA',
      ClientId: CLIENT_ID,
      ChallengeResponses: {},
    });
    expect(challengeName.type).toBe('InvalidParameterException');
  });
});

describe('tokens: the API and the identity service reject forgeries', () => {
  let access = '';
  let refresh = '';

  beforeAll(async () => {
    await confirmedUser('token@example.org');
    const result = await tokens('token@example.org');
    access = result.AccessToken;
    refresh = result.RefreshToken;
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  test('the real token works', async () => {
    expect((await me(access)).statusCode).toBe(404);
    const user = await identityCall(t.app, 'GetUser', { AccessToken: access });
    expect(user.status).toBe(200);
  });

  test('without a token, with garbage or a non-bearer scheme: 401 Unauthorized', async () => {
    for (const authorization of [undefined, 'Bearer', 'Bearer x.y.z', `Basic ${access}`, 'Bearer ' + access.slice(0, -2)]) {
      const res = await t.app.inject({ url: '/api/me', headers: authorization ? { authorization } : {} });
      expect([authorization, res.statusCode, res.json().code]).toEqual([authorization, 401, 'Unauthorized']);
    }
  });

  test('signed with another key under the same kid, alg none, HS256 with the public key: rejected', async () => {
    const [h, p] = access.split('.') as [string, string];
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { kid: string };
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = `${h}.${p}.${sign('sha256', Buffer.from(`${h}.${p}`), privateKey).toString('base64url')}`;
    const none = `${b64({ alg: 'none', kid: header.kid })}.${p}.`;
    const jwks = (await t.app.inject({ url: '/identity/eu-central-1_ErdLocal1/.well-known/jwks.json' })).json().keys[0];
    const hsHeader = b64({ alg: 'HS256', kid: header.kid });
    const hs = `${hsHeader}.${p}.${createHmac('sha256', JSON.stringify(jwks)).update(`${hsHeader}.${p}`).digest('base64url')}`;
    for (const token of [forged, none, hs]) {
      expect((await me(token)).statusCode).toBe(401);
      expect((await identityCall(t.app, 'GetUser', { AccessToken: token })).body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid Access Token',
      });
    }
  });

  test('right key, wrong claims: ID token, other client, other issuer: rejected', async () => {
    const key = await t.ctx.identity.signingKey();
    const payload = jwtPayload(access);
    const resign = (changes: Record<string, unknown>) => {
      const h = b64({ kid: key.kid, alg: 'RS256' });
      const p = b64({ ...payload, ...changes });
      return `${h}.${p}.${sign('sha256', Buffer.from(`${h}.${p}`), createPrivateKey(key.privateKey.export({ format: 'pem', type: 'pkcs8' }))).toString('base64url')}`;
    };
    expect((await me(resign({}))).statusCode).toBe(404);
    for (const changes of [
      { token_use: 'id' },
      { client_id: 'other' },
      { iss: 'https://evil.example.org/pool' },
      { origin_jti: 'made-up' },
    ]) {
      expect([changes, (await me(resign(changes))).statusCode]).toEqual([changes, 401]);
    }
    const expired = resign({ exp: Math.floor(now.getTime() / 1000) - 1 });
    expect((await me(expired)).statusCode).toBe(401);
    expect((await identityCall(t.app, 'GetUser', { AccessToken: expired })).body.message).toBe('Access Token has expired');
  });

  test('an access token expires after an hour; the refresh token then gives a new one', async () => {
    advance(3600_000 + 1000);
    expect((await me(access)).statusCode).toBe(401);
    const res = await identityCall<{ AuthenticationResult: { AccessToken: string; RefreshToken?: string } }>(t.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: refresh },
    });
    expect(res.status).toBe(200);
    expect(res.body.AuthenticationResult.RefreshToken).toBeUndefined();
    access = res.body.AuthenticationResult.AccessToken;
    expect((await me(access)).statusCode).toBe(404);
    const bad = await identityCall(t.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: 'x'.repeat(64) },
    });
    expect(bad.body).toEqual({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
    // Only the hash of the refresh token is stored.
    const sessions = await t.ctx.db.select().from(identitySessions);
    expect(JSON.stringify(sessions)).not.toContain(refresh);
  });

  test('RevokeToken ends the login at once; an unknown token is no error', async () => {
    expect((await identityCall(t.app, 'RevokeToken', { ClientId: CLIENT_ID, Token: 'unknown' })).status).toBe(200);
    expect((await identityCall(t.app, 'RevokeToken', { ClientId: CLIENT_ID, Token: refresh })).status).toBe(200);
    expect((await me(access)).statusCode).toBe(401);
    expect((await identityCall(t.app, 'GetUser', { AccessToken: access })).body.message).toBe('Access Token has been revoked');
    const again = await identityCall(t.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: refresh },
    });
    expect(again.body.message).toBe('Refresh Token has been revoked');
  });

  test('UpdateUserAttributes refuses the e-mail address and server-only attributes', async () => {
    const fresh = await tokens('token@example.org');
    const email = await identityCall(t.app, 'UpdateUserAttributes', {
      AccessToken: fresh.AccessToken,
      UserAttributes: [{ Name: 'email', Value: 'neu@example.org' }],
    });
    expect(email.type).toBe('InvalidParameterException');
    const sub = await identityCall(t.app, 'UpdateUserAttributes', {
      AccessToken: fresh.AccessToken,
      UserAttributes: [{ Name: 'sub', Value: 'x' }],
    });
    expect(sub.type).toBe('NotAuthorizedException');
  });

  test('with basic auth (staging) an /api/ call with a valid access token passes the basic-auth gate', async () => {
    const fresh = await tokens('token@example.org');
    const app = await t.rebuild({ BASIC_AUTH_USER: 'staging', BASIC_AUTH_PASSWORD: 'geheim' });
    try {
      const call = (authorization: string) => app.inject({ url: '/api/me', headers: { authorization } });
      expect((await call(`Bearer ${fresh.AccessToken}`)).statusCode).toBe(404);
      const garbage = await call('Bearer x.y.z');
      expect(garbage.statusCode).toBe(401);
      expect(garbage.headers['www-authenticate']).toMatch(/^Basic/);
      expect((await app.inject({ url: '/config.json', headers: { authorization: `Bearer ${fresh.AccessToken}` } })).statusCode).toBe(401);
    } finally {
      await t.rebuild();
    }
  });

  test('a refresh token lives 30 days', async () => {
    const result = await tokens('token@example.org');
    advance(30 * 86_400_000 + 1000);
    const res = await identityCall(t.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: result.RefreshToken },
    });
    expect(res.body.message).toBe('Refresh Token has expired');
  });
});

describe('signing key', () => {
  test('is created once, kept in the database sealed, and used by a rebuilt app (restart)', async () => {
    await confirmedUser('neustart@example.org');
    const before = await tokens('neustart@example.org');
    const app = await t.rebuild();
    expect((await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${before.AccessToken}` } })).statusCode).toBe(404);
    const keys = (await app.inject({ url: '/identity/eu-central-1_ErdLocal1/.well-known/jwks.json' })).json().keys;
    expect(keys).toHaveLength(1);
  });
});

describe('rate limits (in the database)', () => {
  test('sign-ups per IP: the 21st within the hour is refused; other IPs are not affected', async () => {
    const from = (ip: string, i: number) =>
      identityCall(
        t.app,
        'SignUp',
        { ClientId: CLIENT_ID, Username: `flut${ip.replace(/\./g, '')}-${i}@example.org`, Password: PASSWORD },
        { 'x-forwarded-for': ip },
      );
    const app = await t.rebuild({ TRUST_PROXY: 'true' });
    try {
      for (let i = 0; i < 20; i++) expect((await from('198.51.100.7', i)).status).toBe(200);
      const refused = await from('198.51.100.7', 20);
      expect(refused.body).toEqual({ __type: 'TooManyRequestsException', message: 'Too many requests, please try again later.' });
      expect((await from('198.51.100.8', 0)).status).toBe(200);
      const counters = await t.ctx.db.select().from(rateLimitCounters);
      expect(counters.some((c) => c.count === 21)).toBe(true);
      expect(JSON.stringify(counters)).not.toContain('198.51.100');
      void app;
    } finally {
      await t.rebuild();
    }
  });

  test('RATE_LIMIT_SCALE=0 turns the per-IP limits off (the one-mail-a-minute rule stays)', async () => {
    await t.rebuild({ RATE_LIMIT_SCALE: '0' });
    try {
      const before = (await t.ctx.db.select().from(rateLimitCounters)).length;
      const refresh = await identityCall(t.app, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: CLIENT_ID,
        AuthParameters: { REFRESH_TOKEN: 'x' },
      });
      expect(refresh.type).toBe('NotAuthorizedException');
      expect((await t.ctx.db.select().from(rateLimitCounters)).length).toBe(before);
      await identityCall(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'aus@example.org' });
      expect((await identityCall(t.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'aus@example.org' })).type).toBe(
        'LimitExceededException',
      );
    } finally {
      await t.rebuild();
    }
  });
});

describe('CLOCK_OFFSET_DAYS shifts the app clock only: the protocol, tokens, codes and locks run on real time', () => {
  const DAY = 86_400_000;
  let real = new Date('2026-03-05T10:00:00Z');
  let s: TestApp;

  beforeAll(async () => {
    s = await createTestApp({ now: real, env: { CLOCK_OFFSET_DAYS: '30' } });
  });
  afterAll(() => s.close());

  const move = (ms: number) => {
    real = new Date(real.getTime() + ms);
    s.setNow(real);
  };

  test('the client’s real TIMESTAMP is accepted and a shifted one refused; tokens carry real times and the API accepts them', async () => {
    expect(s.ctx.now().getTime() - real.getTime()).toBe(30 * DAY);
    const signed = await identityCall<{ UserSub: string }>(s.app, 'SignUp', {
      ClientId: CLIENT_ID,
      Username: 'probe@example.org',
      Password: PASSWORD,
    });
    expect(signed.status).toBe(200);
    const code = await lastCodeTo(s, 'probe@example.org');
    expect(
      (await identityCall(s.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: 'probe@example.org', ConfirmationCode: code })).status,
    ).toBe(200);

    const ok = await srpLogin(s.app, 'probe@example.org', PASSWORD, real);
    expect(ok.status).toBe(200);
    const access = jwtPayload(ok.body.AuthenticationResult!.AccessToken);
    expect(access).toMatchObject({ iat: real.getTime() / 1000, auth_time: real.getTime() / 1000, exp: real.getTime() / 1000 + 3600 });
    expect(jwtPayload(ok.body.AuthenticationResult!.IdToken).iat).toBe(real.getTime() / 1000);
    const me = await s.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${ok.body.AuthenticationResult!.AccessToken}` } });
    expect(me.statusCode).toBe(404);

    const shiftedStamp = await srpLogin(s.app, 'probe@example.org', PASSWORD, s.ctx.now());
    expect(shiftedStamp.body).toEqual({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    // The account record keeps the app clock.
    const [row] = await s.ctx.db.select().from(identityUsers).where(eq(identityUsers.sub, signed.body.UserSub));
    expect(row!.createdAt.getTime()).toBe(real.getTime() + 30 * DAY);
  });

  test('a lock lasts 15 real minutes; a reset code lives one real hour; an access token one real hour', async () => {
    const token = (await srpLogin(s.app, 'probe@example.org', PASSWORD, real)).body.AuthenticationResult!.AccessToken;
    for (let i = 0; i < 5; i++)
      expect((await srpLogin(s.app, 'probe@example.org', `Falsch!${i}aB`, real)).type).toBe('NotAuthorizedException');
    expect((await srpLogin(s.app, 'probe@example.org', PASSWORD, real)).body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    move(15 * 60_000 + 1000);
    expect((await srpLogin(s.app, 'probe@example.org', PASSWORD, real)).status).toBe(200);
    expect((await identityCall(s.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'probe@example.org' })).status).toBe(200);
    const code = await lastCodeTo(s, 'probe@example.org');
    move(50 * 60_000);
    expect((await s.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    const reset = await identityCall(s.app, 'ConfirmForgotPassword', {
      ClientId: CLIENT_ID,
      Username: 'probe@example.org',
      ConfirmationCode: code,
      Password: 'Neu!Passwort1',
    });
    expect(reset.status).toBe(200);
  });
});

describe('IDENTITY_TOKEN_TTL_SECONDS sets the lifetime of the ID and access tokens (5 minutes, as the shortest Cognito pool)', () => {
  let real = new Date('2026-03-05T10:00:00Z');
  let s: TestApp;

  beforeAll(async () => {
    s = await createTestApp({ now: real, env: { IDENTITY_TOKEN_TTL_SECONDS: '300' } });
  });
  afterAll(() => s.close());

  test('login and refresh issue 5-minute tokens; the API refuses them after 5 minutes', async () => {
    const email = 'kurz@example.org';
    expect((await identityCall(s.app, 'SignUp', { ClientId: CLIENT_ID, Username: email, Password: PASSWORD })).status).toBe(200);
    expect(
      (await identityCall(s.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: await lastCodeTo(s, email) }))
        .status,
    ).toBe(200);
    const answer = (await srpLogin(s.app, email, PASSWORD, real)).body;
    const login = answer.AuthenticationResult!;
    const iat = real.getTime() / 1000;
    expect(answer).toMatchObject({ AuthenticationResult: { ExpiresIn: 300 } });
    expect(jwtPayload(login.AccessToken)).toMatchObject({ iat, exp: iat + 300 });
    expect(jwtPayload(login.IdToken)).toMatchObject({ iat, exp: iat + 300 });

    real = new Date(real.getTime() + 240_000);
    s.setNow(real);
    const refresh = await identityCall<{ AuthenticationResult: { AccessToken: string; ExpiresIn: number } }>(s.app, 'InitiateAuth', {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: CLIENT_ID,
      AuthParameters: { REFRESH_TOKEN: login.RefreshToken },
    });
    expect(refresh.body.AuthenticationResult.ExpiresIn).toBe(300);
    expect(jwtPayload(refresh.body.AuthenticationResult.AccessToken)).toMatchObject({ iat: iat + 240, exp: iat + 540 });

    real = new Date(real.getTime() + 61_000);
    s.setNow(real);
    const call = (token: string) => s.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
    expect((await call(login.AccessToken)).statusCode).toBe(401);
    expect((await call(refresh.body.AuthenticationResult.AccessToken)).statusCode).toBe(404); // valid token, no profile
  });
});

describe('internal errors', () => {
  test('answer 500 InternalErrorException without internals', async () => {
    const broken = await createTestApp({ now });
    try {
      await broken.database.close();
      const res = await identityCall(broken.app, 'ForgotPassword', { ClientId: CLIENT_ID, Username: 'a@example.org' });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ __type: 'InternalErrorException', message: 'Internal server error.' });
      expect(res.headers['x-amzn-errortype']).toBe('InternalErrorException:');
    } finally {
      await broken.close();
    }
  });
});
