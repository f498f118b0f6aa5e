import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { site, years, SITE_ID, type NewSiteRow, type NewYearRow, type SiteRow, type YearRow } from '../../db/schema/index.js';

/** Queries of the back office's content screen (no logic). `db` may be a transaction. */

export async function findSite(db: Db): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(site).where(eq(site.id, SITE_ID));
  return row;
}

/** The site row, locked until the transaction ends (two saves cannot interleave). */
export async function lockSite(db: Db): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(site).where(eq(site.id, SITE_ID)).for('update');
  return row;
}

export async function findYear(db: Db, id: string): Promise<YearRow | undefined> {
  const [row] = await db.select().from(years).where(eq(years.id, id));
  return row;
}

export async function lockYear(db: Db, id: string): Promise<YearRow | undefined> {
  const [row] = await db.select().from(years).where(eq(years.id, id)).for('update');
  return row;
}

export async function updateSite(db: Db, values: Partial<NewSiteRow>): Promise<SiteRow> {
  const [row] = await db.update(site).set(values).where(eq(site.id, SITE_ID)).returning();
  return row!;
}

export async function updateYear(db: Db, id: string, values: Partial<NewYearRow>): Promise<YearRow> {
  const [row] = await db.update(years).set(values).where(eq(years.id, id)).returning();
  return row!;
}
