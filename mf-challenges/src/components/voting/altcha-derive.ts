import type { DeriveKeyFunction } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/web/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/web/sha';

/** The WebCrypto key derivation for a challenge's algorithm (contract: ALTCHA_BROWSER_ALGORITHMS). */
export function deriveKeyFor(algorithm: unknown): DeriveKeyFunction {
  if (typeof algorithm === 'string' && /^PBKDF2\/SHA-(256|384|512)$/.test(algorithm)) return pbkdf2;
  if (typeof algorithm === 'string' && /^SHA-(256|384|512)$/.test(algorithm)) return sha;
  throw new Error(`ALTCHA: unsupported algorithm ${String(algorithm)}`);
}
