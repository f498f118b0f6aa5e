import type { ServerConfig } from './config.js';
import type { ChangeFeed } from './modules/cache/changes.js';
import type { Db } from './db/client.js';
import type { Logger } from './logger.js';
import type { CognitoClient } from './modules/identity/cognito-client.js';
import type { IdentityRuntime } from './modules/identity/runtime.js';
import type { JobQueue } from './modules/jobs/queue.js';
import type { MediaStore } from './modules/media/store.js';
import type { AppMetrics } from './modules/metrics/metrics.js';
import type { PictureProcessor } from './modules/uploads/processing.js';
import type { UploadStorage } from './modules/uploads/storage.js';

/**
 * The one argument of a service verb (house style: services take `{ ctx, input }`): `ctx` is the
 * `AppContext` or the part of it the verb uses, `input` what the verb works on, already typed.
 */
export interface ServiceCall<Ctx, Input> {
  ctx: Ctx;
  input: Input;
}

/** What services get as `ctx` (house style: services take `{ ctx, input }`). */
export interface AppContext {
  config: ServerConfig;
  db: Db;
  /** Durable jobs (modules/jobs): outgoing mail is queued here, in the caller's transaction, never sent in a request. */
  jobs: JobQueue;
  media: MediaStore;
  /** Picture uploads: local disk (embedded default) or S3 (modules/uploads). */
  uploads: UploadStorage;
  /** Picture processing: child processes, or this process (modules/uploads/processing.ts). */
  pictures: PictureProcessor;
  log: Logger;
  now: () => Date;
  /** Key for keyed hashes (IP addresses); the identity keys derive from it too. */
  secret: string;
  /** SRP engine, derived keys, token signing and checking keys (modules/identity). */
  identity: IdentityRuntime;
  /** IDENTITY_PROVIDER=cognito: the client of the user pool behind the account calls; null = built-in. */
  cognito: CognitoClient | null;
  /** The public caches' change feed (modules/cache): writes announce what they changed after their commit. */
  changes?: ChangeFeed | null;
  /** Prometheus metrics (modules/metrics); null or absent when they are off. */
  metrics?: AppMetrics | null;
}
