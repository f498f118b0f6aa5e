import { hkdfSync } from 'node:crypto';
import { open, seal } from '../identity/sealing.js';

/**
 * Job data that carries personal data or secrets (a mail's address and code) is stored sealed:
 * AES-256-GCM under a key derived from the app secret (HKDF, its own purpose), bound to the queue
 * name. The jobs table then holds `{ v: 1, box }` and nothing readable; every instance with the
 * same APP_SECRET opens it. A job sealed under another secret cannot be opened (and is dropped).
 */

export interface SealedData {
  v: 1;
  box: string;
}

export function jobDataKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(appSecret, 'utf8'), Buffer.alloc(0), 'erd:job-data', 32));
}

export function sealJobData(key: Buffer, queue: string, data: unknown): SealedData {
  return { v: 1, box: seal(key, Buffer.from(JSON.stringify(data), 'utf8'), `job:${queue}`) };
}

/** The data, or null when the box does not open (tampered with, another secret, another queue). */
export function openJobData<T>(key: Buffer, queue: string, stored: unknown): T | null {
  const box = (stored as Partial<SealedData> | null)?.box;
  if ((stored as Partial<SealedData> | null)?.v !== 1 || typeof box !== 'string') return null;
  const raw = open(key, box, `job:${queue}`);
  if (!raw) return null;
  try {
    return JSON.parse(raw.toString('utf8')) as T;
  } catch {
    return null;
  }
}
