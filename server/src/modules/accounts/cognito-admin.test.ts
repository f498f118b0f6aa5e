import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { seedClubs } from '../../test-support/seed.js';
import { signJwt } from '../identity/jwt.js';

/**
 * IDENTITY_PROVIDER=cognito with admin credentials, against a scripted fake pool that records every
 * call (target, body, whether it is SigV4-signed): the Admin* calls, the club attribute at SignUp,
 * undoing a SignUp whose profile could not be stored, and Cognito's UserNotFoundException → 404.
 */

const POOL_ID = 'eu-central-1_Fake1';
const ISSUER = `https://cognito-idp.eu-central-1.amazonaws.com/${POOL_ID}`;
const XSRF = 'abcdefghijklmnopqrstuvwxyz012345';
const BASE = '/content/public/spaces/erd/frontend-users';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

interface Call {
  action: string;
  body: Record<string, unknown>;
  signed: boolean;
}
const calls: Call[] = [];
let onSignUp: (body: Record<string, unknown>) => Promise<void> = async () => undefined;
let t: TestApp;
let fake: http.Server;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      void (async () => {
        if (req.method === 'GET') {
          res.end(JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] }));
          return;
        }
        const action =
          String(req.headers['x-amz-target'] ?? '')
            .split('.')
            .pop() ?? '';
        const body = JSON.parse(raw || '{}') as Record<string, unknown>;
        calls.push({ action, body, signed: String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256') });
        res.setHeader('content-type', 'application/x-amz-json-1.1');
        const fail = (type: string, message: string) => {
          res.statusCode = 400;
          res.end(JSON.stringify({ __type: type, message }));
        };
        if (action === 'SignUp') {
          await onSignUp(body);
          res.end(JSON.stringify({ UserSub: randomUUID(), UserConfirmed: false }));
        } else if (action === 'ConfirmSignUp') fail('UserNotFoundException', 'Username/client id combination not found.');
        else if (action === 'AdminGetUser') res.end(JSON.stringify({ Username: body.Username, UserStatus: 'UNCONFIRMED' }));
        else if (action === 'GetUser')
          res.end(JSON.stringify({ Username: 's', UserAttributes: [{ Name: 'email', Value: 'a@example.org' }] }));
        else res.end('{}');
      })();
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  t = await createTestApp({
    realTime: true,
    env: {
      IDENTITY_PROVIDER: 'cognito',
      IDENTITY_ENDPOINT: `http://127.0.0.1:${port}/`,
      IDENTITY_USER_POOL_ID: POOL_ID,
      IDENTITY_CLIENT_ID: 'fakeclient',
      IDENTITY_ISSUER: ISSUER,
      IDENTITY_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
      IDENTITY_CLUB_ATTRIBUTE: 'custom:club',
      IDENTITY_ADMIN_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      IDENTITY_ADMIN_SECRET_ACCESS_KEY: 'secretsecret',
    },
  });
  await seedClubs(t.ctx.db, 4);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

beforeEach(() => {
  calls.length = 0;
  onSignUp = async () => undefined;
});

const post = (path: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${BASE}/${path}`, payload });
const registration = (email: string, clubId: string) => ({
  email,
  password: 'Abseits!2026',
  fields: { firstname: 'E', lastname: 'M', street: 'H 1', city: 'M', club: { id: clubId, linkType: 'Object', type: 'Link' } },
});

function token(sub: string): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt(
    { sub, iss: ISSUER, client_id: 'fakeclient', token_use: 'access', auth_time: iat, iat, exp: iat + 3600, jti: 'j', username: sub },
    { kid: 'k1', privateKey },
  );
}
const headers = (sub: string) => ({ authorization: `Bearer ${token(sub)}`, cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF });

test('SignUp (unsigned) carries the configured club attribute', async () => {
  expect((await post('signup', registration('a@example.org', 'club-1000-m'))).statusCode).toBe(201);
  expect(calls[0]).toMatchObject({ action: 'SignUp', signed: false });
  expect(calls[0]?.body.UserAttributes).toEqual([
    { Name: 'email', Value: 'a@example.org' },
    { Name: 'custom:club', Value: 'club-1000-m' },
  ]);
});

test('a profile that cannot be stored after SignUp: the Cognito user is deleted again (AdminDeleteUser, signed)', async () => {
  // A parallel registration takes the club entry between the check and the insert.
  onSignUp = async () => {
    await t.ctx.db
      .insert(profiles)
      .values({ sub: randomUUID(), clubId: 'club-1000-w', firstname: 'X', lastname: 'Y', street: 'Z 1', city: 'W' });
  };
  const res = await post('signup', registration('b@example.org', 'club-1000-w'));
  expect([res.statusCode, res.json().code]).toEqual([409, 'ClubTaken']);
  expect(calls.map((c) => [c.action, c.signed])).toEqual([
    ['SignUp', false],
    ['AdminDeleteUser', true],
  ]);
  expect(calls[1]?.body).toMatchObject({ UserPoolId: POOL_ID });
  expect(typeof calls[1]?.body.Username).toBe('string');
});

test("Cognito's UserNotFoundException at confirmation is 404", async () => {
  const res = await post('signup/confirm', { email: 'nobody@example.org', code: '123456' });
  expect([res.statusCode, res.json().code]).toEqual([404, 'UserNotFoundException']);
});

test('a new password from the profile form: AdminSetUserPassword (permanent); deletion: AdminDeleteUser', async () => {
  const sub = randomUUID();
  const now = new Date();
  await t.ctx.db
    .insert(profiles)
    .values({ sub, clubId: 'club-1001-m', firstname: 'E', lastname: 'M', street: 'H 1', city: 'M', createdAt: now, updatedAt: now });
  const me = await t.app.inject({ url: '/api/me', headers: headers(sub) });
  expect(me.statusCode).toBe(200);
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: headers(sub),
    payload: { fields: me.json().fields, updatedAt: me.json().updatedAt, password: 'Abseits!2028' },
  });
  expect(put.statusCode).toBe(200);
  const set = calls.find((c) => c.action === 'AdminSetUserPassword');
  expect(set).toMatchObject({ signed: true, body: { UserPoolId: POOL_ID, Username: sub, Password: 'Abseits!2028', Permanent: true } });

  const del = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: headers(sub) });
  expect(del.statusCode).toBe(204);
  expect(calls.at(-1)).toMatchObject({ action: 'AdminDeleteUser', signed: true, body: { Username: sub } });
  expect(await t.ctx.db.select().from(profiles).where(eq(profiles.sub, sub))).toEqual([]);
});
