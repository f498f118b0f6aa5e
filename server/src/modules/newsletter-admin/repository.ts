import type { NewsletterSortDto } from '@erd/shared-contracts/backoffice';
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findRow, pageOf, escapeLike } from '../../db/queries.js';
import {
  newsletterConsentLog,
  newsletterSubscriptions,
  type NewsletterConsentLogRow,
  type NewsletterStatus,
  type NewsletterSubscriptionRow,
} from '../../db/schema/index.js';

/** Queries of the newsletter's back office: reading subscriptions and the consent log. */

export interface SubscriberFilter {
  /** Part of the address, case-insensitive. */
  query?: string;
  status: NewsletterStatus;
}

function whereOf(filter: SubscriberFilter): SQL | undefined {
  return and(
    eq(newsletterSubscriptions.status, filter.status),
    filter.query ? ilike(newsletterSubscriptions.email, `%${escapeLike(filter.query)}%`) : undefined,
  );
}

/** Each order ends on the address and the id, so paging is stable; unconfirmed addresses come last by confirmation. */
function orderOf(sort: NewsletterSortDto): SQL[] {
  const t = newsletterSubscriptions;
  const byEmail = [asc(t.email), asc(t.id)];
  switch (sort) {
    case '-email':
      return [desc(t.email), desc(t.id)];
    case 'consented':
      return [asc(t.consentedAt), ...byEmail];
    case '-consented':
      return [desc(t.consentedAt), ...byEmail];
    case 'confirmed':
      return [sql`${t.confirmedAt} asc nulls last`, ...byEmail];
    case '-confirmed':
      return [sql`${t.confirmedAt} desc nulls last`, ...byEmail];
    default:
      return byEmail;
  }
}

export async function listSubscriptions(
  db: Db,
  filter: SubscriberFilter,
  page: { offset: number; limit: number; sort?: NewsletterSortDto },
): Promise<{ rows: NewsletterSubscriptionRow[]; total: number }> {
  return pageOf(db, newsletterSubscriptions, whereOf(filter), orderOf(page.sort ?? 'email'), page);
}

export function findById(db: Db, id: number): Promise<NewsletterSubscriptionRow | undefined> {
  return findRow(db, newsletterSubscriptions, eq(newsletterSubscriptions.id, id));
}

/** Locks the row for the rest of the transaction (two unsubscribes at once log one). */
export async function findByIdForUpdate(db: Db, id: number): Promise<NewsletterSubscriptionRow | undefined> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).for('update');
  return row;
}

export async function consentLogOf(db: Db, email: string): Promise<NewsletterConsentLogRow[]> {
  return db
    .select()
    .from(newsletterConsentLog)
    .where(eq(newsletterConsentLog.email, email))
    .orderBy(desc(newsletterConsentLog.at), desc(newsletterConsentLog.id));
}
