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
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. Repositories take this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction: usable wherever a `Db` is (repositories take `Db`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations from `migrationsFolder`. */
  migrate(migrationsFolder: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
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

/** Any number for the advisory lock that serialises migrations of several instances. */
const MIGRATION_LOCK_KEY = 4_2026_0001;

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
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection that the server ends (a restart, a dropped test database, an administrator)
  // emits 'error' on the pool; unhandled, that would end the process. The pool opens a new one
  // on the next query.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: async (migrationsFolder) => {
      // Several instances may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
