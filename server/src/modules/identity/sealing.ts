import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys derived from the persisted app secret (APP_SECRET or DATA_DIR/app-secret), one per use, and
 * AES-256-GCM sealing. Every instance derives the same keys, so a SECRET_BLOCK issued by one
 * instance opens on another and nothing per login lives in memory (decisions §1).
 */

export type KeyPurpose = 'secret-block' | 'signing-key' | 'code-hash' | 'fake-user' | 'rate-limit';

export function deriveKey(appSecret: string, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(appSecret, 'utf8'), Buffer.alloc(0), `erd-identity:${purpose}`, 32));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `base64(iv ‖ tag ‖ ciphertext)`; `aad` binds the box to a context (e.g. the client id). */
export function seal(key: Buffer, plaintext: Buffer, aad = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The plaintext, or null when the box was tampered with, sealed with another key or for another `aad`. */
export function open(key: Buffer, box: string, aad = ''): Buffer | null {
  const raw = Buffer.from(box, 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES + 1) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(aad, 'utf8'));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
}
