import type { ChallengeObjectTypeId, ImageDto, PointsRowDto, PrizesDto } from './wire.js';

/**
 * Challenges in the back office (issue 8; server `modules/challenges-admin`, its README): both
 * roles read the year's challenges and each one's editable fields; admins change texts, images,
 * dates, the points table and the goals ranking (PATCH, guarded by `expectedUpdatedAt`) and
 * upload pictures (`media`: POST multipart `file`, one JPEG/PNG/WEBP ≤ 10 MB → `ImageDto`).
 */
export const challengeAdminPaths = {
  challenges: '/api/operator/challenges',
  challenge: (id: string) => `/api/operator/challenges/${encodeURIComponent(id)}`,
  media: '/api/operator/media',
} as const;

/** The phase of a challenge today (the public site's time states, decisions §4). */
export type ChallengePhase = 'before' | 'submission' | 'voting' | 'ended';

/** How a goals challenge ranks: the highest number first, or the closest to the right answer. */
export type ChallengeScoringDto = 'highest' | 'closest';

export interface AdminChallengeSummaryDto {
  id: string;
  /** #n: the position in the year's list + 1 (decisions §4). */
  number: number;
  headline: string;
  type: ChallengeObjectTypeId;
  phase: ChallengePhase;
  startDate: string;
  endDate: string;
  startDateSubmission: string | null;
  endDateSubmission: string | null;
  startDateVoting: string | null;
  endDateVoting: string | null;
  entries: number;
  pending: number;
}

export interface AdminChallengeListDto {
  yearId: string;
  /** Today in Europe/Berlin (`YYYY-MM-DD`), the day the phases are of. */
  today: string;
  items: AdminChallengeSummaryDto[];
}

export interface AdminChallengeDto extends AdminChallengeSummaryDto {
  yearId: string;
  teasertitle: string | null;
  teasertext: string | null;
  question: string | null;
  footnote: string | null;
  teaserImage: ImageDto | null;
  prizes: PrizesDto | null;
  points: PointsRowDto[];
  rightAnswer: number | null;
  scoring: ChallengeScoringDto | null;
  /** Today within start and end: a date change needs `confirmRunning` and a reason. */
  running: boolean;
  /** Issue 24: the day the results are expected ('Ergebnisse erwartet am'), on or after `endDate`; null = not said. */
  resultsDate: string | null;
  /** Results are published: the goals ranking is changed through the results (with a reason). */
  published: boolean;
  /** Name it as `expectedUpdatedAt` when saving. */
  updatedAt: string;
  defaultPoints: PointsRowDto[];
}

export const CHALLENGE_DATE_FIELDS = ['startDate', 'endDate', 'startDateSubmission', 'endDateSubmission', 'startDateVoting', 'endDateVoting'] as const;
export type ChallengeDateField = (typeof CHALLENGE_DATE_FIELDS)[number];

/** PATCH a challenge: only the fields that change, with the `updatedAt` it was read with. */
export interface PatchChallengeInput {
  expectedUpdatedAt: string;
  headline?: string;
  teasertitle?: string | null;
  teasertext?: string | null;
  question?: string | null;
  footnote?: string | null;
  teaserImage?: ImageDto | null;
  /** The prize pictures in their order (at most 10; the site shows 4); only for a challenge with prizes. */
  prizeImages?: ImageDto[];
  points?: PointsRowDto[];
  scoring?: ChallengeScoringDto;
  startDate?: string;
  endDate?: string;
  startDateSubmission?: string;
  endDateSubmission?: string;
  startDateVoting?: string;
  endDateVoting?: string;
  /** Issue 24: `YYYY-MM-DD` on or after the end (`resultsDateSchema`); null clears. Not a date change of a running challenge. */
  resultsDate?: string | null;
  /** Required (true) with a reason to change the dates of a running challenge. */
  confirmRunning?: boolean;
  reason?: string;
}
