import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../../db/client.js';

/**
 * How pg-boss reaches our database: it takes any `{ executeSql(text, values) }`. One adapter over
 * the connection we already have (PGlite, or the node-postgres pool: no second pool), and one over
 * a drizzle transaction, so that a job is written in the transaction of the data it belongs to.
 */

export type Executor = PgBoss.Db;

interface Rows {
  rows: unknown[];
}

/**
 * PGlite: statements without values (pg-boss's schema and maintenance commands are several
 * statements in one text, e.g. `BEGIN; …; COMMIT;`) go through `exec`, whose last result is the
 * answer; everything else through `query`. PGlite runs one statement at a time and queues these
 * behind a running transaction, like any other query.
 */
export function pgliteExecutor(client: PGlite): Executor {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return client.query(text, values);
    },
  };
}

/** PostgreSQL: our own pool (pg-boss opens none). Texts without values use the simple protocol, which allows several statements. */
export function poolExecutor(pool: pg.Pool): Executor {
  return {
    async executeSql(text: string, values?: unknown[]) {
      return pool.query(text, values);
    },
  };
}

/** The executor over the database's own connection (drizzle keeps its client as `$client`). */
export function databaseExecutor(database: Pick<Database, 'db' | 'kind'>): Executor {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (!client) throw new Error('the database has no client for the job queue');
  return database.kind === 'pglite' ? pgliteExecutor(client as PGlite) : poolExecutor(client as pg.Pool);
}

/**
 * Runs a script of several statements (`BEGIN; …; COMMIT;`) on one connection and, when it fails,
 * rolls back on that connection: an error inside the script leaves its transaction open and
 * aborted, and a pooled connection in that state would fail whatever query gets it next.
 */
export async function executeScript(database: Pick<Database, 'db' | 'kind'>, text: string): Promise<void> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'pglite') {
    try {
      await (client as PGlite).exec(text);
    } catch (error) {
      await (client as PGlite).exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
    return;
  }
  const connection = await (client as pg.Pool).connect();
  try {
    await connection.query(text);
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    connection.release();
  }
}

/**
 * pg-boss's `$1 … $n` text and values as a drizzle `sql`: the text split at the placeholders, raw
 * text and parameters interleaved (a placeholder used twice becomes two parameters of one value).
 * Values go in as single parameters (`sql.param`), so that an array stays one value.
 */
export function toDrizzleSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
      return;
    }
    const index = Number(part) - 1;
    if (index < 0 || index >= values.length) throw new Error(`job queue statement uses $${part} but has ${values.length} values`);
    chunks.push(sql`${sql.param(values[index] ?? null)}`);
  });
  return sql.join(chunks);
}

/**
 * A drizzle database or transaction (`Db`, `Tx`) as an executor: pg-boss's `send(…, { db })`
 * through it writes the job in that transaction, so it commits or rolls back with the data.
 */
export function drizzleExecutor(db: Db): Executor {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = (await db.execute(toDrizzleSql(text, values ?? []))) as unknown as Rows;
      return { rows: result.rows };
    },
  };
}

/** Counts the statements under way (a stop waits until a worker's last fetch has come back). */
export function trackedExecutor(inner: Executor): Executor & { inFlight(): number } {
  let running = 0;
  return {
    async executeSql(text: string, values?: unknown[]) {
      running++;
      try {
        return await inner.executeSql(text, values as unknown[]);
      } finally {
        running--;
      }
    },
    inFlight: () => running,
  };
}
