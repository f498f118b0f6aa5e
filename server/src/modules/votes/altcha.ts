import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { ALTCHA_BROWSER_ALGORITHMS, AltchaChallengeDto, AltchaPayloadDto } from '@erd/shared-contracts/wire';
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
 */

export const PROOF_ALGORITHM = 'PBKDF2/SHA-256' satisfies (typeof ALTCHA_BROWSER_ALGORITHMS)[number];
export const PROOF_TTL_MS = 5 * 60_000;
const KEY_PREFIX = '00';
const MAX_PAYLOAD_LENGTH = 4096;

const hmacSecret = (secret: string) => appKey(secret, 'vote-proof').toString('hex');

export async function createProofChallenge(secret: string, cost: number, now: Date): Promise<AltchaChallengeDto> {
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
    const result = await verifySolution({
      challenge: { parameters, signature: payload.challenge.signature },
      solution: payload.solution as Solution,
      deriveKey,
      hmacSignatureSecret: hmacSecret(secret),
    });
    if (!result.verified) return { ok: false, reason: 'invalid' };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  // Signed by us, so `expires` is ours.
  const expiresAt = new Date(data.expires * 1000);
  if (now.getTime() > expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, signature: payload.challenge.signature!, expiresAt };
}
