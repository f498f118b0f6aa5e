import type { z } from 'zod';
import type { ImageDto } from './entities.js';
import type {
  adminChallengeListSchema,
  adminChallengeSchema,
  adminChallengeSummarySchema,
  challengePhaseSchema,
  challengeScoringSchema,
  patchChallengeInputSchema,
} from './schemas/challenges-admin.js';

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
export type ChallengePhase = z.infer<typeof challengePhaseSchema>;

/** How a goals challenge ranks: the highest number first, or the closest to the right answer. */
export type ChallengeScoringDto = z.infer<typeof challengeScoringSchema>;

export type AdminChallengeSummaryDto = z.infer<typeof adminChallengeSummarySchema>;

export type AdminChallengeListDto = z.infer<typeof adminChallengeListSchema>;

/** `running`: today within start and end (a date change needs `confirmRunning` and a reason); `updatedAt`: name it as `expectedUpdatedAt` when saving. */
export type AdminChallengeDto = z.infer<typeof adminChallengeSchema>;

export const CHALLENGE_DATE_FIELDS = [
  'startDate',
  'endDate',
  'startDateSubmission',
  'endDateSubmission',
  'startDateVoting',
  'endDateVoting',
] as const;
export type ChallengeDateField = (typeof CHALLENGE_DATE_FIELDS)[number];

/** A challenge's dates in German, as the back office labels them and the server's date problems name them. */
export const CHALLENGE_DATE_LABELS: Record<ChallengeDateField, string> = {
  startDate: 'Beginn',
  endDate: 'Ende',
  startDateSubmission: 'Beginn der Einreichung',
  endDateSubmission: 'Ende der Einreichung',
  startDateVoting: 'Beginn der Abstimmung',
  endDateVoting: 'Ende der Abstimmung',
};

/**
 * PATCH a challenge: only the fields that change, with the `updatedAt` it was read with
 * (`patchChallengeInputSchema`). The pictures are typed as the editor holds them, the `ImageDto`s
 * the challenge and the upload answered; the server takes them only as the schema says (our media
 * or https, thumbnails with their width, no other fields).
 */
export type PatchChallengeInput = Omit<z.input<typeof patchChallengeInputSchema>, 'teaserImage' | 'prizeImages'> & {
  teaserImage?: ImageDto | null;
  /** The prize pictures in their order (at most 10; the site shows 4); only for a challenge with prizes. */
  prizeImages?: ImageDto[];
};
