import { contentApi, loadRuntimeConfig, loadSpaceData, type StandingRowDto } from '@erd/shared-contracts';
import { sortedRows } from '../../../lib/challenges';
import { loadPublicSeasons } from '../../../lib/seasons';

export interface TopStandings {
  productName: string;
  /** The site's public address without a trailing slash (links go there). */
  publicUrl: string;
  /** The first `limit` rows of the overall table; empty when nothing is published yet. */
  rows: StandingRowDto[];
  /** The year whose overall file this is (a refresh asks for the same file). */
  yearId: string;
  /** Pinned to an ended season (issue 26): its year; null for the current season. */
  archivedYear: number | null;
  /** The version of the file seen last (its `ETag`); null when the server sent none. */
  etag: string | null;
}

/**
 * `cache: 'no-cache'`: the browser revalidates its copy with a conditional GET (If-None-Match) of
 * its own and gets a 304 when nothing changed. No request header of ours, so a page of another
 * origin needs no CORS preflight.
 */
const REVALIDATE = { cache: 'no-cache' } as const;

/**
 * For a page that is not ours: GET {baseUrl}/config.json first, so the content API and the
 * result files resolve against our server (pitfall 9), then the year from the space data and
 * GET /results/overall-{yearId}.json.
 */
export async function getTopStandings(baseUrl: string, limit: number, season: number | null = null): Promise<TopStandings> {
  const config = await loadRuntimeConfig(`${baseUrl}/config.json`);
  const { yearId, archivedYear } = await seasonOf(season);
  const file = await contentApi().getOverallStandingsFile(yearId, REVALIDATE);
  return {
    productName: config.productName,
    publicUrl: (config.publicUrl || baseUrl).replace(/\/+$/, ''),
    rows: sortedRows(file.body).slice(0, limit),
    yearId,
    archivedYear,
    etag: file.etag,
  };
}

/**
 * The year the widget shows: the current one (space data), or with `season` (`data-season="2025"`,
 * issue 26) that public season's, from GET /api/public/seasons; a year that is no public season is
 * an error (the widget says the table could not be loaded).
 */
async function seasonOf(season: number | null): Promise<{ yearId: string; archivedYear: number | null }> {
  if (season === null) return { yearId: (await loadSpaceData()).year.sys.id, archivedYear: null };
  const found = (await loadPublicSeasons()).seasons.find((s) => s.year === season);
  if (!found) throw new Error(`PunktejagdStandings: no public season ${season}`);
  return { yearId: found.id, archivedYear: found.state === 'ended' ? found.year : null };
}

const sameRows = (a: readonly StandingRowDto[], b: readonly StandingRowDto[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Asks for the overall file again. `changed` is true only when the rows the widget shows are
 * different: the same `ETag` ends the comparison early; without one (or with a new one) the rows
 * themselves are compared. A failed request keeps what is shown (a refresh never blanks the table).
 */
export async function refreshTopStandings(current: TopStandings, limit: number): Promise<{ data: TopStandings; changed: boolean }> {
  const file = await contentApi().getOverallStandingsFile(current.yearId, REVALIDATE);
  if (file.body === null) return { data: current, changed: false };
  if (file.etag !== null && file.etag === current.etag) return { data: current, changed: false };
  const rows = sortedRows(file.body).slice(0, limit);
  if (sameRows(rows, current.rows)) return { data: { ...current, etag: file.etag }, changed: false };
  return { data: { ...current, rows, etag: file.etag }, changed: true };
}
