import { eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { clubFans, newsletterSubscriptions } from './schema/index.js';

/**
 * The rows of the double opt-in (decisions §7) as the newsletter's and 'Mein Verein''s tables keep
 * them alike (the same columns; the steps are modules/newsletter/opt-in.ts): what a pending sign-up
 * writes, what renewing it writes, and which rows a sign-up may renew. Each module's repository
 * runs the statements on its own table.
 */

type OptInTable = typeof newsletterSubscriptions | typeof clubFans;

/** A sign-up's address, its new confirmation (the token's hash and expiry), the consent text and when. */
export interface PendingValues {
  email: string;
  confirmTokenHash: string;
  confirmTokenExpiresAt: Date;
  consentTextVersion: string;
  now: Date;
}

/** The columns of a new pending address; its unsubscribe token is made once and kept for every mail. */
export function pendingRow(v: PendingValues & { unsubscribeToken: string }) {
  return {
    email: v.email,
    status: 'pending' as const,
    confirmTokenHash: v.confirmTokenHash,
    confirmTokenExpiresAt: v.confirmTokenExpiresAt,
    unsubscribeToken: v.unsubscribeToken,
    consentTextVersion: v.consentTextVersion,
    consentedAt: v.now,
    createdAt: v.now,
    lastMailAt: v.now,
  };
}

/** The columns of a renewed sign-up: pending again (not confirmed) with the new confirmation, mailed now. */
export function renewedRow(v: PendingValues) {
  return {
    status: 'pending' as const,
    confirmTokenHash: v.confirmTokenHash,
    confirmTokenExpiresAt: v.confirmTokenExpiresAt,
    consentTextVersion: v.consentTextVersion,
    consentedAt: v.now,
    confirmedAt: null,
    lastMailAt: v.now,
  };
}

/**
 * The conditions on a row a sign-up may renew: pending or unsubscribed, and no confirmation mailed
 * to it since `mailedBefore` (the resend throttle; in the renewing statement itself, so parallel
 * requests send one mail).
 */
export function renewable(t: OptInTable, mailedBefore: Date): SQL[] {
  return [or(eq(t.status, 'pending'), eq(t.status, 'unsubscribed'))!, or(isNull(t.lastMailAt), lt(t.lastMailAt, mailedBefore))!];
}

/** What a mailed link carries: a confirmation token (looked up by its hash) or the unsubscribe token. */
export type OptInLink = { confirmTokenHash: string } | { unsubscribeToken: string };

/** The condition on the row a mailed link names. */
export function linkedRow(t: OptInTable, link: OptInLink): SQL {
  return 'confirmTokenHash' in link ? eq(t.confirmTokenHash, link.confirmTokenHash) : eq(t.unsubscribeToken, link.unsubscribeToken);
}
