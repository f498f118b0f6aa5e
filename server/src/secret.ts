import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dataPaths, type ServerConfig } from './config.js';

/**
 * The key for keyed hashes: `APP_SECRET`, or one generated once into `${DATA_DIR}/app-secret`
 * (fine for one machine; several instances need the same `APP_SECRET`).
 */
export function resolveAppSecret(config: Pick<ServerConfig, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) return config.appSecret;
  const file = dataPaths(config).secretFile;
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not created yet
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process created it first: use theirs.
    return fs.readFileSync(file, 'utf8').trim();
  }
}
