import type { ChallengeDto, OperatorParticipationDto, OperatorParticipationPageDto, SpaceDataDto } from '@erd/shared-contracts';
import { mockFetch } from '@erd/shared-contracts/testing';
import type { OperatorSessionState } from '../lib/operator-session';

/** Test data and the faked calls of the back office (`mockXhr` keys for the operator API, `mockFetch` for the space data). */
export const ME = 'GET /api/operator/me';
export const LOGIN = 'POST /api/operator/login';
export const LOGOUT = 'POST /api/operator/logout';
export const QUEUE = 'GET /api/operator/participations';
export const publishCall = (id: string) => `POST /api/operator/participations/${id}/publish`;
export const rejectCall = (id: string) => `POST /api/operator/participations/${id}/reject`;
export const SPACE_DATA = 'GET /content/public/spaces/erd/spacedata';

export const OPERATOR_EMAIL = 'moderation@punktejagd.example';

export const signedIn: OperatorSessionState = {
  status: 'signed-in',
  operator: { email: OPERATOR_EMAIL, role: 'moderator', idleTimeoutSeconds: 1800 },
};
export const ADMIN_EMAIL = 'chefin@punktejagd.example';
export const signedInAdmin: OperatorSessionState = {
  status: 'signed-in',
  operator: { email: ADMIN_EMAIL, role: 'admin', idleTimeoutSeconds: 1800 },
};
export const signedOutState: OperatorSessionState = { status: 'signed-out', reason: null };

/** An entry waiting for review (no votes, not published): what it is in `entry`, then `overrides`. */
const pending = (
  entry: Omit<OperatorParticipationDto, 'state' | 'votes' | 'publishedAt'>,
  overrides: Partial<OperatorParticipationDto>,
): OperatorParticipationDto => ({ state: 'pending', votes: 0, publishedAt: null, ...entry, ...overrides });

export function slogan(overrides: Partial<OperatorParticipationDto> = {}): OperatorParticipationDto {
  return pending(
    {
      id: 'p-slogan-1',
      challengeId: 'challenge-spruch',
      objectTypeId: 'bfv-erd-text-participation',
      club: { id: 'club-10001-m', clubname: 'TSV Eching', clubnumber: '10001', team: 'm' },
      slogan: 'Auf geht’s, Eching!',
      createdAt: '2026-05-05T12:30:00.000Z',
    },
    overrides,
  );
}

export function picture(overrides: Partial<OperatorParticipationDto> = {}): OperatorParticipationDto {
  return pending(
    {
      id: 'p-picture-1',
      challengeId: 'challenge-bild',
      objectTypeId: 'bfv-erd-picture-participation',
      club: { id: 'club-20002-w', clubname: 'SV Musterdorf', clubnumber: '20002', team: 'w' },
      image: {
        fields: { file: { url: '/media/uploads/abc.jpg', contentType: 'image/jpeg', width: 1600, height: 1000 } },
        metadata: {
          thumbnails: [
            { url: '/media/uploads/abc-w320.webp', width: 320, format: 'webp' },
            { url: '/media/uploads/abc-w1024.webp', width: 1024, format: 'webp' },
          ],
        },
      },
      createdAt: '2026-05-06T08:05:00.000Z',
    },
    overrides,
  );
}

export const page = (items: OperatorParticipationDto[], total = items.length): OperatorParticipationPageDto => ({ items, total });

const challenge = (id: string, headline: string, objectTypeId: ChallengeDto['sys']['objectTypeId']) =>
  ({
    sys: { id, objectTypeId },
    fields: {
      headline,
      startDate: '2026-05-01',
      endDate: '2026-05-31',
      startDateSubmission: '2026-05-01',
      endDateSubmission: '2026-05-14',
      startDateVoting: '2026-05-15',
      endDateVoting: '2026-05-31',
      points: [],
    },
  }) as ChallengeDto;

/** Space data with the two vote challenges of the fixtures (only what the queue reads). */
export const spaceData = (): SpaceDataDto =>
  ({
    spaceId: 'erd',
    year: {
      sys: { id: 'year-2026', objectTypeId: 'bfv-erd-year' },
      fields: {
        year: 2026,
        challenges: [
          challenge('challenge-spruch', 'Der beste Schlachtruf', 'bfv-erd-text-vote'),
          challenge('challenge-bild', 'Schönster Jubel', 'bfv-erd-picture-vote'),
        ],
      },
    },
    site: { sys: { id: 'site', objectTypeId: 'bfv-erd-site' }, fields: {} },
  }) as unknown as SpaceDataDto;

/** What every screen test starts with: the anti-forgery cookie the unsafe calls send, and the space data. */
export function fakeBackofficePage(): void {
  document.cookie = 'XSRF-TOKEN=token-1';
  mockFetch({ [SPACE_DATA]: { body: spaceData() } });
}
