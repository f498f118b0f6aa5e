import type { ChallengePhase } from '../api/types';

export const phaseLabels: Record<ChallengePhase, string> = {
  before: 'Noch nicht gestartet',
  submission: 'Teilnahme läuft',
  voting: 'Abstimmung läuft',
  ended: 'Beendet',
};

export { CHALLENGE_DATE_LABELS as dateLabels, CHALLENGE_TYPE_LABELS as typeLabels } from '../../../lib/challenge-labels';

/** `2026-05-03` → `03.05.2026`. */
export function germanDay(day: string | null): string {
  if (!day) return '–';
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
