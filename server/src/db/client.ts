import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import fs from 'node:fs';
import { pgliteOptions, seedFromTemplate, type PgliteTemplate } from './pglite.js';
import {
  LAST_MIGRATION_QUERY,
  MIGRATION_LOCK_KEY,
  pendingError,
  pendingMigrations,
  ROLE_QUERY,
  ungrantedError,
  type DatabaseRole,
} from './roles.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. Repositories take this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction: usable wherever a `Db` is (repositories take `Db`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /**
   * Applies the committed drizzle-kit migrations from `migrationsFolder`, under a lock that several
   * instances share. With PostgreSQL a role that does not own the schema (an app role, db/roles.ts)
   * migrates nothing: it checks that nothing is pending and otherwise throws `DatabaseRoleError`,
   * which says what the owner has to run.
   */
  migrate(migrationsFolder: string): Promise<void>;
  /** Who the connection is and whether it may migrate (PGlite: always). */
  role(): Promise<DatabaseRole>;
  ping(): Promise<void>;
  /** Connections now (the metrics): PostgreSQL's pool; PGlite is one in-process connection (idle and waiting unknown). */
  poolStats(): { total: number; max: number; idle?: number; waiting?: number };
  close(): Promise<void>;
  /**
   * LISTEN on `channel` (modules/cache/changes.ts): `onPayload` gets each notification's payload;
   * `onLive(false)` when notifications may have been missed (the listening connection was lost),
   * `onLive(true)` once listening (again). PostgreSQL: a dedicated connection, reopened after a
   * loss; PGlite: in-process. Answers the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string | null;
  /** PGlite data directory; absent = in memory (tests). */
  pgliteDir?: string | null;
  /** PGlite's shared_buffers (PostgreSQL units, e.g. `16MB`); default `DEFAULT_PGLITE_SHARED_BUFFERS`. */
  pgliteSharedBuffers?: string;
  /** The template a new `pgliteDir` is copied from (db/pglite.ts); absent = PGlite runs initdb. */
  pgliteTemplate?: PgliteTemplate | null;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function createPglite({ pgliteDir: dataDir, pgliteSharedBuffers, pgliteTemplate }: OpenDatabaseOptions): Promise<PGlite> {
  const options = pgliteOptions(pgliteSharedBuffers);
  if (!dataDir) return PGlite.create(options);
  const seeded = pgliteTemplate ? seedFromTemplate(pgliteTemplate, dataDir) : false;
  try {
    return await PGlite.create(dataDir, options);
  } catch (error) {
    if (!seeded) throw error;
    // The copied template does not start (say, a damaged build folder): remove it and let PGlite run initdb.
    fs.rmSync(dataDir, { recursive: true, force: true });
    return PGlite.create(dataDir, options);
  }
}

async function openPglite(options: OpenDatabaseOptions): Promise<Database> {
  const client = await createPglite(options);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    role: async () => ({ ...((await client.query<DatabaseRole>(ROLE_QUERY)).rows[0] as DatabaseRole), canMigrate: true }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: client.closed ? 0 : 1, max: 1 }),
    close: () => client.close(),
    listen: async (channel, onPayload, onLive) => {
      const unlisten = await client.listen(channel, onPayload);
      onLive(true);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}

/** How often the listening connection is checked (a lost connection that sent no error, e.g. a dead network path). */
const LISTEN_HEARTBEAT_MS = 5000;

/** LISTEN on a connection of its own, reopened (after 0.1 s, up to 5 s apart) while it is lost. */
function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = 100;
  let firstAttempt: ((error?: unknown) => void) | null = null;

  const lost = (failed: pg.Client) => {
    if (client !== failed) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    onLive(false);
    failed.removeAllListeners('notification');
    failed.end().catch(() => undefined);
    if (!stopped) {
      retry = setTimeout(() => void open(), delay);
      retry.unref();
      delay = Math.min(delay * 2, 5000);
    }
  };

  async function open(): Promise<void> {
    retry = null;
    const candidate = new pg.Client({ connectionString, keepAlive: true, keepAliveInitialDelayMillis: 5000 });
    candidate.on('error', () => lost(candidate));
    candidate.on('end', () => lost(candidate));
    candidate.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    client = candidate;
    try {
      await candidate.connect();
      await candidate.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (error) {
      const first = firstAttempt;
      firstAttempt = null;
      if (first) {
        // The first attempt reports its error (the app does not start without its change feed).
        client = null;
        candidate.removeAllListeners('end');
        candidate.end().catch(() => undefined);
        first(error);
        return;
      }
      lost(candidate);
      return;
    }
    if (stopped || client !== candidate) return;
    delay = 100;
    heartbeat = setInterval(() => {
      let answered = false;
      const timer = setTimeout(() => !answered && lost(candidate), LISTEN_HEARTBEAT_MS);
      timer.unref();
      candidate
        .query('select 1')
        .then(() => {
          answered = true;
          clearTimeout(timer);
        })
        .catch(() => lost(candidate));
    }, LISTEN_HEARTBEAT_MS);
    heartbeat.unref();
    onLive(true);
    const first = firstAttempt;
    firstAttempt = null;
    first?.();
  }

  const stop = async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    if (heartbeat) clearInterval(heartbeat);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => undefined);
    }
  };
  return new Promise((resolve, reject) => {
    firstAttempt = (error) => (error ? reject(error) : resolve(stop));
    void open();
  });
}

/** An app role's start (it may not migrate): the schema must be there and current. */
async function requireCurrentSchema(client: pg.PoolClient, role: DatabaseRole, migrationsFolder: string): Promise<void> {
  let last: number | null = null;
  if (role.owner) {
    try {
      const { rows } = await client.query<{ created_at: string | null }>(LAST_MIGRATION_QUERY);
      last = rows[0]?.created_at == null ? null : Number(rows[0].created_at);
    } catch (error) {
      if ((error as { code?: unknown }).code === '42501') throw ungrantedError(role.user);
      throw error;
    }
  }
  const pending = pendingMigrations(migrationsFolder, last);
  if (pending.length) throw pendingError(role, pending);
}

/** Connections of one instance's pool (PostgreSQL's default max_connections is 100). */
const POOL_MAX = 10;

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: POOL_MAX });
  // An idle connection that the server ends (a restart, a dropped test database, an administrator)
  // emits 'error' on the pool; unhandled, that would end the process. The pool opens a new one
  // on the next query.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    migrate: async (migrationsFolder) => {
      // Several instances may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          // Under the lock: an app role that starts while the owner migrates sees the result.
          const role = (await client.query<DatabaseRole>(ROLE_QUERY)).rows[0]!;
          if (role.canMigrate) await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
          else await requireCurrentSchema(client, role, migrationsFolder);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    role: async () => (await pool.query<DatabaseRole>(ROLE_QUERY)).rows[0]!,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    listen: async (channel, onPayload, onLive) => {
      const stop = await listenPostgres(connectionString, channel, onPayload, onLive);
      const once = async () => {
        listeners.delete(once);
        await stop();
      };
      listeners.add(once);
      return once;
    },
  };
}
