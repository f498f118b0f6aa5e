import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../db/client.js';

/** The committed migrations (tests run under jest as CommonJS, so `__dirname` is available). */
export const MIGRATIONS_DIR = path.resolve(__dirname, '../../drizzle');

export interface TestDatabase extends Database {
  /** Drops the test database (PostgreSQL) and closes the connections. */
  destroy(): Promise<void>;
  /** PostgreSQL: the connection string of this database (for a server process of its own); PGlite: null. */
  url: string | null;
}

/**
 * A fresh database with the real migrations: in-memory PGlite, or — when `DATABASE_URL` is set —
 * a new PostgreSQL database `erd_test_<random>` created through that (admin) connection and dropped
 * by `destroy()`.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    await database.migrate(MIGRATIONS_DIR);
    return { ...database, url: null, destroy: () => database.close().catch(() => undefined) };
  }
  const name = `erd_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await database.migrate(MIGRATIONS_DIR);
  return {
    ...database,
    url: url.toString(),
    destroy: async () => {
      await database.close().catch(() => undefined);
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * Runs `work` in a transaction that may change or delete audit rows (migration 0011 makes the log
 * append-only; a test that rearranges its own rows says so with this).
 */
export async function withAuditMaintenance<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local erd.audit_maintenance = 'on'`);
    return work(tx as unknown as Db);
  });
}
