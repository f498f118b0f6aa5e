import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { PublicJwk } from '../../db/schema/index.js';

/** Compact RS256 JWTs with node:crypto (sign, decode, verify); nothing else is accepted. */

export interface JwtHeader {
  alg: string;
  kid?: string;
  typ?: string;
}

export type JwtPayload = Record<string, unknown>;

export interface DecodedJwt {
  header: JwtHeader;
  payload: JwtPayload;
  signingInput: string;
  signature: Buffer;
}

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export function signJwt(payload: JwtPayload, key: { kid: string; privateKey: KeyObject }): string {
  const header = b64url(JSON.stringify({ kid: key.kid, alg: 'RS256' }));
  const body = b64url(JSON.stringify(payload));
  const signature = sign('sha256', Buffer.from(`${header}.${body}`), key.privateKey);
  return `${header}.${body}.${b64url(signature)}`;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** Splits and parses a token; null when it is not a well-formed JWT with object header and payload. */
export function decodeJwt(token: string): DecodedJwt | null {
  if (token.length > 16_384) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return null;
  const [h, p, s] = parts as [string, string, string];
  try {
    const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as unknown;
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as unknown;
    if (!isObject(header) || !isObject(payload) || typeof header.alg !== 'string') return null;
    return { header: header as unknown as JwtHeader, payload, signingInput: `${h}.${p}`, signature: Buffer.from(s, 'base64url') };
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RS256 only: `alg` must be exactly RS256 (no `none`, no HMAC with a public key). */
export function verifyJwtSignature(jwt: DecodedJwt, publicKey: KeyObject): boolean {
  if (jwt.header.alg !== 'RS256') return false;
  try {
    return verify('sha256', Buffer.from(jwt.signingInput), publicKey, jwt.signature);
  } catch {
    return false;
  }
}

export function publicKeyFromJwk(jwk: Pick<PublicJwk, 'kty' | 'n' | 'e'>): KeyObject {
  return createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' });
}
