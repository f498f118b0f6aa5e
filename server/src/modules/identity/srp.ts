import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * SRP-6a as amazon-cognito-identity-js computes it (src/AuthenticationHelper.js), not textbook
 * SRP: Java-style `padHex`, `k = H(padHex(N) ‖ padHex(g))`, the pool name and USER_ID_FOR_SRP in
 * `x`, HKDF "Caldera Derived Key" for the session key. See ../shared/reference/cognito-protocol.md.
 *
 * Big-number exponentiation runs in BigInt (see `createModPow`).
 */

/** RFC 3526 group 15 (3072-bit), the group of Cognito's SRP; g = 2. */
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const G = 2n;
/** Longest SRP_A we read: |N| in hex plus a little slack for leading zeros. */
export const MAX_SRP_A_HEX = N_HEX.length + 8;
const INFO = Buffer.from('Caldera Derived Key', 'utf8');

export function bigFromHex(hex: string): bigint {
  return hex.length === 0 ? 0n : BigInt(`0x${hex}`);
}

export function bigFromBuffer(buffer: Buffer): bigint {
  return bigFromHex(buffer.toString('hex'));
}

/** Java `BigInteger.toByteArray()` as hex: even length, plus `00` when the top bit is set. */
export function padHex(n: bigint): string {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

function sha256(data: Buffer | string): Buffer {
  return createHash('sha256').update(data).digest();
}

/** SHA-256 of the bytes a hex string stands for, as 64 hex characters. */
export function hexHash(hex: string): string {
  return sha256(Buffer.from(hex, 'hex')).toString('hex');
}

export const K = bigFromHex(hexHash(`${padHex(N)}${padHex(G)}`));

/** `x = H(padHex(salt) ‖ H(poolName ‖ userId ‖ ":" ‖ password))` (the salt re-read as an integer, as the client does). */
export function computeX(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = sha256(Buffer.from(`${poolName}${userId}:${password}`, 'utf8')).toString('hex');
  return bigFromHex(hexHash(`${padHex(bigFromHex(saltHex))}${inner}`));
}

export function computeU(A: bigint, B: bigint): bigint {
  return bigFromHex(hexHash(`${padHex(A)}${padHex(B)}`));
}

/** `K = HKDF-SHA256(ikm = padHex(S), salt = padHex(u), info = "Caldera Derived Key", 16 bytes)`. */
export function sessionKey(S: bigint, u: bigint): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'), INFO, 16));
}

/** The password claim: `base64(HMAC(K, poolName ‖ userId ‖ secretBlock bytes ‖ timestamp))`. */
export function passwordClaimSignature(key: Buffer, poolName: string, userId: string, secretBlock: string, timestamp: string): Buffer {
  return createHmac('sha256', key)
    .update(Buffer.from(poolName, 'utf8'))
    .update(Buffer.from(userId, 'utf8'))
    .update(Buffer.from(secretBlock, 'base64'))
    .update(Buffer.from(timestamp, 'utf8'))
    .digest();
}

/** Compares a base64 signature from the client with the expected bytes in constant time. */
export function signatureMatches(expected: Buffer, claimBase64: string): boolean {
  const claim = Buffer.from(claimBase64, 'base64');
  return claim.length === expected.length && timingSafeEqual(claim, expected);
}

/** Plain square-and-multiply (~5 ms for a 256-bit exponent; not constant-time). */
export function modPowBigInt(base: bigint, exponent: bigint, modulus: bigint = N): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

export type ModPow = (base: bigint, exponent: bigint) => bigint;

/**
 * The modexp the service uses: BigInt. Up to Node 20, OpenSSL's Diffie-Hellman object served as a
 * constant-time modexp (~0.65 ms: `setPrivateKey(exponent)`, `computeSecret(base)`); on the
 * supported lines it no longer can: Node 22's OpenSSL 3.5 refuses about half of all bases as
 * public keys (those outside the prime-order subgroup), and Node 24 tests the 3072-bit prime on
 * every `createDiffieHellman` (seconds each, so a login took tens of seconds).
 */
export function createModPow(): { modPow: ModPow; engine: 'bigint' } {
  return { modPow: (base, exponent) => modPowBigInt(base, exponent), engine: 'bigint' };
}

export interface SrpUserSecret {
  /** 16 random bytes as hex. */
  salt: string;
  /** `g^x mod N` as hex. */
  verifier: string;
}

/** Sign-up and password change: a new salt and the verifier for `userId` (the sub). */
export function createVerifier(modPow: ModPow, poolName: string, userId: string, password: string): SrpUserSecret {
  const salt = randomBytes(16).toString('hex');
  const x = computeX(poolName, userId, password, salt);
  return { salt, verifier: modPow(G, x).toString(16) };
}

/** Checks a plain password (USER_PASSWORD_AUTH, ChangePassword) against the stored verifier in constant time. */
export function verifyPassword(modPow: ModPow, poolName: string, userId: string, password: string, secret: SrpUserSecret): boolean {
  const x = computeX(poolName, userId, password, secret.salt);
  const candidate = Buffer.from(modPow(G, x).toString(16).padStart(N_HEX.length, '0'), 'hex');
  const stored = Buffer.from(secret.verifier.padStart(N_HEX.length, '0'), 'hex');
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

export interface ServerChallenge {
  b: bigint;
  B: bigint;
}

/** InitiateAuth: a random `b` (256 bits) and `B = (k·v + g^b) mod N`, with `B mod N ≠ 0` and `u ≠ 0`. */
export function serverChallenge(modPow: ModPow, verifier: bigint, A: bigint): ServerChallenge {
  for (;;) {
    const b = bigFromBuffer(randomBytes(32));
    if (b === 0n) continue;
    const B = (K * verifier + modPow(G, b)) % N;
    if (B === 0n || computeU(A, B) === 0n) continue;
    return { b, B };
  }
}

/** The server's session key: `S = (A · v^u)^b mod N`, then HKDF. */
export function serverSessionKey(modPow: ModPow, A: bigint, B: bigint, b: bigint, verifier: bigint): Buffer {
  const u = computeU(A, B);
  const base = ((A % N) * modPow(verifier, u)) % N;
  return sessionKey(modPow(base, b), u);
}
