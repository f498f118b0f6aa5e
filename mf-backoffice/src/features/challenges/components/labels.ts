import type { ChallengeObjectTypeId } from '@erd/shared-contracts/wire';
import type { ChallengePhase, DateField } from '../api/types';

export const phaseLabels: Record<ChallengePhase, string> = {
  before: 'Noch nicht gestartet',
  submission: 'Teilnahme läuft',
  voting: 'Abstimmung läuft',
  ended: 'Beendet',
};

export const typeLabels: Record<ChallengeObjectTypeId, string> = {
  'bfv-erd-estimate': 'Schätzfrage',
  'bfv-erd-goals': 'Tore',
  'bfv-erd-picture-vote': 'Bild-Abstimmung',
  'bfv-erd-text-vote': 'Spruch-Abstimmung',
};

export const dateLabels: Record<DateField, string> = {
  startDate: 'Beginn',
  endDate: 'Ende',
  startDateSubmission: 'Beginn der Einreichung',
  endDateSubmission: 'Ende der Einreichung',
  startDateVoting: 'Beginn der Abstimmung',
  endDateVoting: 'Ende der Abstimmung',
};

/** `2026-05-03` → `03.05.2026`. */
export function germanDay(day: string | null): string {
  if (!day) return '–';
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
