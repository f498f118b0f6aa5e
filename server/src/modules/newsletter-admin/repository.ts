import type { NewsletterSortDto } from '@erd/shared-contracts/backoffice';
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
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
  const where = whereOf(filter);
  const rows = await db
    .select()
    .from(newsletterSubscriptions)
    .where(where)
    .orderBy(...orderOf(page.sort ?? 'email'))
    .offset(page.offset)
    .limit(page.limit);
  const [counted] = await db.select({ total: count() }).from(newsletterSubscriptions).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findById(db: Db, id: number): Promise<NewsletterSubscriptionRow | undefined> {
  const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
  return row;
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
