import type { ChallengeObjectTypeId, ImageDto, PointsRowDto, PrizesDto } from '@erd/shared-contracts/wire';

/**
 * The wire shapes of the challenges API (server/src/modules/challenges-admin, its README). They are
 * kept here until they move into `@erd/shared-contracts/backoffice` (a shared file others were
 * editing when this screen landed).
 */
export const challengeAdminApi = {
  challenges: '/api/operator/challenges',
  challenge: (id: string) => `/api/operator/challenges/${encodeURIComponent(id)}`,
  media: '/api/operator/media',
} as const;

export type ChallengePhase = 'before' | 'submission' | 'voting' | 'ended';

export interface AdminChallengeSummaryDto {
  id: string;
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
  scoring: 'highest' | 'closest' | null;
  running: boolean;
  published: boolean;
  updatedAt: string;
  defaultPoints: PointsRowDto[];
}

export const DATE_FIELDS = ['startDate', 'endDate', 'startDateSubmission', 'endDateSubmission', 'startDateVoting', 'endDateVoting'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

export interface PatchChallengeInput {
  expectedUpdatedAt: string;
  headline?: string;
  teasertitle?: string | null;
  teasertext?: string | null;
  question?: string | null;
  footnote?: string | null;
  teaserImage?: ImageDto | null;
  points?: PointsRowDto[];
  scoring?: 'highest' | 'closest';
  startDate?: string;
  endDate?: string;
  startDateSubmission?: string;
  endDateSubmission?: string;
  startDateVoting?: string;
  endDateVoting?: string;
  confirmRunning?: boolean;
  reason?: string;
}
