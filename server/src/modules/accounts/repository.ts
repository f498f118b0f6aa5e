import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { profiles, type ProfileRow } from '../../db/schema/index.js';

/** Queries of the member profiles. */

export type ProfileValues = Pick<ProfileRow, 'firstname' | 'lastname' | 'street' | 'city' | 'phone'>;

/** Inserts a profile; false when the club entry already has an account (unique `club_id`, also under concurrency). */
export async function insertProfile(
  db: Db,
  row: ProfileValues & { sub: string; clubId: string; createdAt: Date; updatedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(profiles).values(row).onConflictDoNothing({ target: profiles.clubId }).returning({ sub: profiles.sub });
  return rows.length > 0;
}

export async function findProfile(db: Db, sub: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.sub, sub));
  return row;
}

export async function findProfileByClub(db: Db, clubId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.clubId, clubId));
  return row;
}

/**
 * Updates the profile only if it still has `expectedUpdatedAt` (one conditional UPDATE: a stale
 * form changes nothing). The new `updated_at` is later than the old one even within a millisecond.
 */
export async function updateProfileIfUnchanged(
  db: Db,
  sub: string,
  expectedUpdatedAt: Date,
  values: ProfileValues,
  now: Date,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({
      ...values,
      updatedAt: sql`greatest(${now.toISOString()}::timestamptz, date_trunc('milliseconds', ${profiles.updatedAt}) + interval '1 millisecond')`,
    })
    .where(and(eq(profiles.sub, sub), eq(profiles.updatedAt, expectedUpdatedAt)))
    .returning();
  return row;
}

/** Deletes a profile; false when there was none. */
export async function deleteProfile(db: Db, sub: string): Promise<boolean> {
  const rows = await db.delete(profiles).where(eq(profiles.sub, sub)).returning({ sub: profiles.sub });
  return rows.length > 0;
}
