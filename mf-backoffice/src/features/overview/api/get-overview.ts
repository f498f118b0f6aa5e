import { overviewAdminPaths, type OverviewDto } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** The day ranges the screen offers for the activity (the server takes 1 to 366). */
export const OVERVIEW_DAY_CHOICES = [7, 30, 90] as const;

/** GET /api/operator/overview?days= (both roles): the season at a glance. */
export async function getOverview(days: number): Promise<OverviewDto> {
  return apiGet<OverviewDto>(overviewAdminPaths.overview, { params: { days } });
}
