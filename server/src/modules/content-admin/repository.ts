import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { site, years, SITE_ID, type NewSiteRow, type NewYearRow, type SiteRow, type YearRow } from '../../db/schema/index.js';

/** Queries of the back office's content screen (no logic). `db` may be a transaction. */

export { findSite, findYear, lockSite, lockYear } from '../../db/season-rows.js';

export async function updateSite(db: Db, values: Partial<NewSiteRow>): Promise<SiteRow> {
  const [row] = await db.update(site).set(values).where(eq(site.id, SITE_ID)).returning();
  return row!;
}

export async function updateYear(db: Db, id: string, values: Partial<NewYearRow>): Promise<YearRow> {
  const [row] = await db.update(years).set(values).where(eq(years.id, id)).returning();
  return row!;
}
