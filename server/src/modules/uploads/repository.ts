import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { ImageDto } from '@erd/shared-contracts/wire';
import type { Db } from '../../db/client.js';
import { findRow } from '../../db/queries.js';
import { uploads, type UploadRow } from '../../db/schema/index.js';

/** Queries of the picture uploads. */

export async function insertUpload(
  db: Db,
  row: Pick<UploadRow, 'key' | 'clubId' | 'challengeId' | 'sub' | 'originalName' | 'declaredContentType' | 'expiresAt'>,
): Promise<void> {
  await db.insert(uploads).values(row);
}

export function findUpload(db: Db, key: string): Promise<UploadRow | undefined> {
  return findRow(db, uploads, eq(uploads.key, key));
}

/**
 * `issued` → `receiving` for exactly one caller (a key is uploaded once); also a `receiving` claimed
 * before `staleBefore`, which no live upload can still hold (its server was killed during it).
 * `attempts` counts the claims: above 1, files of an earlier attempt may be left over.
 */
export async function claimUpload(
  db: Db,
  key: string,
  clubId: string,
  challengeId: string,
  at: { now: Date; staleBefore: Date },
): Promise<UploadRow | undefined> {
  const [row] = await db
    .update(uploads)
    .set({ state: 'receiving', claimedAt: at.now, attempts: sql`${uploads.attempts} + 1` })
    .where(
      and(
        eq(uploads.key, key),
        eq(uploads.clubId, clubId),
        eq(uploads.challengeId, challengeId),
        or(
          eq(uploads.state, 'issued'),
          and(eq(uploads.state, 'receiving'), or(isNull(uploads.claimedAt), lt(uploads.claimedAt, at.staleBefore))),
        ),
      ),
    )
    .returning();
  return row;
}

export async function markUploadReady(
  db: Db,
  key: string,
  values: { bytes: number; format: string; width: number; height: number; image: ImageDto; files: string[]; processedAt: Date },
): Promise<void> {
  await db
    .update(uploads)
    .set({ ...values, state: 'ready' })
    .where(and(eq(uploads.key, key), eq(uploads.state, 'receiving')));
}

/** `receiving` → `issued` again (S3 mode: nothing was in the bucket yet). */
export async function releaseUpload(db: Db, key: string): Promise<void> {
  await db
    .update(uploads)
    .set({ state: 'issued' })
    .where(and(eq(uploads.key, key), eq(uploads.state, 'receiving')));
}

export async function markUploadFailed(db: Db, key: string): Promise<void> {
  await db
    .update(uploads)
    .set({ state: 'failed' })
    .where(and(eq(uploads.key, key), eq(uploads.state, 'receiving')));
}

/** Binds a processed upload to the entry made from it; false when it is not ready or already used. */
export async function consumeUpload(db: Db, key: string, participationId: string): Promise<boolean> {
  const rows = await db
    .update(uploads)
    .set({ participationId })
    .where(and(eq(uploads.key, key), eq(uploads.state, 'ready'), isNull(uploads.participationId)))
    .returning({ key: uploads.key });
  return rows.length > 0;
}

export async function deleteUploadsOfParticipation(db: Db, participationId: string): Promise<UploadRow[]> {
  return db.delete(uploads).where(eq(uploads.participationId, participationId)).returning();
}

/** Uploads that never became an entry and expired before `before`: removed with their files. */
export async function deleteStaleUploads(db: Db, before: Date): Promise<UploadRow[]> {
  return db
    .delete(uploads)
    .where(and(isNull(uploads.participationId), lt(uploads.expiresAt, before)))
    .returning();
}
