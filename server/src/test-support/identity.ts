import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from './app.js';
import { lastCodeTo } from './mail.js';
import {
  G,
  K,
  N,
  bigFromBuffer,
  bigFromHex,
  computeU,
  computeX,
  modPowBigInt,
  passwordClaimSignature,
  sessionKey,
} from '../modules/identity/srp.js';

/**
 * Hand-built identity requests for tests (the real client, amazon-cognito-identity-js, is used in
 * library.test.ts): a Cognito-protocol call through `inject`, and an SRP client in plain BigInt,
 * so hostile variants (A = 0, a tampered TIMESTAMP, a replayed block) can be sent.
 */

export const CLIENT_ID = 'erdlocalclient';
export const POOL_NAME = 'ErdLocal1';
export const ENDPOINT = '/identity';

export interface IdentityAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  /** `__type` of an error answer. */
  type?: string;
}

export async function identityCall<T = Record<string, unknown>>(
  app: FastifyInstance,
  action: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<IdentityAnswer<T>> {
  const res = await app.inject({
    method: 'POST',
    url: ENDPOINT,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
      ...headers,
    },
    payload: JSON.stringify(body),
  });
  const parsed = res.body ? (JSON.parse(res.body) as T & { __type?: string }) : ({} as T & { __type?: string });
  return { status: res.statusCode, body: parsed, headers: res.headers, type: parsed.__type };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const two = (n: number) => String(n).padStart(2, '0');

/** The library's TIMESTAMP format: `ddd MMM D HH:mm:ss UTC YYYY`, day not zero-padded. */
export function srpTimestamp(date: Date): string {
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(
    date.getUTCMinutes(),
  )}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

export interface ChallengeParameters {
  SALT: string;
  SECRET_BLOCK: string;
  SRP_B: string;
  USERNAME: string;
  USER_ID_FOR_SRP: string;
}

/** The client side of Cognito's SRP (as AuthenticationHelper.js computes it), in BigInt. */
export class SrpClient {
  readonly a = bigFromBuffer(randomBytes(128));
  readonly A = modPowBigInt(G, this.a);

  constructor(readonly poolName = POOL_NAME) {}

  get srpA(): string {
    return this.A.toString(16);
  }

  /** PASSWORD_CLAIM_SIGNATURE for the challenge, the password and the TIMESTAMP. */
  signature(challenge: ChallengeParameters, password: string, timestamp: string, secretBlock = challenge.SECRET_BLOCK): string {
    const B = bigFromHex(challenge.SRP_B);
    const userId = challenge.USER_ID_FOR_SRP;
    const u = computeU(this.A, B);
    const x = computeX(this.poolName, userId, password, challenge.SALT);
    const base = (((B - K * modPowBigInt(G, x)) % N) + N) % N;
    const S = modPowBigInt(base, this.a + u * x);
    return passwordClaimSignature(sessionKey(S, u), this.poolName, userId, secretBlock, timestamp).toString('base64');
  }
}

export async function startSrp(app: FastifyInstance, username: string, srpA: string, clientId = CLIENT_ID) {
  return identityCall<{ ChallengeName: string; ChallengeParameters: ChallengeParameters }>(app, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: username, SRP_A: srpA },
    ClientMetadata: {},
  });
}

export interface SrpResponses {
  USERNAME: string;
  PASSWORD_CLAIM_SECRET_BLOCK: string;
  TIMESTAMP: string;
  PASSWORD_CLAIM_SIGNATURE: string;
}

export async function answerSrp(app: FastifyInstance, responses: SrpResponses, clientId = CLIENT_ID) {
  return identityCall<{ AuthenticationResult?: { AccessToken: string; IdToken: string; RefreshToken: string } }>(
    app,
    'RespondToAuthChallenge',
    { ChallengeName: 'PASSWORD_VERIFIER', ClientId: clientId, ChallengeResponses: responses, ClientMetadata: {} },
  );
}

/**
 * The client's answer to a challenge, signed with `password` for `timestamp`. `sent` changes what is
 * sent as a tampering client would (another user, SECRET_BLOCK or TIMESTAMP); the signature covers
 * the SECRET_BLOCK that is sent.
 */
export function challengeAnswer(
  client: SrpClient,
  challenge: ChallengeParameters,
  password: string,
  timestamp: string,
  sent: Partial<Omit<SrpResponses, 'PASSWORD_CLAIM_SIGNATURE'>> = {},
): SrpResponses {
  const block = sent.PASSWORD_CLAIM_SECRET_BLOCK ?? challenge.SECRET_BLOCK;
  return {
    USERNAME: sent.USERNAME ?? challenge.USER_ID_FOR_SRP,
    PASSWORD_CLAIM_SECRET_BLOCK: block,
    TIMESTAMP: sent.TIMESTAMP ?? timestamp,
    PASSWORD_CLAIM_SIGNATURE: client.signature(challenge, password, timestamp, block),
  };
}

/** A full SRP login through `inject`; the TIMESTAMP is taken from `now`. */
export async function srpLogin(app: FastifyInstance, username: string, password: string, now: Date) {
  const client = new SrpClient();
  const started = await startSrp(app, username, client.srpA);
  if (started.status !== 200) return started as unknown as Awaited<ReturnType<typeof answerSrp>>;
  return answerSrp(app, challengeAnswer(client, started.body.ChallengeParameters, password, srpTimestamp(now)));
}

/** Sets a new password with the code of ForgotPassword, through the protocol. */
export function confirmForgotPassword(app: FastifyInstance, username: string, code: string, password: string) {
  return identityCall(app, 'ConfirmForgotPassword', {
    ClientId: CLIENT_ID,
    Username: username,
    ConfirmationCode: code,
    Password: password,
  });
}

/** Signs a user up through the protocol and confirms it with the code it was mailed; its sub. */
export async function confirmedIdentityUser(
  t: TestApp,
  email: string,
  password: string,
  userAttributes?: Array<{ Name: string; Value: string }>,
): Promise<string> {
  const signUp = await identityCall<{ UserSub: string }>(t.app, 'SignUp', {
    ClientId: CLIENT_ID,
    Username: email,
    Password: password,
    ...(userAttributes ? { UserAttributes: userAttributes } : {}),
  });
  if (signUp.status !== 200) throw new Error(`sign-up of ${email}: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const code = await lastCodeTo(t, email);
  const confirm = await identityCall(t.app, 'ConfirmSignUp', { ClientId: CLIENT_ID, Username: email, ConfirmationCode: code });
  if (confirm.status !== 200) throw new Error(`confirmation of ${email}: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  return signUp.body.UserSub;
}

/** Decodes a JWT payload without checking it (for asserting claims). */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * The environment of an app in Cognito mode whose pool is `standIn`, another test app listening at
 * `standInBase`: its built-in identity service speaks the protocol, as a real pool would.
 */
export function cognitoModeEnv(standIn: TestApp, standInBase: string): Record<string, string> {
  const { userPoolId, clientId, issuer } = standIn.config.identity;
  return {
    IDENTITY_PROVIDER: 'cognito',
    IDENTITY_ENDPOINT: `${standInBase}/identity`,
    IDENTITY_USER_POOL_ID: userPoolId,
    IDENTITY_CLIENT_ID: clientId,
    IDENTITY_ISSUER: issuer,
    IDENTITY_JWKS_URL: `${standInBase}/identity/${userPoolId}/.well-known/jwks.json`,
  };
}
