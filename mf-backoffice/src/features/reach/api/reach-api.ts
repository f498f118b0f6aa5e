import { reachPaths } from '@erd/shared-contracts';
import { challengeAdminPaths, type AdminChallengeListDto } from '@erd/shared-contracts/backoffice';
import type { ReachQuery, ReachReportDto } from '@erd/shared-contracts/schemas';
import { apiGet } from '../../../api/http';

/** Every channel the reach figures know, in the order the screen shows them, and their labels (the contracts', as the CSV export has them). */
export { REACH_CHANNELS, REACH_CHANNEL_LABELS as CHANNEL_LABELS } from '@erd/shared-contracts/backoffice';

/** The screen's filter: empty fields are left out of the query. */
export interface ReachFilter {
  challengeId: string;
  from: string;
  to: string;
}

function queryOf(filter: ReachFilter): ReachQuery {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== '')) as ReachQuery;
}

/** GET /api/operator/reach (both roles): the counts per day, target and channel, with totals. */
export async function getReachReport(filter: ReachFilter): Promise<ReachReportDto> {
  return apiGet<ReachReportDto>(reachPaths.operator, { params: queryOf(filter) });
}

/** The CSV export with the same filter (the server sends the file). */
export function reachCsvUrl(filter: ReachFilter): string {
  const query = new URLSearchParams(queryOf(filter) as Record<string, string>).toString();
  return query ? `${reachPaths.operatorCsv}?${query}` : reachPaths.operatorCsv;
}

/** GET /api/operator/challenges: the year's challenges, for the filter (only vote challenges' entries are public, so only they have figures). */
export async function listVoteChallenges(): Promise<{ id: string; headline: string }[]> {
  const list = await apiGet<AdminChallengeListDto>(challengeAdminPaths.challenges);
  return list.items
    .filter((c) => c.type === 'bfv-erd-text-vote' || c.type === 'bfv-erd-picture-vote')
    .map((c) => ({ id: c.id, headline: c.headline }));
}
