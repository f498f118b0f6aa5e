/**
 * The back office's 'Überblick' (issue 8): the season at a glance. Both roles read it.
 */

import type { z } from 'zod';
import type {
  overviewChallengePhaseSchema,
  overviewChallengeSchema,
  overviewDaySchema,
  overviewQuerySchema,
  overviewSchema,
} from './schemas/content.js';

export const overviewAdminPaths = {
  /** GET `OverviewQuery` → `OverviewDto` (any operator). */
  overview: '/api/operator/overview',
} as const;

/** How many days the activity covers: 1–366, 30 when not given. */
export const OVERVIEW_DEFAULT_DAYS = 30;
export const OVERVIEW_MAX_DAYS = 366;
/** How many of the newest audit entries the overview shows. */
export const OVERVIEW_AUDIT_ENTRIES = 10;

/** GET /api/operator/overview?days= */
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

/** A challenge's phase today (Europe/Berlin; the public site's time states, decisions §4). */
export type OverviewChallengePhase = z.infer<typeof overviewChallengePhaseSchema>;

export type OverviewChallengeDto = z.infer<typeof overviewChallengeSchema>;

/** One Europe/Berlin calendar day: the votes cast that day that still count, and the club accounts registered that day. */
export type OverviewDayDto = z.infer<typeof overviewDaySchema>;

export type OverviewDto = z.infer<typeof overviewSchema>;
