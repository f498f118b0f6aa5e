import type { ChallengeDateField } from '@erd/shared-contracts/backoffice';
import type { ChallengeObjectTypeId } from '@erd/shared-contracts/wire';

/**
 * The back office's words for a challenge's type and dates, for every screen that shows them
 * ('Challenges', 'Challenge bearbeiten', 'Neue Challenge' in 'Saisons').
 */
export const CHALLENGE_TYPE_LABELS: Record<ChallengeObjectTypeId, string> = {
  'bfv-erd-estimate': 'Schätzfrage',
  'bfv-erd-goals': 'Tore',
  'bfv-erd-picture-vote': 'Bild-Abstimmung',
  'bfv-erd-text-vote': 'Spruch-Abstimmung',
};

export const CHALLENGE_DATE_LABELS: Record<ChallengeDateField, string> = {
  startDate: 'Beginn',
  endDate: 'Ende',
  startDateSubmission: 'Beginn der Einreichung',
  endDateSubmission: 'Ende der Einreichung',
  startDateVoting: 'Beginn der Abstimmung',
  endDateVoting: 'Ende der Abstimmung',
};
