import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { IdentitySessionRow, IdentityUserRow } from '../../db/schema/index.js';
import { sha256Hex } from '../../lib/hash.js';
import { decodeJwt, signJwt, verifyJwtSignature } from './jwt.js';
import * as repo from './repository.js';

/**
 * RS256 tokens with Cognito's claims (ID and access token 1 h unless IDENTITY_TOKEN_TTL_SECONDS
 * says otherwise, refresh token 30 days, decisions §2)
 * and the access-token check shared by the identity actions and the API (`requireUser`). Token and
 * session times are real time (`ctx.identity.realNow`, never shifted by CLOCK_OFFSET_DAYS): the
 * browser library and other verifiers compare them with their own clocks, as with real Cognito.
 */

export const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;
/** Tokens issued up to this far "in the future" (clock skew between instances) are still accepted. */
const CLOCK_SKEW_SECONDS = 300;

type Ctx = Pick<AppContext, 'db' | 'config' | 'identity'>;

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: 'Bearer';
}

export function hashRefreshToken(token: string): string {
  return sha256Hex(token);
}

/** A new login: a session record with the hashed refresh token, and the three tokens. */
export async function startSession(ctx: Ctx, user: IdentityUserRow, clientId: string): Promise<AuthenticationResult> {
  const now = ctx.identity.realNow();
  const refreshToken = randomBytes(48).toString('base64url');
  const session = {
    originJti: randomUUID(),
    sub: user.sub,
    clientId,
    refreshTokenHash: hashRefreshToken(refreshToken),
    authTime: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    createdAt: now,
  };
  await repo.insertSession(ctx.db, session);
  return { ...(await signTokens(ctx, user, session)), RefreshToken: refreshToken };
}

/** New ID and access tokens for the session (same `origin_jti` and `auth_time`); no new refresh token, as Cognito. */
export async function signTokens(
  ctx: Ctx,
  user: IdentityUserRow,
  session: Pick<IdentitySessionRow, 'originJti' | 'authTime' | 'clientId'>,
): Promise<AuthenticationResult> {
  const key = await ctx.identity.signingKey();
  const iat = Math.floor(ctx.identity.realNow().getTime() / 1000);
  const common = {
    sub: user.sub,
    iss: ctx.config.identity.issuer,
    origin_jti: session.originJti,
    event_id: randomUUID(),
    auth_time: Math.floor(session.authTime.getTime() / 1000),
    iat,
    exp: iat + ctx.config.identity.tokenTtlSeconds,
  };
  const idToken = signJwt(
    {
      ...user.attributes,
      ...common,
      email: user.email,
      email_verified: user.status === 'CONFIRMED',
      'cognito:username': user.sub,
      aud: session.clientId,
      token_use: 'id',
      jti: randomUUID(),
    },
    key,
  );
  const accessToken = signJwt(
    {
      ...common,
      client_id: session.clientId,
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      username: user.sub,
      jti: randomUUID(),
    },
    key,
  );
  return { AccessToken: accessToken, IdToken: idToken, ExpiresIn: ctx.config.identity.tokenTtlSeconds, TokenType: 'Bearer' };
}

export type AccessTokenProblem = 'invalid' | 'expired' | 'revoked';

export class AccessTokenError extends Error {
  constructor(readonly problem: AccessTokenProblem) {
    super(`access token ${problem}`);
    this.name = 'AccessTokenError';
  }
}

export interface AccessTokenClaims {
  sub: string;
  clientId: string;
  /** Present on tokens of the built-in service (and Cognito's newer ones). */
  originJti: string | null;
  exp: number;
  authTime: number | null;
  payload: Record<string, unknown>;
}

/**
 * Checks an access token as the API and the identity actions need it: RS256 signature with a key of
 * the issuer's JWKS, `iss`, `token_use: access`, `client_id`, `exp`; in the built-in mode also that
 * its login (`origin_jti`) still exists and is not revoked (GlobalSignOut, RevokeToken, DeleteUser).
 */
export async function verifyAccessToken(ctx: Ctx, token: string): Promise<AccessTokenClaims> {
  const jwt = decodeJwt(token);
  if (!jwt || jwt.header.alg !== 'RS256' || typeof jwt.header.kid !== 'string') throw new AccessTokenError('invalid');
  const key = await ctx.identity.publicKey(jwt.header.kid);
  if (!key || !verifyJwtSignature(jwt, key)) throw new AccessTokenError('invalid');
  const p = jwt.payload;
  const now = ctx.identity.realNow().getTime();
  const nowSeconds = now / 1000;
  if (
    p.iss !== ctx.config.identity.issuer ||
    p.token_use !== 'access' ||
    p.client_id !== ctx.config.identity.clientId ||
    typeof p.sub !== 'string' ||
    typeof p.exp !== 'number' ||
    (typeof p.iat === 'number' && p.iat > nowSeconds + CLOCK_SKEW_SECONDS)
  ) {
    throw new AccessTokenError('invalid');
  }
  if (p.exp <= nowSeconds) throw new AccessTokenError('expired');
  const originJti = typeof p.origin_jti === 'string' ? p.origin_jti : null;
  if (ctx.config.identity.builtIn) {
    if (!originJti) throw new AccessTokenError('invalid');
    const session = await repo.findSession(ctx.db, originJti);
    if (!session || session.sub !== p.sub || session.revokedAt || session.expiresAt.getTime() <= now) {
      throw new AccessTokenError('revoked');
    }
  }
  return {
    sub: p.sub,
    clientId: p.client_id,
    originJti,
    exp: p.exp,
    authTime: typeof p.auth_time === 'number' ? p.auth_time : null,
    payload: p,
  };
}
