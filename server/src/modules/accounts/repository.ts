import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow } from '../../db/queries.js';
import { profiles, type ProfileRow } from '../../db/schema/index.js';

/** Queries of the member profiles. */

export type ProfileValues = Pick<ProfileRow, 'firstname' | 'lastname' | 'street' | 'city' | 'phone'>;

/** Inserts a profile; false when the club entry already has an account (unique `club_id`, also under concurrency). */
export async function insertProfile(
  db: Db,
  row: ProfileValues & { sub: string; clubId: string; email: string; createdAt: Date; updatedAt: Date },
): Promise<boolean> {
  const rows = await db.insert(profiles).values(row).onConflictDoNothing({ target: profiles.clubId }).returning({ sub: profiles.sub });
  return rows.length > 0;
}

export function findProfile(db: Db, sub: string): Promise<ProfileRow | undefined> {
  return findRow(db, profiles, eq(profiles.sub, sub));
}

export function findProfileByClub(db: Db, clubId: string): Promise<ProfileRow | undefined> {
  return findRow(db, profiles, eq(profiles.clubId, clubId));
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

/**
 * Notes that the account's address is confirmed (issue 25: only confirmed accounts get
 * notifications; a Cognito pool is not asked for every mail). After the sign-up code: the newest
 * unconfirmed profile of the address (an older one of the same address would be a stale account
 * whose pool user is gone). Leaves `updated_at` alone (the profile form's optimistic check).
 */
export async function markEmailConfirmed(db: Db, email: string, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE profiles SET email_confirmed_at = ${now.toISOString()}::timestamptz
     WHERE sub = (SELECT sub FROM profiles WHERE email = ${email} AND email_confirmed_at IS NULL ORDER BY created_at DESC LIMIT 1)`);
}

/** At sign-in (`/api/me`): the address the identity provider gave is confirmed and is the one to mail. */
export async function noteConfirmedEmail(db: Db, sub: string, email: string, now: Date): Promise<void> {
  await db
    .update(profiles)
    .set({ email, emailConfirmedAt: sql`coalesce(${profiles.emailConfirmedAt}, ${now.toISOString()}::timestamptz)` as never })
    .where(eq(profiles.sub, sub));
}

/** Deletes a profile; false when there was none. */
export async function deleteProfile(db: Db, sub: string): Promise<boolean> {
  const rows = await db.delete(profiles).where(eq(profiles.sub, sub)).returning({ sub: profiles.sub });
  return rows.length > 0;
}
