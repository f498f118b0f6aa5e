import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.js';
import { appMac } from '../../lib/keys.js';
import { safeEqual } from '../../lib/hash.js';

/**
 * The voter cookie (decisions §5): a random id with an HMAC under a key derived from APP_SECRET,
 * http-only (scripts cannot read or copy it), SameSite=Lax, Secure on https, only sent to
 * `/api/votes`. The signature means nobody can pick another voter's id; dropping the cookie gives a
 * new voter, which is why logged-in members are also counted by their account and anonymous
 * voters pay a proof of work per vote.
 */

export const VOTER_COOKIE = 'erd_voter';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const ID = /^[A-Za-z0-9_-]{22}$/;

const mac = (secret: string, id: string) => appMac(secret, 'voter-cookie', id).slice(0, 27);

/** The checked voter id of the request's cookie, or null (none, or not signed by us). */
export function readVoterId(secret: string, request: FastifyRequest): string | null {
  const value = request.cookies[VOTER_COOKIE];
  if (!value) return null;
  const dot = value.indexOf('.');
  const id = value.slice(0, dot);
  if (dot === -1 || !ID.test(id)) return null;
  return safeEqual(mac(secret, id), value.slice(dot + 1)) ? id : null;
}

/** The request's voter id; a new one is created and set as cookie when there is none. */
export function ensureVoterId(
  secret: string,
  config: Pick<ServerConfig, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
): string {
  const existing = readVoterId(secret, request);
  if (existing) return existing;
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(VOTER_COOKIE, `${id}.${mac(secret, id)}`, {
    path: '/api/votes',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: MAX_AGE_SECONDS,
  });
  return id;
}
