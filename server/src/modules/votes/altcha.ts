import { createHmac, pbkdf2, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { createChallenge, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ALTCHA_BROWSER_ALGORITHMS, AltchaChallengeAnswerDto, AltchaPayloadDto } from '@erd/shared-contracts/wire';
import { appKey } from '../../lib/keys.js';

/**
 * The self-hosted proof of work of anonymous votes (decisions §5, ALTCHA v2 with altcha-lib): a
 * PBKDF2/SHA-256 challenge (one of the contract's ALTCHA_BROWSER_ALGORITHMS, solved in the browser
 * with WebCrypto) whose derived key must start with one zero byte: on average 256 tries of
 * VOTE_PROOF_COST iterations. Signed with an HMAC key derived from APP_SECRET, so any instance can
 * check it and nothing is stored until it is used.
 *
 * The expiry travels in the signed `data.expires` (seconds) and is checked against the app's clock;
 * altcha-lib's own `expiresAt` would be compared with the wall clock, which tests cannot move.
 *
 * The check is altcha-lib's `verifySolution` (v2, without key signature) done with node's crypto:
 * its HMAC goes through WebCrypto (an imported key and a threadpool job per call, ~0.13 ms of CPU
 * against ~0.006 ms for `createHmac`), on every vote. The tests hold both to the same verdicts.
 */

export const PROOF_ALGORITHM = 'PBKDF2/SHA-256' satisfies (typeof ALTCHA_BROWSER_ALGORITHMS)[number];
export const PROOF_TTL_MS = 5 * 60_000;
const KEY_PREFIX = '00';
const MAX_PAYLOAD_LENGTH = 4096;

const hmacSecret = (secret: string) => appKey(secret, 'vote-proof').toString('hex');

export async function createProofChallenge(secret: string, cost: number, now: Date): Promise<AltchaChallengeAnswerDto> {
  const challenge = await createChallenge({
    algorithm: PROOF_ALGORITHM,
    cost,
    deriveKey,
    keyPrefix: KEY_PREFIX,
    hmacSignatureSecret: hmacSecret(secret),
    data: { purpose: 'vote', expires: Math.floor((now.getTime() + PROOF_TTL_MS) / 1000) },
  });
  return { ...challenge };
}

export type ProofCheck = { ok: true; signature: string; expiresAt: Date } | { ok: false; reason: 'malformed' | 'invalid' | 'expired' };

function decode(encoded: string): AltchaPayloadDto | null {
  if (encoded.length > MAX_PAYLOAD_LENGTH || !/^[A-Za-z0-9+/=_-]+$/.test(encoded)) return null;
  try {
    const payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as AltchaPayloadDto;
    const { challenge, solution } = payload ?? {};
    if (!challenge || typeof challenge !== 'object' || !challenge.parameters || typeof challenge.parameters !== 'object') return null;
    if (typeof challenge.signature !== 'string' || !solution || typeof solution !== 'object') return null;
    return payload;
  } catch {
    return null;
  }
}

const pbkdf2Async = promisify(pbkdf2);
const HEX = /^(?:[0-9a-fA-F]{2})*$/;
const LOWER_HEX_BYTES = /^(?:[0-9a-f]{2})+$/;

/** altcha-lib's canonical form of the signed parameters: keys sorted at every level, undefined values left out. */
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((key) => {
        const v = (value as Record<string, unknown>)[key];
        return v === undefined ? [] : [[key, sortKeys(v)]];
      }),
  );
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Our signature over the parameters, a well-formed solution, and its PBKDF2 key: the key sent, starting with the signed prefix. */
async function verified(parameters: Challenge['parameters'], signature: string, solution: Solution, hmacKey: string): Promise<boolean> {
  if (parameters.expiresAt && parameters.expiresAt < Date.now() / 1000) return false;
  if (
    !sameText(
      signature,
      createHmac('sha256', hmacKey)
        .update(JSON.stringify(sortKeys(parameters)))
        .digest('hex'),
    )
  )
    return false;
  const { counter, derivedKey } = solution ?? {};
  if (typeof derivedKey !== 'string' || !LOWER_HEX_BYTES.test(derivedKey)) return false;
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff) return false;
  const { nonce, salt, keyPrefix } = parameters;
  if (typeof nonce !== 'string' || typeof salt !== 'string' || typeof keyPrefix !== 'string' || !HEX.test(nonce) || !HEX.test(salt))
    return false;
  const nonceBytes = Buffer.from(nonce, 'hex');
  const password = Buffer.alloc(nonceBytes.length + 4);
  nonceBytes.copy(password);
  password.writeUInt32BE(counter, nonceBytes.length);
  const key = await pbkdf2Async(password, Buffer.from(salt, 'hex'), parameters.cost, parameters.keyLength, 'sha256');
  const keyHex = key.toString('hex');
  let prefixMatches: boolean;
  if (keyPrefix.length % 2 === 0) {
    if (!HEX.test(keyPrefix)) return false;
    const prefix = Buffer.from(keyPrefix, 'hex');
    prefixMatches = prefix.length <= key.length && key.subarray(0, prefix.length).equals(prefix);
  } else {
    prefixMatches = keyHex.startsWith(keyPrefix.toLowerCase());
  }
  return sameText(keyHex, derivedKey) && prefixMatches;
}

/** Checks an ALTCHA payload (`VoteInput.altcha`): our signature, not expired, a correct solution. */
export async function checkProof(secret: string, encoded: string, now: Date): Promise<ProofCheck> {
  const payload = decode(encoded);
  if (!payload) return { ok: false, reason: 'malformed' };
  const parameters = payload.challenge.parameters as unknown as Challenge['parameters'];
  const data = parameters.data;
  if (parameters.algorithm !== PROOF_ALGORITHM || data?.purpose !== 'vote' || typeof data.expires !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  try {
    if (!(await verified(parameters, payload.challenge.signature!, payload.solution as Solution, hmacSecret(secret))))
      return { ok: false, reason: 'invalid' };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  // Signed by us, so `expires` is ours.
  const expiresAt = new Date(data.expires * 1000);
  if (now.getTime() > expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, signature: payload.challenge.signature!, expiresAt };
}
