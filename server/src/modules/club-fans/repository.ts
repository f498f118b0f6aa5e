import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow } from '../../db/queries.js';
import { pendingRow, renewable, renewedRow, type PendingValues as OptInValues, linkedRow, type OptInLink } from '../../db/opt-in.js';
import {
  clubFanConsentLog,
  clubFans,
  clubs,
  profiles,
  type ClubFanConsentAction,
  type ClubFanRow,
  type ClubRow,
} from '../../db/schema/index.js';

/** Queries of 'Mein Verein' (the club_fans table and its consent log). */

export async function findClub(db: Db, clubId: string): Promise<Pick<ClubRow, 'id' | 'clubname' | 'team'> | undefined> {
  const [row] = await db.select({ id: clubs.id, clubname: clubs.clubname, team: clubs.team }).from(clubs).where(eq(clubs.id, clubId));
  return row;
}

export function findFan(db: Db, clubId: string, email: string): Promise<ClubFanRow | undefined> {
  return findRow(db, clubFans, and(eq(clubFans.clubId, clubId), eq(clubFans.email, email)));
}

/** The address a mailed link names (its confirmation token's hash, or its unsubscribe token). */
export function findByLink(db: Db, link: OptInLink): Promise<ClubFanRow | undefined> {
  return findRow(db, clubFans, linkedRow(clubFans, link));
}

export interface PendingValues extends OptInValues {
  clubId: string;
}

/** A new pending sign-up; false when the address already follows (or followed) this club. */
export async function insertPending(db: Db, v: PendingValues & { unsubscribeToken: string }): Promise<boolean> {
  const rows = await db
    .insert(clubFans)
    .values({ clubId: v.clubId, ...pendingRow(v) })
    .onConflictDoNothing({ target: [clubFans.clubId, clubFans.email] })
    .returning({ id: clubFans.id });
  return rows.length > 0;
}

/**
 * Renews the confirmation of a pending or unsubscribed address, but only when no confirmation went
 * to it since `mailedBefore` (resend throttle; one statement, so parallel requests send one mail).
 */
export async function renewPending(db: Db, v: PendingValues & { mailedBefore: Date }): Promise<boolean> {
  const rows = await db
    .update(clubFans)
    .set({ ...renewedRow(v), unsubscribedAt: null })
    .where(and(eq(clubFans.clubId, v.clubId), eq(clubFans.email, v.email), ...renewable(clubFans, v.mailedBefore)))
    .returning({ id: clubFans.id });
  return rows.length > 0;
}

/** Pending → confirmed; false when another request confirmed it first. */
export async function markConfirmed(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(clubFans)
    .set({ status: 'confirmed', confirmedAt: now })
    .where(and(eq(clubFans.id, id), eq(clubFans.status, 'pending')))
    .returning({ id: clubFans.id });
  return rows.length > 0;
}

/** → unsubscribed (the confirmation link dies with it); false when it already was. */
export async function markUnsubscribed(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(clubFans)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where(and(eq(clubFans.id, id), sql`${clubFans.status} <> 'unsubscribed'`))
    .returning({ id: clubFans.id });
  return rows.length > 0;
}

export async function logConsent(
  db: Db,
  entry: { clubId: string; email: string; action: ClubFanConsentAction; textVersion: string; at: Date; ipHash: string | null },
): Promise<void> {
  await db.insert(clubFanConsentLog).values(entry);
}

/** The club of a member's account (null: no profile). */
export async function findClubIdOf(db: Db, sub: string): Promise<string | null> {
  const [row] = await db.select({ clubId: profiles.clubId }).from(profiles).where(eq(profiles.sub, sub));
  return row?.clubId ?? null;
}

export async function countConfirmed(db: Db, clubId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clubFans)
    .where(and(eq(clubFans.clubId, clubId), eq(clubFans.status, 'confirmed')));
  return row?.n ?? 0;
}

export interface ClubWithFans {
  clubId: string;
  clubName: string;
  team: 'm' | 'w';
  confirmed: number;
}

/** The clubs with at least one confirmed fan, by name and team (a number, no address). */
export async function listClubsWithFans(db: Db): Promise<ClubWithFans[]> {
  const rows = await db
    .select({ clubId: clubs.id, clubName: clubs.clubname, team: clubs.team, confirmed: count() })
    .from(clubFans)
    .innerJoin(clubs, eq(clubs.id, clubFans.clubId))
    .where(eq(clubFans.status, 'confirmed'))
    .groupBy(clubs.id, clubs.clubname, clubs.team, clubs.search)
    .orderBy(asc(clubs.search), asc(clubs.team), asc(clubs.id));
  return rows.map((r) => ({ ...r, confirmed: Number(r.confirmed) }));
}

export interface ConfirmedFan {
  clubId: string;
  clubName: string;
  team: 'm' | 'w';
  email: string;
  confirmedAt: Date;
  consentTextVersion: string;
}

/** The confirmed fans of one club, or of all clubs (`clubId` undefined), by club and address. */
export async function listConfirmedFans(db: Db, clubId: string | undefined): Promise<ConfirmedFan[]> {
  const rows = await db
    .select({
      clubId: clubFans.clubId,
      clubName: clubs.clubname,
      team: clubs.team,
      email: clubFans.email,
      confirmedAt: clubFans.confirmedAt,
      consentedAt: clubFans.consentedAt,
      consentTextVersion: clubFans.consentTextVersion,
    })
    .from(clubFans)
    .innerJoin(clubs, eq(clubs.id, clubFans.clubId))
    .where(and(eq(clubFans.status, 'confirmed'), clubId ? eq(clubFans.clubId, clubId) : undefined))
    .orderBy(asc(clubs.search), asc(clubs.team), asc(clubs.id), asc(clubFans.email));
  return rows.map(({ consentedAt, ...r }) => ({ ...r, confirmedAt: r.confirmedAt ?? consentedAt }));
}
