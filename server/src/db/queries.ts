import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * The query shapes that many repositories run alike on their own tables: a row by its key, how many
 * rows match, and one page of a list with its total. A repository still names the table and the
 * conditions; these only spell the statement. `db` may be a transaction.
 */

/** The row of `table` that `where` picks out (a lookup by a unique key), or undefined. */
export async function findRow<T extends PgTable>(db: Db, table: T, where: SQL | undefined): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where);
  return row as T['$inferSelect'] | undefined;
}

/** How many rows of `table` match `where` (all of them without it). */
export async function countRows(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ total: count() }).from(table).where(where);
  return row?.total ?? 0;
}

/** Which rows of a list a page shows: `limit` rows after the first `offset`. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** One page of the rows of `table` that match `where`, in `order` (ending on a unique key), and how many match in all. */
export async function pageOf<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  page: PageWindow,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { rows: rows as T['$inferSelect'][], total: await countRows(db, table, where) };
}

/** `value` as literal text inside a LIKE pattern: its `\`, `%` and `_` match only themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
