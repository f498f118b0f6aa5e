import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { identityUsers, profiles } from '../../db/schema/index.js';

/** Queries of the sign-up's early club check. */

/**
 * True when the club entry has an account that a sign-up would not free: any profile on it, unless
 * its identity user is a never confirmed one created before `staleBefore` (the sign-up deletes
 * such an account and takes the entry: accounts `builtinProvider.register`). A profile without a
 * built-in identity user (a Cognito pool) counts as holding the entry.
 */
export async function isClubEntryHeld(db: Db, clubId: string, staleBefore: Date): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(profiles)
    .leftJoin(identityUsers, eq(identityUsers.sub, profiles.sub))
    .where(
      and(
        eq(profiles.clubId, clubId),
        sql`not coalesce(${and(eq(identityUsers.status, 'UNCONFIRMED'), lt(identityUsers.createdAt, staleBefore))}, false)`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
