import type { AccountSortDto } from '@erd/shared-contracts/backoffice';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { escapeLike } from '../../db/queries.js';
import { clubs, identityUsers, profiles, type ClubRow, type IdentityUserRow, type ProfileRow } from '../../db/schema/index.js';

/** Queries of the accounts' back office on the built-in identity tables (identity_users + profiles + clubs). */

export interface AccountRow {
  user: IdentityUserRow;
  profile: ProfileRow | null;
  club: ClubRow | null;
}

/** `emailPrefix`: the start of the address; `clubText`: part of the club's normalised name and number. */
export interface AccountFilter {
  emailPrefix?: string;
  clubText?: string;
}

function whereOf(filter: AccountFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.emailPrefix) parts.push(ilike(identityUsers.email, `${escapeLike(filter.emailPrefix)}%`));
  if (filter.clubText) parts.push(ilike(clubs.search, `%${escapeLike(filter.clubText)}%`));
  return parts.length ? or(...parts) : undefined;
}

/** Each order ends on the address and the id, so paging is stable; accounts without a club come last by club. */
function orderOf(sort: AccountSortDto): SQL[] {
  const byEmail = [asc(identityUsers.email), asc(identityUsers.sub)];
  switch (sort) {
    case '-email':
      return [desc(identityUsers.email), desc(identityUsers.sub)];
    case 'created':
      return [asc(identityUsers.createdAt), ...byEmail];
    case '-created':
      return [desc(identityUsers.createdAt), ...byEmail];
    case 'club':
      return [sql`${clubs.clubname} asc nulls last`, sql`${clubs.team} asc nulls last`, ...byEmail];
    case '-club':
      return [sql`${clubs.clubname} desc nulls last`, sql`${clubs.team} desc nulls last`, ...byEmail];
    default:
      return byEmail;
  }
}

export async function listAccounts(
  db: Db,
  filter: AccountFilter,
  page: { offset: number; limit: number; sort?: AccountSortDto },
): Promise<{ rows: AccountRow[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select({ user: identityUsers, profile: profiles, club: clubs })
    .from(identityUsers)
    .leftJoin(profiles, eq(profiles.sub, identityUsers.sub))
    .leftJoin(clubs, eq(clubs.id, profiles.clubId))
    .where(where)
    .orderBy(...orderOf(page.sort ?? 'email'))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db
    .select({ total: count() })
    .from(identityUsers)
    .leftJoin(profiles, eq(profiles.sub, identityUsers.sub))
    .leftJoin(clubs, eq(clubs.id, profiles.clubId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findAccount(db: Db, sub: string, lock = false): Promise<AccountRow | undefined> {
  const query = db
    .select({ user: identityUsers, profile: profiles, club: clubs })
    .from(identityUsers)
    .leftJoin(profiles, eq(profiles.sub, identityUsers.sub))
    .leftJoin(clubs, eq(clubs.id, profiles.clubId))
    .where(eq(identityUsers.sub, sub));
  const [row] = lock ? await query.for('update', { of: identityUsers }) : await query;
  return row;
}

/** Sets the block; false when the account was already blocked (or is gone). */
export async function block(db: Db, sub: string, reason: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(identityUsers)
    .set({ blockedAt: now, blockedReason: reason, updatedAt: now })
    .where(and(eq(identityUsers.sub, sub), isNull(identityUsers.blockedAt)))
    .returning({ sub: identityUsers.sub });
  return rows.length > 0;
}

export async function unblock(db: Db, sub: string, now: Date): Promise<void> {
  await db.update(identityUsers).set({ blockedAt: null, blockedReason: null, updatedAt: now }).where(eq(identityUsers.sub, sub));
}
