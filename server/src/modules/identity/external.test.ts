import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { signJwt } from './jwt.js';

/**
 * IDENTITY_ENDPOINT = a real Cognito pool: the browser talks to Cognito, the built-in service is
 * not mounted, and the API checks Cognito's access tokens against the configured JWKS and issuer.
 * A small HTTP server stands in for Cognito's JWKS URL.
 */

const ISSUER = 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_AbCd123';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = publicKey.export({ format: 'jwk' });

let t: TestApp;
let jwks: http.Server;
let jwksHits = 0;

beforeAll(async () => {
  jwks = http.createServer((_req, res) => {
    jwksHits++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [{ ...jwk, kid: 'cognito-kid', alg: 'RS256', use: 'sig' }] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  t = await createTestApp({
    realTime: true,
    env: {
      IDENTITY_ENDPOINT: 'https://cognito-idp.eu-central-1.amazonaws.com/',
      IDENTITY_USER_POOL_ID: 'eu-central-1_AbCd123',
      IDENTITY_CLIENT_ID: 'cognitoclient',
      IDENTITY_JWKS_URL: `http://127.0.0.1:${port}/jwks.json`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => jwks.close(resolve));
});

function cognitoToken(changes: Record<string, unknown> = {}, kid = 'cognito-kid'): string {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      sub: '11111111-2222-4333-a444-555555555555',
      iss: ISSUER,
      client_id: 'cognitoclient',
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: iat,
      iat,
      exp: iat + 3600,
      jti: 'j',
      username: '11111111-2222-4333-a444-555555555555',
      ...changes,
    },
    { kid, privateKey },
  );
}

const me = (token: string) => t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });

test('the browser is pointed at Cognito; no built-in identity endpoint', async () => {
  const config = (await t.app.inject({ url: '/config.json' })).json();
  expect(config.identity).toEqual({
    region: 'eu-central-1',
    userPoolId: 'eu-central-1_AbCd123',
    clientId: 'cognitoclient',
    endpoint: 'https://cognito-idp.eu-central-1.amazonaws.com',
  });
  expect((await t.app.inject({ method: 'POST', url: '/identity' })).statusCode).toBe(404);
});

test("Cognito's access tokens are checked with its JWKS (fetched once, cached) and issuer", async () => {
  // Accepted by requireUser: the answer is about the (missing) profile, not 401.
  expect((await me(cognitoToken())).statusCode).toBe(404);
  expect((await me(cognitoToken())).statusCode).toBe(404);
  expect(jwksHits).toBe(1);
  for (const changes of [
    { iss: 'https://cognito-idp.eu-central-1.amazonaws.com/eu-central-1_Other' },
    { client_id: 'other' },
    { token_use: 'id' },
    { exp: 1 },
  ]) {
    expect([changes, (await me(cognitoToken(changes))).statusCode]).toEqual([changes, 401]);
  }
  expect((await me(cognitoToken({}, 'unknown-kid'))).statusCode).toBe(401);
});
