import { createHmac, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';

/**
 * Keys derived from the app secret (APP_SECRET or DATA_DIR/app-secret), one per use, so a leak of
 * one (say, a hashed IP in a log) says nothing about another. Every instance derives the same keys.
 */
export type AppKeyPurpose = 'upload-policy' | 'vote-proof' | 'voter-cookie' | 'ip-hash' | 'operator-login';

const cache = new Map<string, Buffer>();

export function appKey(secret: string, purpose: AppKeyPurpose): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), `erd:${purpose}`, 32));
    cache.set(id, key);
  }
  return key;
}

const macKeys = new Map<string, KeyObject>();

/**
 * HMAC-SHA256 of `data` under the purpose's key, base64url. The key goes to `createHmac` as a
 * KeyObject: Node 24 first tries a Buffer key as a WebCrypto key and throws and catches an error
 * doing so (~8 µs of CPU per HMAC; a vote takes two).
 */
export function appMac(secret: string, purpose: AppKeyPurpose, data: string): string {
  const id = `${purpose}\u0000${secret}`;
  let key = macKeys.get(id);
  if (!key) {
    key = createSecretKey(appKey(secret, purpose));
    macKeys.set(id, key);
  }
  return createHmac('sha256', key).update(data).digest('base64url');
}
