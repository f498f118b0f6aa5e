import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow } from '../../db/queries.js';
import { pendingRow, renewable, renewedRow, type PendingValues as OptInValues, linkedRow, type OptInLink } from '../../db/opt-in.js';
import {
  newsletterConsentLog,
  newsletterSubscriptions,
  type NewsletterConsentAction,
  type NewsletterSubscriptionRow,
} from '../../db/schema/index.js';

export function findByEmail(db: Db, email: string): Promise<NewsletterSubscriptionRow | undefined> {
  return findRow(db, newsletterSubscriptions, eq(newsletterSubscriptions.email, email));
}

/** The address a mailed link names (its confirmation token's hash, or its unsubscribe token). */
export function findByLink(db: Db, link: OptInLink): Promise<NewsletterSubscriptionRow | undefined> {
  return findRow(db, newsletterSubscriptions, linkedRow(newsletterSubscriptions, link));
}

export interface PendingValues extends OptInValues {
  unsubscribeToken: string;
}

/** Inserts a new pending signup; false when the address already exists. */
export async function insertPending(db: Db, v: PendingValues): Promise<boolean> {
  const rows = await db
    .insert(newsletterSubscriptions)
    .values(pendingRow(v))
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

/**
 * Renews the confirmation of a pending or unsubscribed address, but only if no mail went to it
 * since `mailedBefore` (resend throttle; atomic, so parallel requests send one mail).
 */
export async function renewPending(db: Db, v: OptInValues & { mailedBefore: Date }): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscriptions)
    .set(renewedRow(v))
    .where(and(eq(newsletterSubscriptions.email, v.email), ...renewable(newsletterSubscriptions, v.mailedBefore)))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

export async function clearLastMail(db: Db, email: string): Promise<void> {
  await db.update(newsletterSubscriptions).set({ lastMailAt: null }).where(eq(newsletterSubscriptions.email, email));
}

export async function markConfirmed(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ status: 'confirmed', confirmedAt: now })
    .where(and(eq(newsletterSubscriptions.id, id), eq(newsletterSubscriptions.status, 'pending')));
}

export async function markUnsubscribed(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpiresAt: null })
    .where(eq(newsletterSubscriptions.id, id));
}

export async function listConfirmed(db: Db): Promise<NewsletterSubscriptionRow[]> {
  return db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.status, 'confirmed'))
    .orderBy(asc(newsletterSubscriptions.email));
}

export async function logConsent(
  db: Db,
  entry: { email: string; action: NewsletterConsentAction; textVersion: string; at: Date; ipHash: string | null },
): Promise<void> {
  await db.insert(newsletterConsentLog).values(entry);
}
