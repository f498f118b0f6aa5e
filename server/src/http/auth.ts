import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { UnauthorizedError } from '../errors.js';
import { AccessTokenError, verifyAccessToken, type AccessTokenClaims } from '../modules/identity/tokens.js';

/**
 * The API's login check, once for every module: `{ onRequest: app.requireUser }` on a route makes
 * it answer 401 `{ code: 'Unauthorized' }` unless `Authorization: Bearer <access token>` carries a
 * valid token (RS256 signature from the issuer's keys, `exp`, `token_use: access`, `client_id`,
 * `iss`; in the built-in mode also not signed out or deleted). The handler then finds
 * `request.user`. As an `onRequest` hook it runs after the site-wide checks (origin, anti-forgery)
 * and before the input rule and the route's schemas: a caller without a session learns nothing
 * about what the route takes.
 */

export interface AuthenticatedUser {
  sub: string;
  claims: AccessTokenClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_.-]+)\s*$/i;
const UNAUTHORIZED_MESSAGE = 'Bitte melde dich an.';

/** The access token of `Authorization: Bearer …`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return (typeof header === 'string' && BEARER.exec(header)?.[1]) || null;
}

/** The checked user of a request's bearer token, or null (no token, or not valid). */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthenticatedUser | null> {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    const claims = await verifyAccessToken(ctx, token);
    return { sub: claims.sub, claims };
  } catch (error) {
    if (error instanceof AccessTokenError) return null;
    throw error;
  }
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await authenticate(ctx, request);
    if (!user) throw new UnauthorizedError(UNAUTHORIZED_MESSAGE);
    request.user = user;
  });
}
