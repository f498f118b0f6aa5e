/** Test data of the seasons screens (the wire shapes of `@erd/shared-contracts/schemas`). */
import type { AdminSeasonChallengeDto, AdminSeasonDto, AdminSeasonSummaryDto } from '@erd/shared-contracts/schemas';
import type { OperatorSessionState } from '../../../lib/operator-session';

export { signedInAdmin as admin } from '../../../testing/fixtures';
export const moderator: OperatorSessionState = {
  status: 'signed-in',
  operator: { email: 'moderation@punktejagd.example', role: 'moderator', idleTimeoutSeconds: 1800 },
};

export const summary = (overrides: Partial<AdminSeasonSummaryDto> = {}): AdminSeasonSummaryDto => ({
  id: 'year-2026',
  year: 2026,
  state: 'live',
  current: true,
  // A Saturday: a copy moved by 364 days starts on a Saturday too.
  startDate: '2026-05-02',
  endDate: '2026-09-30',
  challenges: 3,
  entries: 12,
  updatedAt: '2026-04-01T10:00:00.000Z',
  ...overrides,
});

export const item = (overrides: Partial<AdminSeasonChallengeDto> = {}): AdminSeasonChallengeDto => ({
  id: 'est-2027',
  position: 1,
  objectTypeId: 'bfv-erd-estimate',
  headline: 'Wie viele Zuschauer?',
  startDate: '2027-05-01',
  endDate: '2027-05-31',
  entries: 0,
  resultsPublished: false,
  withdrawn: null,
  updatedAt: '2026-10-01T10:00:00.000Z',
  ...overrides,
});

/** A draft season 2027 with three challenges: the second has entries, the third is withdrawn. */
export const season = (overrides: Partial<AdminSeasonDto> = {}): AdminSeasonDto => ({
  ...summary({ id: 'year-2027', year: 2027, state: 'draft', current: false, startDate: '2027-05-01', endDate: '2027-09-29', entries: 4 }),
  challengeItems: [
    item(),
    item({
      id: 'slogan-2027',
      position: 2,
      objectTypeId: 'bfv-erd-text-vote',
      headline: 'Bester Spruch',
      startDate: '2027-06-01',
      endDate: '2027-06-30',
      entries: 4,
    }),
    item({
      id: 'goals-2027',
      position: 3,
      objectTypeId: 'bfv-erd-goals',
      headline: 'Tore am Wochenende',
      startDate: '2027-07-01',
      endDate: '2027-07-31',
      withdrawn: { at: '2026-10-02T08:00:00.000Z', reason: 'Sponsor abgesprungen' },
    }),
  ],
  ...overrides,
});
