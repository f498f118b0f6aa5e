import { contentApi, loadRuntimeConfig, loadSpaceData, type StandingRowDto } from '@erd/shared-contracts';
import { sortedRows } from '../../../lib/challenges';
import { useAsync } from '../../../lib/use-async';

export interface TopStandings {
  productName: string;
  /** The site's public address without a trailing slash (links go there). */
  publicUrl: string;
  /** The first `limit` rows of the overall table; empty when nothing is published yet. */
  rows: StandingRowDto[];
}

/**
 * For a page that is not ours: GET {baseUrl}/config.json first, so the content API and the
 * result files resolve against our server (pitfall 9), then the year from the space data and
 * GET /results/overall-{yearId}.json.
 */
export async function getTopStandings(baseUrl: string, limit: number): Promise<TopStandings> {
  const config = await loadRuntimeConfig(`${baseUrl}/config.json`);
  const space = await loadSpaceData();
  const rows = await contentApi().getOverallStandings(space.year.sys.id);
  return {
    productName: config.productName,
    publicUrl: (config.publicUrl || baseUrl).replace(/\/+$/, ''),
    rows: sortedRows(rows).slice(0, limit),
  };
}

export function useTopStandings(baseUrl: string, limit: number) {
  return useAsync(`top:${baseUrl}:${limit}`, () => getTopStandings(baseUrl, limit));
}
