import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { decodeJwt, signJwt, verifyJwtSignature } from './jwt.js';
import { deriveKey, open, seal } from './sealing.js';
import { parseSrpTimestamp } from './service.js';
import {
  G,
  N,
  bigFromBuffer,
  bigFromHex,
  createModPow,
  createVerifier,
  modPowBigInt,
  padHex,
  passwordClaimSignature,
  serverChallenge,
  serverSessionKey,
  verifyPassword,
} from './srp.js';
import { SrpClient } from '../../test-support/identity.js';

describe('padHex (Java BigInteger.toByteArray as hex, as the library)', () => {
  test.each([
    [0x7fn, '7f'],
    [0x80n, '0080'],
    [0xfn, '0f'],
    [0x8n, '08'],
    [0x123n, '0123'],
    [0xabcn, '0abc'],
    [0xfffn, '0fff'],
    [0x1234n, '1234'],
    [0x9234n, '009234'],
  ])('%s → %s', (n, hex) => {
    expect(padHex(n)).toBe(hex);
  });
});

describe('modexp', () => {
  test('bases are reduced mod N; 0, 1, N−1 and exponent 0 as expected', () => {
    const { modPow, engine } = createModPow();
    expect(engine).toBe('bigint');
    expect(modPow(0n, 5n)).toBe(0n);
    expect(modPow(1n, 5n)).toBe(1n);
    expect(modPow(N - 1n, 3n)).toBe(N - 1n);
    expect(modPow(N + 2n, 10n)).toBe(1024n);
    expect(modPow(7n, 0n)).toBe(1n);
    expect(modPowBigInt(G, 12345n)).toBe(modPowBigInt(modPowBigInt(G, 5n), 2469n));
  });

  test('fast on every supported Node: 20 modexps with 256-bit exponents well within a second', () => {
    // Through Node 20 this went through OpenSSL's Diffie-Hellman object; Node 24 checks the prime
    // on every createDiffieHellman, which made one modexp take seconds.
    const started = performance.now();
    const { modPow } = createModPow();
    for (let i = 0; i < 20; i++) modPow((bigFromBuffer(randomBytes(384)) % (N - 3n)) + 2n, bigFromBuffer(randomBytes(32)));
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('SRP round trip (client in BigInt as the library computes it, server as the service does)', () => {
  const { modPow } = createModPow();

  test('the password claim matches only with the right password', () => {
    for (let i = 0; i < 10; i++) {
      const sub = `0000000${i}-aaaa-4bbb-accc-0123456789ab`;
      const secret = createVerifier(modPow, 'ErdLocal1', sub, 'Geheim!123');
      const client = new SrpClient('ErdLocal1');
      const { b, B } = serverChallenge(modPow, bigFromHex(secret.verifier), client.A);
      const challenge = {
        SALT: secret.salt,
        SECRET_BLOCK: randomBytes(64).toString('base64'),
        SRP_B: B.toString(16),
        USERNAME: sub,
        USER_ID_FOR_SRP: sub,
      };
      const ts = 'Mon Dec 1 09:05:03 UTC 2025';
      const key = serverSessionKey(modPow, client.A, B, b, bigFromHex(secret.verifier));
      const expected = passwordClaimSignature(key, 'ErdLocal1', sub, challenge.SECRET_BLOCK, ts).toString('base64');
      expect(client.signature(challenge, 'Geheim!123', ts)).toBe(expected);
      expect(client.signature(challenge, 'Geheim!124', ts)).not.toBe(expected);
      expect(verifyPassword(modPow, 'ErdLocal1', sub, 'Geheim!123', secret)).toBe(true);
      expect(verifyPassword(modPow, 'ErdLocal1', sub, 'geheim!123', secret)).toBe(false);
      // The pool name and the user id are part of the verifier.
      expect(verifyPassword(modPow, 'OtherPool', sub, 'Geheim!123', secret)).toBe(false);
    }
  });

  test('B is never 0 mod N and the verifier is g^x', () => {
    const { B } = serverChallenge(modPow, 5n, 7n);
    expect(B % N).not.toBe(0n);
    expect(modPow(G, 3n)).toBe(8n);
  });
});

describe('TIMESTAMP', () => {
  test('day not zero-padded, time zero-padded', () => {
    expect(parseSrpTimestamp('Mon Dec 1 09:05:03 UTC 2025')?.toISOString()).toBe('2025-12-01T09:05:03.000Z');
    expect(parseSrpTimestamp('Thu Jan 22 23:59:59 UTC 2026')?.toISOString()).toBe('2026-01-22T23:59:59.000Z');
    expect(parseSrpTimestamp('Mon Dec 01 09:05:03 UTC 2025')?.toISOString()).toBe('2025-12-01T09:05:03.000Z');
  });

  test.each([
    '',
    'Mon Dec 1 9:05:03 UTC 2025',
    'Mon Dez 1 09:05:03 UTC 2025',
    'Mon Feb 30 09:05:03 UTC 2025',
    '2025-12-01T09:05:03Z',
    'Mon Dec 1 09:05:03 GMT 2025',
  ])('%j is refused', (value) => {
    expect(parseSrpTimestamp(value)).toBeNull();
  });
});

describe('sealing (SECRET_BLOCK, signing key at rest)', () => {
  const key = deriveKey('s3cret', 'secret-block');

  test('opens with the same key and context only; tampering is detected', () => {
    const box = seal(key, Buffer.from('{"a":1}'), 'client-1');
    expect(open(key, box, 'client-1')?.toString()).toBe('{"a":1}');
    expect(open(key, box, 'client-2')).toBeNull();
    expect(open(deriveKey('other', 'secret-block'), box, 'client-1')).toBeNull();
    expect(open(deriveKey('s3cret', 'signing-key'), box, 'client-1')).toBeNull();
    const raw = Buffer.from(box, 'base64');
    raw[raw.length - 1] ^= 1;
    expect(open(key, raw.toString('base64'), 'client-1')).toBeNull();
    expect(open(key, 'AAAA', 'client-1')).toBeNull();
  });
});

describe('JWT', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

  test('RS256 signs and verifies; another key, alg none and a changed payload fail', () => {
    const token = signJwt({ sub: 'x' }, { kid: 'k1', privateKey });
    const jwt = decodeJwt(token)!;
    expect(jwt.header).toEqual({ kid: 'k1', alg: 'RS256' });
    expect(verifyJwtSignature(jwt, publicKey)).toBe(true);
    expect(verifyJwtSignature(jwt, other.publicKey)).toBe(false);
    const [h, p] = token.split('.');
    const none = decodeJwt(`${Buffer.from('{"alg":"none","kid":"k1"}').toString('base64url')}.${p}.x`)!;
    expect(verifyJwtSignature(none, publicKey)).toBe(false);
    const tamperedPayload = decodeJwt(`${h}.${Buffer.from('{"sub":"y"}').toString('base64url')}.${token.split('.')[2]}`)!;
    expect(verifyJwtSignature(tamperedPayload, publicKey)).toBe(false);
  });

  test.each(['', 'a.b', 'a.b.c.d', '!!.e30.x', `${Buffer.from('[]').toString('base64url')}.e30.x`])('%j does not decode', (token) => {
    expect(decodeJwt(token)).toBeNull();
  });
});
