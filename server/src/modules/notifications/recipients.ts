import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { NotificationKind } from '../../db/schema/index.js';

/**
 * Who a notification goes to. A recipient is written as 'account:<sub>' (a club account) or
 * 'fan:<id>' (a confirmed fan of a club); the address is read here when the mail goes.
 */
export interface AccountRecipient {
  type: 'account';
  key: string;
  sub: string;
  email: string;
  firstname: string;
  clubId: string;
  clubName: string;
  team: 'm' | 'w';
  /** The kinds the account switched off. */
  off: readonly string[];
}

export interface FanRecipient {
  type: 'fan';
  key: string;
  id: number;
  email: string;
  clubId: string;
  clubName: string;
  team: 'm' | 'w';
  unsubscribeToken: string;
}

export type Recipient = AccountRecipient | FanRecipient;

export const accountKey = (sub: string) => `account:${sub}`;
export const fanKey = (id: number) => `fan:${id}`;

/**
 * An account may be mailed when its address is confirmed: the built-in identity user's status, or
 * (a Cognito pool) the confirmation the accounts service noted on the profile.
 */
export const ACCOUNT_CONFIRMED = sql`(u.status = 'CONFIRMED' OR (u.sub IS NULL AND p.email_confirmed_at IS NOT NULL))`;

/**
 * `SELECT recipient` of the confirmed club accounts matching `where` (over `profiles p`, `identity_users u`,
 * `clubs c`), without those that switched `kind` off: for `insertNotificationsFrom`.
 */
export function accountRecipientsSql(kind: NotificationKind, where: SQL = sql`TRUE`): SQL {
  return sql`SELECT 'account:' || p.sub FROM profiles p LEFT JOIN identity_users u ON u.sub = p.sub JOIN clubs c ON c.id = p.club_id
    WHERE ${ACCOUNT_CONFIRMED} AND coalesce(u.email, p.email) IS NOT NULL AND NOT (${kind} = ANY(p.notifications_off)) AND (${where})`;
}

/** `SELECT recipient` of a club's confirmed fans (or of several clubs'). */
export function fanRecipientsSql(where: SQL): SQL {
  return sql`SELECT 'fan:' || f.id FROM club_fans f WHERE f.status = 'confirmed' AND (${where})`;
}

export async function findRecipient(db: Db, key: string): Promise<Recipient | null> {
  const colon = key.indexOf(':');
  const type = key.slice(0, colon);
  const id = key.slice(colon + 1);
  if (type === 'account') {
    const result = (await db.execute(sql`
      SELECT p.sub, coalesce(u.email, p.email) AS email, p.firstname, p.club_id, c.clubname, c.team, p.notifications_off
        FROM profiles p LEFT JOIN identity_users u ON u.sub = p.sub JOIN clubs c ON c.id = p.club_id
       WHERE p.sub = ${id} AND ${ACCOUNT_CONFIRMED}`)) as unknown as { rows: unknown[] };
    const row = result.rows[0] as
      | {
          sub: string;
          email: string | null;
          firstname: string;
          club_id: string;
          clubname: string;
          team: 'm' | 'w';
          notifications_off: string[] | string;
        }
      | undefined;
    if (!row?.email) return null;
    return {
      type: 'account',
      key,
      sub: row.sub,
      email: row.email,
      firstname: row.firstname,
      clubId: row.club_id,
      clubName: row.clubname,
      team: row.team,
      off: parseTextArray(row.notifications_off),
    };
  }
  if (type === 'fan' && /^\d{1,12}$/.test(id)) {
    const result = (await db.execute(sql`
      SELECT f.id, f.email, f.club_id, c.clubname, c.team, f.unsubscribe_token
        FROM club_fans f JOIN clubs c ON c.id = f.club_id
       WHERE f.id = ${Number(id)} AND f.status = 'confirmed'`)) as unknown as { rows: unknown[] };
    const row = result.rows[0] as
      { id: number; email: string; club_id: string; clubname: string; team: 'm' | 'w'; unsubscribe_token: string } | undefined;
    if (!row) return null;
    return {
      type: 'fan',
      key,
      id: Number(row.id),
      email: row.email,
      clubId: row.club_id,
      clubName: row.clubname,
      team: row.team,
      unsubscribeToken: row.unsubscribe_token,
    };
  }
  return null;
}

/** node-postgres parses text[]; a raw PGlite row may hold the literal '{a,b}'. */
function parseTextArray(value: string[] | string | null | undefined): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}
