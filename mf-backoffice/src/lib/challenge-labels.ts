import { CHALLENGE_DATE_LABELS } from '@erd/shared-contracts/backoffice';
import type { ChallengeObjectTypeId } from '@erd/shared-contracts/wire';

/**
 * The back office's words for a challenge's type and dates (the dates' are the contracts', which the
 * server's date problems use too), for every screen that shows them
 * ('Challenges', 'Challenge bearbeiten', 'Neue Challenge' in 'Saisons').
 */
export const CHALLENGE_TYPE_LABELS: Record<ChallengeObjectTypeId, string> = {
  'bfv-erd-estimate': 'Schätzfrage',
  'bfv-erd-goals': 'Tore',
  'bfv-erd-picture-vote': 'Bild-Abstimmung',
  'bfv-erd-text-vote': 'Spruch-Abstimmung',
};

export { CHALLENGE_DATE_LABELS };
