import { appMac, type AppKeyPurpose } from '../../lib/keys.js';
import { safeEqual } from '../../lib/hash.js';
import type { PresignRequest } from './storage.js';

/**
 * The embedded default's presigned POST, after S3's: the form fields carry the `key`, the declared
 * `Content-Type`, a base64url JSON `Policy` (key, club, challenge, size limit, expiry) and
 * `X-Erd-Signature`, an HMAC-SHA256 of the policy under a key derived from APP_SECRET. The upload
 * endpoint needs no login: a valid signature is the authorisation, and it is bound to one key of one
 * club in one challenge, for a limited time.
 */

const PURPOSE: AppKeyPurpose = 'upload-policy';
export const POLICY_FIELDS = { key: 'key', contentType: 'Content-Type', policy: 'Policy', signature: 'X-Erd-Signature' } as const;

export interface UploadPolicy {
  v: 1;
  key: string;
  clubId: string;
  challengeId: string;
  maxBytes: number;
  /** ISO time after which an upload is refused. */
  expires: string;
  contentType: string;
}

export function signUploadPolicy(secret: string, request: PresignRequest): Record<string, string> {
  const policy: UploadPolicy = {
    v: 1,
    key: request.key,
    clubId: request.clubId,
    challengeId: request.challengeId,
    maxBytes: request.maxBytes,
    expires: request.expiresAt.toISOString(),
    contentType: request.contentType,
  };
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64url');
  return {
    [POLICY_FIELDS.key]: request.key,
    [POLICY_FIELDS.contentType]: request.contentType,
    [POLICY_FIELDS.policy]: encoded,
    [POLICY_FIELDS.signature]: appMac(secret, PURPOSE, encoded),
  };
}

export type PolicyCheck = { ok: true; policy: UploadPolicy } | { ok: false; reason: 'missing' | 'signature' | 'expired' | 'mismatch' };

/** Checks the posted fields: signature first, then that the fields agree with the policy, then time. */
export function verifyUploadPolicy(secret: string, fields: Record<string, string>, now: Date): PolicyCheck {
  const encoded = fields[POLICY_FIELDS.policy];
  const signature = fields[POLICY_FIELDS.signature];
  if (!encoded || !signature) return { ok: false, reason: 'missing' };
  if (encoded.length > 4096 || !safeEqual(appMac(secret, PURPOSE, encoded), signature)) return { ok: false, reason: 'signature' };
  let policy: UploadPolicy;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as UploadPolicy;
  } catch {
    return { ok: false, reason: 'signature' };
  }
  if (policy.v !== 1 || fields[POLICY_FIELDS.key] !== policy.key) return { ok: false, reason: 'mismatch' };
  const contentType = fields[POLICY_FIELDS.contentType];
  if (contentType !== undefined && contentType !== policy.contentType) return { ok: false, reason: 'mismatch' };
  const expires = Date.parse(policy.expires);
  if (!Number.isFinite(expires) || now.getTime() > expires) return { ok: false, reason: 'expired' };
  return { ok: true, policy };
}
