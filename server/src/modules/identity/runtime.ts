import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { IdentityConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PublicJwk } from '../../db/schema/index.js';
import type { Logger } from '../../logger.js';
import { publicKeyFromJwk } from './jwt.js';
import * as repo from './repository.js';
import { deriveKey, open, seal, type KeyPurpose } from './sealing.js';
import { createModPow, type ModPow } from './srp.js';

/**
 * What the identity service and the API's token check need besides the database: the SRP modexp,
 * the keys derived from the app secret, the RS256 signing key (created on first start, kept in the
 * database, sealed with the app secret) and the public keys tokens are checked with (the own key
 * store in the built-in mode, the configured JWKS URL with a real Cognito pool).
 *
 * The in-memory parts are caches of persisted state only: any instance can serve any request.
 */
export interface IdentityRuntime {
  /** The part of the pool id after `_`: goes into every SRP verifier and password claim. */
  poolName: string;
  modPow: ModPow;
  modPowEngine: 'bigint';
  key(purpose: Exclude<KeyPurpose, 'signing-key'>): Buffer;
  /** The key new tokens are signed with (built-in mode only). */
  signingKey(): Promise<SigningKey>;
  /** The public key for a token's `kid`, or null when unknown. */
  publicKey(kid: string): Promise<KeyObject | null>;
  /** The JWKS document of the built-in service. */
  jwks(): Promise<{ keys: PublicJwk[] }>;
  /**
   * Real time: never shifted by CLOCK_OFFSET_DAYS (that moves only the app clock, `ctx.now`).
   * Clients compare the protocol's times with their own clocks (the SRP TIMESTAMP, token expiry),
   * and codes, sessions and locks are durations.
   */
  realNow(): Date;
}

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
}

export interface IdentityRuntimeOptions {
  config: IdentityConfig;
  db: Db;
  secret: string;
  log: Logger;
  /** For the remote JWKS (real Cognito); default global fetch. */
  fetch?: typeof fetch;
  /** Real time (default: the system clock); tests pass their fixed clock. Not the shifted app clock. */
  realNow?: () => Date;
}

/** A missing kid re-reads the key store (or re-fetches the JWKS) at most this often. */
const KEY_RELOAD_INTERVAL_MS = 30_000;
const REMOTE_JWKS_TTL_MS = 3_600_000;

export function createIdentityRuntime(options: IdentityRuntimeOptions): IdentityRuntime {
  const { config, db, secret, log } = options;
  const now = options.realNow ?? (() => new Date());
  const { modPow, engine } = createModPow();
  const derived = new Map<KeyPurpose, Buffer>();
  const key = (purpose: KeyPurpose) => {
    let k = derived.get(purpose);
    if (!k) {
      k = deriveKey(secret, purpose);
      derived.set(purpose, k);
    }
    return k;
  };

  const localKeys = localKeyStore(db, key('signing-key'), log, now);
  const remoteKeys = config.builtIn ? null : remoteKeyStore(config.jwksUrl, options.fetch ?? fetch, log, now);

  return {
    poolName: config.userPoolId.slice(config.userPoolId.indexOf('_') + 1),
    modPow,
    modPowEngine: engine,
    key,
    signingKey: () => localKeys.signingKey(),
    publicKey: (kid) => (remoteKeys ? remoteKeys.publicKey(kid) : localKeys.publicKey(kid)),
    jwks: () => localKeys.jwks(),
    realNow: now,
  };
}

function kidOf(jwk: { n: string; e: string }): string {
  return createHash('sha256').update(`${jwk.e}.${jwk.n}`).digest('base64url').slice(0, 22);
}

function localKeyStore(db: Db, sealKey: Buffer, log: Logger, now: () => Date) {
  let loaded: Promise<{ signing: SigningKey; publics: Map<string, KeyObject>; jwks: PublicJwk[] }> | null = null;
  let loadedAt = 0;

  const read = async () => {
    const rows = await repo.listSigningKeys(db);
    let signing: SigningKey | null = null;
    for (const row of rows) {
      const pem = open(sealKey, row.privateKeySealed, `signing-key:${row.kid}`);
      if (pem) {
        signing = { kid: row.kid, privateKey: createPrivateKey(pem.toString('utf8')) };
        break;
      }
      log.warn({ kid: row.kid }, 'identity: a signing key cannot be opened with this APP_SECRET (skipped)');
    }
    const jwks = rows.map((r) => r.publicJwk);
    const publics = new Map(jwks.map((jwk) => [jwk.kid, publicKeyFromJwk(jwk)]));
    return { signing, publics, jwks };
  };

  const load = async () => {
    let state = await read();
    if (!state.signing) {
      // First start (or an APP_SECRET that opens none of the keys): create one. Instances that
      // race here each insert one and then all pick the oldest they can open.
      const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const exported = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
      const kid = kidOf(exported);
      const jwk: PublicJwk = { kty: 'RSA', n: exported.n, e: exported.e, kid, alg: 'RS256', use: 'sig' };
      const pem = privateKey.export({ format: 'pem', type: 'pkcs8' });
      await repo.insertSigningKey(db, { kid, publicJwk: jwk, privateKeySealed: seal(sealKey, Buffer.from(pem), `signing-key:${kid}`) });
      log.info({ kid }, 'identity: created the token signing key');
      state = await read();
    }
    if (!state.signing) throw new Error('identity: no usable signing key');
    return { ...state, signing: state.signing };
  };

  const get = (reload = false) => {
    if (!loaded || reload) {
      loadedAt = now().getTime();
      const attempt = load();
      loaded = attempt;
      attempt.catch(() => {
        if (loaded === attempt) loaded = null;
      });
    }
    return loaded;
  };

  return {
    signingKey: async () => (await get()).signing,
    jwks: async () => ({ keys: (await get()).jwks }),
    publicKey: async (kid: string) => {
      const state = await get();
      const found = state.publics.get(kid);
      if (found || now().getTime() - loadedAt < KEY_RELOAD_INTERVAL_MS) return found ?? null;
      return (await get(true)).publics.get(kid) ?? null;
    },
  };
}

/** The JWKS of an external issuer (real Cognito), cached for an hour; an unknown kid re-fetches at most every 30 s. */
function remoteKeyStore(url: string, fetchFn: typeof fetch, log: Logger, now: () => Date) {
  let keys = new Map<string, KeyObject>();
  let fetchedAt = 0;
  let pending: Promise<void> | null = null;

  const refresh = () => {
    pending ??= (async () => {
      try {
        const res = await fetchFn(url, { headers: { accept: 'application/json' } });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as { keys?: Array<Partial<PublicJwk>> };
        const next = new Map<string, KeyObject>();
        for (const jwk of body.keys ?? []) {
          if (jwk.kty === 'RSA' && typeof jwk.kid === 'string' && typeof jwk.n === 'string' && typeof jwk.e === 'string') {
            next.set(jwk.kid, publicKeyFromJwk({ kty: 'RSA', n: jwk.n, e: jwk.e }));
          }
        }
        keys = next;
      } catch (error) {
        log.warn({ err: error, url }, 'identity: cannot load the JWKS');
      } finally {
        fetchedAt = now().getTime();
        pending = null;
      }
    })();
    return pending;
  };

  return {
    publicKey: async (kid: string) => {
      const age = now().getTime() - fetchedAt;
      if (fetchedAt === 0 || age > REMOTE_JWKS_TTL_MS || (!keys.has(kid) && age > KEY_RELOAD_INTERVAL_MS)) await refresh();
      return keys.get(kid) ?? null;
    },
  };
}
