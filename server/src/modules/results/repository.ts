import { and, eq } from 'drizzle-orm';
import type { StandingRowDto } from '@erd/shared-contracts/wire';
import type { Db } from '../../db/client.js';
import { challenges, publishedResults, years, type PublishedResultKind, type PublishedResultRow } from '../../db/schema/index.js';

export async function findPublishedResult(
  db: Db,
  kind: PublishedResultKind,
  key: string,
): Promise<PublishedResultRow | undefined> {
  const [row] = await db
    .select()
    .from(publishedResults)
    .where(and(eq(publishedResults.kind, kind), eq(publishedResults.key, key)));
  return row;
}

/** Writes (or replaces) a published result. Used by the publishing step and by tests. */
export async function savePublishedResult(
  db: Db,
  input: { kind: PublishedResultKind; key: string; rows: StandingRowDto[]; publishedAt: Date },
): Promise<void> {
  await db
    .insert(publishedResults)
    .values(input)
    .onConflictDoUpdate({
      target: [publishedResults.kind, publishedResults.key],
      set: { rows: input.rows, publishedAt: input.publishedAt },
    });
}

/** Whether the year (overall) or challenge a result file is named after exists. */
export async function resultSubjectExists(db: Db, kind: PublishedResultKind, key: string): Promise<boolean> {
  const table = kind === 'overall' ? years : challenges;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, key)).limit(1);
  return row !== undefined;
}
