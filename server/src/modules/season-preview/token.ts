import type { FastifyRequest } from 'fastify';
import { hmacHex, safeEqual } from '../../lib/hash.js';

/**
 * An operator's preview of a season (issue 26, 'Vorschau'): the cookie `erd_vorschau` carries the
 * year id and an expiry, signed with the app secret. It needs no table and cannot be forged or
 * prolonged; it only changes what the public content answers show to the browser that has it (never
 * cached, never shared), so it needs no session check on each request: who may set it is checked
 * when it is set (an operator's session). Every instance of one app secret reads it alike.
 */
export const PREVIEW_COOKIE = 'erd_vorschau';
/** A preview ends by itself after two hours. */
export const PREVIEW_TTL_MS = 2 * 60 * 60 * 1000;

const VERSION = 'v1';
const MAX_LENGTH = 400;

function mac(secret: string, yearId: string, expiresAt: number): string {
  return hmacHex(secret, `season-preview:${yearId}:${expiresAt}`).slice(0, 43);
}

/** The cookie's value: `v1.<year id, base64url>.<expiry, epoch seconds>.<signature>`. */
export function previewToken(secret: string, yearId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return [VERSION, Buffer.from(yearId, 'utf8').toString('base64url'), String(seconds), mac(secret, yearId, seconds)].join('.');
}

/** The year id of a valid, unexpired token, else null (absent, malformed, forged or expired). */
export function readPreviewToken(secret: string, token: unknown, now: Date): string | null {
  if (typeof token !== 'string' || token.length > MAX_LENGTH) return null;
  const [version, encoded, expires, signature, ...rest] = token.split('.');
  if (version !== VERSION || !encoded || !expires || !signature || rest.length || !/^\d{1,12}$/.test(expires)) return null;
  const seconds = Number(expires);
  if (seconds * 1000 <= now.getTime()) return null;
  const yearId = Buffer.from(encoded, 'base64url').toString('utf8');
  if (!yearId || !safeEqual(signature, mac(secret, yearId, seconds))) return null;
  return yearId;
}

/**
 * The previewed year of a request, or null. The hot path's cost without the cookie is one lookup in
 * the request's parsed cookies.
 */
export function previewYearOf(request: FastifyRequest, secret: string, now: Date): string | null {
  const value = request.cookies[PREVIEW_COOKIE];
  return value === undefined ? null : readPreviewToken(secret, value, now);
}
