import type { ChallengeTimeState } from '@erd/shared-contracts';

export const timeStateLabels: Record<ChallengeTimeState, string> = {
  upcoming: 'Demnächst',
  ongoing: 'Läuft',
  submit: 'Einreichen',
  vote: 'Abstimmung',
  finished: 'Beendet',
};
