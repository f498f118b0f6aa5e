/**
 * The back office's 'Überblick' (issue 8): the season at a glance. Both roles read it.
 */

import type { AuditEntryDto } from './operators.js';

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
export interface OverviewQuery {
  days?: number;
}

/** A challenge's phase today (Europe/Berlin; the public site's time states, decisions §4). */
export type OverviewChallengePhase = 'before' | 'submission' | 'voting' | 'ended';

export interface OverviewChallengeDto {
  id: string;
  /** Its place in the season, from 1. */
  number: number;
  headline: string;
  type: string;
  phase: OverviewChallengePhase;
  startDate: string;
  endDate: string;
  /** Entries of every state. */
  entries: number;
  /** Entries waiting for review. */
  pending: number;
}

/** One Europe/Berlin calendar day: the votes cast that day that still count, and the club accounts registered that day. */
export interface OverviewDayDto {
  /** `YYYY-MM-DD` (Europe/Berlin). */
  day: string;
  votes: number;
  registrations: number;
}

export interface OverviewDto {
  /** Today in Europe/Berlin, `YYYY-MM-DD`. */
  today: string;
  /** The current season's challenges in their order; empty when no season is set up. */
  challenges: OverviewChallengeDto[];
  /** Entries waiting for review in the whole season. */
  pendingTotal: number;
  /** Oldest first, ending today; one row per day (days without any are 0). */
  days: OverviewDayDto[];
  /** The newest audit entries, newest first. */
  audit: AuditEntryDto[];
}
