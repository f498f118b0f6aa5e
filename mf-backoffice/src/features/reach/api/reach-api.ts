import { reachPaths, SHARE_CHANNELS } from '@erd/shared-contracts';
import { challengeAdminPaths, type AdminChallengeListDto } from '@erd/shared-contracts/backoffice';
import type { ReachChannel, ReachQuery, ReachReportDto } from '@erd/shared-contracts/schemas';
import { apiClient } from '../../../api/http';

/** Every channel the reach figures know, in the order the screen shows them (zod stays out of the back office: types only). */
export const REACH_CHANNELS: readonly ReachChannel[] = [...SHARE_CHANNELS, 'direct'];

export const CHANNEL_LABELS: Record<ReachChannel, string> = {
  whatsapp: 'WhatsApp',
  qr: 'QR-Code',
  story: 'Story',
  copy: 'Link kopiert',
  share: 'Teilen',
  direct: 'Direkt',
};

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
  return (await apiClient().get<ReachReportDto>(reachPaths.operator, { params: queryOf(filter) })).data;
}

/** The CSV export with the same filter (the server sends the file). */
export function reachCsvUrl(filter: ReachFilter): string {
  const query = new URLSearchParams(queryOf(filter) as Record<string, string>).toString();
  return query ? `${reachPaths.operatorCsv}?${query}` : reachPaths.operatorCsv;
}

/** GET /api/operator/challenges: the year's challenges, for the filter (only vote challenges' entries are public, so only they have figures). */
export async function listVoteChallenges(): Promise<{ id: string; headline: string }[]> {
  const list = (await apiClient().get<AdminChallengeListDto>(challengeAdminPaths.challenges)).data;
  return list.items
    .filter((c) => c.type === 'bfv-erd-text-vote' || c.type === 'bfv-erd-picture-vote')
    .map((c) => ({ id: c.id, headline: c.headline }));
}
