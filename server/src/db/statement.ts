import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.js';

type PgliteLike = { query: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> };

/**
 * `text` (SQL with `$1`, `$2` … parameters) with its `values`, for the hot statements written as SQL
 * (a vote, a reach count): on PostgreSQL as the named prepared statement `name` (parsed and planned
 * once per connection; through drizzle's query builder such a statement cost this process more CPU
 * than the database spent on it, `npm run bench:votes`), on PGlite as a plain query, on any other
 * Db (a transaction) the same text with its parameters through drizzle.
 */
export async function statement<T>(db: Db, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[];
  if (client && typeof (client as PgliteLike).query === 'function') return (await (client as PgliteLike).query(text, values)).rows as T[];
  const chunks = text.split(/\$(\d+)/);
  const query: SQL = sql.join(
    chunks.map((chunk, i) => (i % 2 ? sql`${sql.param(values[Number(chunk) - 1])}` : sql.raw(chunk))),
    sql.raw(''),
  );
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
