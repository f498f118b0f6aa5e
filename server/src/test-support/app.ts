import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import { shiftedNow } from '@erd/shared-contracts/wire';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig, type ServerConfig } from '../config.js';
import { cookieAnswersMadePrivate } from '../http/security.js';
import type { AppContext } from '../context.js';
import { silentLogger } from '../logger.js';
import { createIdentityRuntime } from '../modules/identity/runtime.js';
import type { Mailer } from '../modules/mail/mailer.js';
import { createDatabaseMediaStore, createMediaStore } from '../modules/media/store.js';
import { createPictureProcessor } from '../modules/uploads/processing.js';
import { createUploadStorage } from '../modules/uploads/storage.js';
import type { ReleaseStore } from '../modules/releases/service.js';
import { createReleaseStore, releaseStorageOf } from '../modules/releases/storage.js';
import { createTestDatabase, type TestDatabase } from './db.js';

/** The server package folder (tests run as CommonJS under jest, so `__dirname` exists). */
export const SERVER_ROOT = path.resolve(__dirname, '../..');
export const FIXTURE_SEASON = path.join(SERVER_ROOT, 'src/modules/season/__fixtures__/basic');

export function tempDir(prefix = 'erd-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: ServerConfig;
  /** A context for calling services directly (same database and folders as the app). */
  ctx: AppContext;
  dataDir: string;
  webRoot: string;
  /** Moves the test clock (and stops a real-time clock). */
  setNow(date: Date): void;
  /** Waits until every queued mail has been sent (the outbox written), waking the mail worker. */
  drainMail(): Promise<void>;
  /**
   * The release store the app reads (the database with PostgreSQL or `storage: 'database'`, else
   * DATA_DIR/remotes); a change through it is announced on the app's feed.
   */
  readonly releases: ReleaseStore;
  /** Listens on 127.0.0.1 on a free port (for clients that need a real server); returns the base URL. */
  listen(): Promise<string>;
  /** Rebuilds the app with other environment variables on the same database and folders. */
  rebuild(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** The test clock's start (real time; with CLOCK_OFFSET_DAYS in `env` the app clock runs that far ahead of it). */
  now?: Date;
  /** The clock runs with real time (clients that check times themselves, such as the SRP TIMESTAMP). */
  realTime?: boolean;
  /** Reuse an existing database (e.g. one filled in beforeAll). */
  database?: TestDatabase;
  /** Sends the mail jobs instead of the outbox (or SMTP_URL) of the configuration. */
  mailer?: Mailer;
  /** Sees every route the app adds (see `BuildAppOptions.onRoute`). */
  onRoute?: BuildAppOptions['onRoute'];
  /** Releases and media in the database also on PGlite (default: as the database kind says, like production). */
  storage?: 'database';
  /** Gets the app's log lines (JSON, at LOG_LEVEL); default: no logging. */
  logStream?: BuildAppOptions['logStream'];
}

/**
 * Fails the request (500) of any test that gets an answer which sets a cookie while marked cacheable
 * for shared caches: http/security.ts sends such answers as private, no-store, and says so here, so
 * that the code which set both is found by its own tests rather than only by the safety net.
 */
const refuseCachedCookie: onSendHookHandler = async (request) => {
  if (cookieAnswersMadePrivate.has(request)) {
    throw new Error(`${request.method} ${request.url}: an answer that sets a cookie was marked cacheable for shared caches`);
  }
};

function checkCachedCookies(route: RouteOptions): void {
  route.onSend = [...[route.onSend ?? []].flat(), refuseCachedCookie];
}

/** The real-time clock of the app that made a test database (see createTestApp). */
const clockOfDatabase = new WeakMap<TestDatabase, () => Date>();

/**
 * An app on a fresh database (in-memory PGlite, or a new PostgreSQL database when DATABASE_URL is
 * set) with temporary DATA_DIR and web root (fake host/remote builds are written there by tests).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = tempDir('erd-data-');
  const webRoot = tempDir('erd-web-');
  const database = options.database ?? (await createTestDatabase());
  let fixed: Date | null = options.realTime ? null : (options.now ?? new Date());
  // A second app on a reused database, given no clock of its own, keeps the clock of the app that
  // made the database. Else it would run at today's date beside one fixed in the season, and its
  // workers (the clean-up cron, picked up by whichever app polls first) would end the other app's
  // sessions and codes as long expired.
  let owner = options.database && options.now === undefined && !options.realTime ? clockOfDatabase.get(options.database) : undefined;
  // As server.ts: the app clock is real time shifted by CLOCK_OFFSET_DAYS; the identity service keeps real time.
  const realNow = () => (owner ? owner() : (fixed ?? new Date()));
  if (!options.database) clockOfDatabase.set(database, realNow);
  const now = () => shiftedNow(config.clockOffsetDays, realNow());
  const makeConfig = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dataDir, WEB_ROOT: webRoot, PORT: '3999', ...options.env, ...env }, { serverRoot: SERVER_ROOT, cwd: dataDir });
  let config = makeConfig();
  const storage = options.storage;
  const build = async (cfg: ServerConfig) =>
    buildApp({
      config: cfg,
      database,
      secret: 'test-secret',
      ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
      now,
      realNow,
      mailer: options.mailer,
      onRoute: (route) => {
        checkCachedCookies(route);
        options.onRoute?.(route);
      },
      ...(storage ? { releaseStorage: storage, media: createDatabaseMediaStore(database.db) } : {}),
    });
  let app = await build(config);
  const ctx: AppContext = {
    config,
    db: database.db,
    // The current app's queue (also after a rebuild).
    get jobs() {
      return app.jobs;
    },
    media: storage === 'database' ? createDatabaseMediaStore(database.db) : createMediaStore(config, database),
    uploads: await createUploadStorage(config, 'test-secret'),
    pictures: createPictureProcessor(config, silentLogger),
    log: silentLogger,
    now,
    secret: 'test-secret',
    identity: createIdentityRuntime({ config: config.identity, db: database.db, secret: 'test-secret', log: silentLogger, realNow }),
    cognito: null,
    // The current app's change feed: a write through this context drops the app's cached copies at once.
    get changes() {
      return app.changes;
    },
  };
  return {
    get app() {
      return app;
    },
    database,
    get config() {
      return config;
    },
    ctx,
    dataDir,
    webRoot,
    setNow(date) {
      owner = undefined;
      fixed = date;
    },
    get releases() {
      const inDatabase = (storage ?? releaseStorageOf(database)) === 'database';
      return createReleaseStore({ config, database: inDatabase ? database : null, feed: app.changes });
    },
    drainMail: async () => {
      // Notification jobs first: each one sends its mail itself (the outbox is written by both queues).
      await app.jobs.drain('notify');
      await app.jobs.drain('mail');
    },
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening on a port');
      return `http://127.0.0.1:${address.port}`;
    },
    async rebuild(env) {
      await app.close();
      config = makeConfig(env);
      app = await build(config);
      return app;
    },
    async close() {
      await app.close();
      if (!options.database) await database.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

/** Writes files (path → content) below `root`. */
export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
}

/** Copies the fixture season to a temp folder and lets the test change season.json. */
export function copySeason(mutate?: (season: Record<string, unknown>) => void, source = FIXTURE_SEASON): string {
  const dir = tempDir('erd-season-');
  fs.cpSync(source, dir, { recursive: true });
  if (mutate) {
    const file = path.join(dir, 'season.json');
    const season = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    mutate(season);
    fs.writeFileSync(file, JSON.stringify(season, null, 2));
  }
  return dir;
}

/** A CORS preflight as a browser on `origin` sends it before a `method` request to `url` with `headers`. */
export function corsPreflight(app: FastifyInstance, url: string, request: { origin: string; method: string; headers: string }) {
  return app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin: request.origin, 'access-control-request-method': request.method, 'access-control-request-headers': request.headers },
  });
}
