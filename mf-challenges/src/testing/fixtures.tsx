/** Test data and a render helper for the challenges remote (used by tests only). */
import type {
  ChallengeDto,
  ClubDto,
  ImageDto,
  IsoDate,
  MeDto,
  ParticipationDto,
  PointsRowDto,
  PrizesDto,
  SessionData,
  SpaceDataDto,
} from '@erd/shared-contracts';
import { DEFAULT_POINTS_TABLE } from '@erd/shared-contracts';
import { loggedInMe, renderWithProviders } from '@erd/shared-contracts/testing';
import ChallengesApp from '../exposes/challenges-app';
import { TodayProvider } from '../hooks/use-today';

export const SPACEDATA = 'GET /content/public/spaces/erd/spacedata';
export const SEARCH = 'GET /content/public/spaces/erd/objects/search';
/** The content API's single object (`contentApi().getObject(id)`). */
export const OBJECT = (id: string) => `GET /content/public/spaces/erd/objects/${id}`;
/** The same-origin own-entry path of a challenge (axios, faked with `mockHttp`). */
export const OWN = (challengeId: string) => `/api/challenge/particpation/${challengeId}`;

export function image(name: string, title?: string): ImageDto {
  return {
    fields: { ...(title ? { title } : {}), file: { url: `/media/${name}.png` } },
    metadata: { thumbnails: [{ url: `/media/${name}-w1024.webp`, format: 'webp', width: 1024 }] },
  };
}

/** The default points table of decisions §6. */
export const defaultPoints: PointsRowDto[] = DEFAULT_POINTS_TABLE;

const prizes = (headline: string, images: number): PrizesDto => ({
  headline,
  subheadline: `Untertitel ${headline}`,
  text: `Beschreibung ${headline}`,
  images: Array.from({ length: images }, (_, i) => image(`${headline.toLowerCase().replace(/\W+/g, '-')}-${i + 1}`)),
});

/**
 * The 2026 test season: #1 estimate (01.03–31.03), #2 picture vote (01.04–15.05; submit to 20.04,
 * vote from 21.04), #3 goals (01.05–31.05), #4 text vote (01.06–30.06; submit to 15.06, vote from 16.06).
 */
export function season(points: PointsRowDto[][] = [defaultPoints, defaultPoints, defaultPoints, defaultPoints]): ChallengeDto[] {
  return [
    {
      sys: { id: 'challenge-estimate', objectTypeId: 'bfv-erd-estimate' },
      fields: {
        headline: 'Volle Hütte beim Pokalfinale',
        teasertitle: 'Wie viele Fans kommen zum Pokalfinale?',
        teasertext: 'Schätz die Zuschauerzahl.',
        question: 'Wie viele Zuschauer kommen zum Finale?',
        footnote: 'Es zählt die offizielle Zuschauerzahl.',
        teaserImage: image('estimate'),
        startDate: '2026-03-01',
        endDate: '2026-03-31',
        points: points[0]!,
        prizes: prizes('Neuer Trikotsatz', 5),
      },
    },
    {
      sys: { id: 'challenge-picture', objectTypeId: 'bfv-erd-picture-vote' },
      fields: {
        headline: 'Euer schönster Jubel',
        teasertitle: 'Zeigt uns euren schönsten Jubel!',
        teasertext: 'Ladet euer bestes Jubelfoto hoch.',
        question: 'Welches Foto zeigt euren schönsten Jubel?',
        footnote: 'Ein Foto pro Mannschaft.',
        teaserImage: image('picture'),
        startDate: '2026-04-01',
        endDate: '2026-05-15',
        startDateSubmission: '2026-04-01',
        endDateSubmission: '2026-04-20',
        startDateVoting: '2026-04-21',
        endDateVoting: '2026-05-15',
        points: points[1]!,
        prizes: prizes('Fassbier-Fest', 1),
      },
    },
    {
      sys: { id: 'challenge-goals', objectTypeId: 'bfv-erd-goals' },
      fields: {
        headline: 'Die große Torjagd',
        teasertitle: 'Wie viele Tore schießt eure Mannschaft?',
        teasertext: 'Jetzt zählt jeder Treffer.',
        question: 'Wie viele Tore hat eure Mannschaft geschossen?',
        teaserImage: image('goals'),
        startDate: '2026-05-01',
        endDate: '2026-05-31',
        points: points[2]!,
      },
    },
    {
      sys: { id: 'challenge-text', objectTypeId: 'bfv-erd-text-vote' },
      fields: {
        headline: 'Euer bester Schlachtruf',
        teasertitle: 'Her mit eurem lautesten Schlachtruf!',
        teasertext: 'Schickt euren Spruch ins Rennen.',
        question: 'Wie lautet euer Schlachtruf?',
        teaserImage: image('text'),
        startDate: '2026-06-01',
        endDate: '2026-06-30',
        startDateSubmission: '2026-06-01',
        endDateSubmission: '2026-06-15',
        startDateVoting: '2026-06-16',
        endDateVoting: '2026-06-30',
        points: points[3]!,
        prizes: prizes('Trainingslager', 2),
      },
    },
  ];
}

export function spaceData(challenges: ChallengeDto[] = season()): SpaceDataDto {
  const teaser = { headline: 'Teaser', images: [] };
  return {
    spaceId: 'erd',
    year: {
      sys: { id: 'year-2026', objectTypeId: 'bfv-erd-year' },
      fields: { year: 2026, challenges, teaser1: teaser, teaser2: teaser, teaserPrizes: teaser },
    },
    site: {
      sys: { id: 'site', objectTypeId: 'bfv-erd-site' },
      fields: {
        terms: { type: 'root', children: [] },
        dataProtection: { type: 'root', children: [] },
        imprint: { type: 'root', children: [] },
      },
    },
  };
}

export function club(n: number, team: 'm' | 'w' = 'm'): ClubDto {
  return {
    sys: { id: `club-${n}`, objectTypeId: 'bfv-erd-club' },
    fields: { clubname: `SV Musterdorf ${n}`, clubnumber: String(10000 + n), team, logourl: `/media/logo-${n}.svg` },
  };
}

export function textEntry(n: number, overrides: Partial<ParticipationDto['fields']> = {}): ParticipationDto {
  return {
    _id: `t-${n}`,
    sys: { id: `t-${n}`, objectTypeId: 'bfv-erd-text-participation' },
    createdAt: `2026-06-${String(1 + (n % 14)).padStart(2, '0')}T10:00:00.000Z`,
    publishedAt: [{ spaceId: 'erd', state: 'published' }],
    fields: {
      challenge: { id: 'challenge-text', linkType: 'Object', type: 'Link' },
      club: club(n),
      votes: n,
      slogan: `Spruch Nummer ${n}`,
      ...overrides,
    },
  };
}

export function pictureEntry(n: number): ParticipationDto {
  return {
    _id: `p-${n}`,
    sys: { id: `p-${n}`, objectTypeId: 'bfv-erd-picture-participation' },
    createdAt: '2026-04-10T10:00:00.000Z',
    publishedAt: [{ spaceId: 'erd', state: 'published' }],
    fields: {
      challenge: { id: 'challenge-picture', linkType: 'Object', type: 'Link' },
      club: club(n, 'w'),
      votes: 2 * n,
      image: image(`entry-${n}`),
    },
  };
}

/** The remote as the host mounts it (at /challenge/*), on a fixed "today". */
export function renderChallenges({
  route = '/challenge',
  today = '2026-05-05',
  session = null,
}: { route?: string; today?: IsoDate; session?: SessionData | null } = {}) {
  return renderWithProviders(
    <TodayProvider today={today}>
      <ChallengesApp />
    </TodayProvider>,
    { route, path: '/challenge/*', session },
  );
}

/** The club of `loggedInSession`'s member (GET /api/me; its token has no club claim). */
export function memberClub(): ClubDto {
  return {
    sys: { id: 'club-10001-m', objectTypeId: 'bfv-erd-club' },
    fields: { clubname: 'TSV Eching', clubnumber: '10001', team: 'm', logourl: '/media/logo-eching.svg' },
  };
}

/** `mockHttp` route of GET /api/me for `loggedInSession`'s member (where the site learns the member's club). */
export const ME = 'GET /api/me';
export function meAnswer(): MeDto {
  const club = memberClub();
  return loggedInMe(club.sys.id, club);
}

/** The member's own entry as GET /api/challenge/particpation/{challengeId} answers it. */
export function ownEntry(
  kind: 'text' | 'picture' | 'estimate',
  { published = false, id = `own-${kind}`, estimate }: { published?: boolean; id?: string; estimate?: number } = {},
): ParticipationDto {
  const challengeId = kind === 'text' ? 'challenge-text' : kind === 'picture' ? 'challenge-picture' : 'challenge-goals';
  return {
    _id: id,
    sys: {
      id,
      objectTypeId:
        kind === 'text'
          ? 'bfv-erd-text-participation'
          : kind === 'picture'
            ? 'bfv-erd-picture-participation'
            : 'bfv-erd-estimate-participation',
    },
    createdAt: '2026-04-05T10:00:00.000Z',
    publishedAt: published ? [{ spaceId: 'erd', state: 'published' }] : [],
    fields: {
      challenge: { id: challengeId, linkType: 'Object', type: 'Link' },
      club: memberClub(),
      votes: 0,
      ...(kind === 'text' ? { slogan: 'Eching vor, noch ein Tor!' } : {}),
      ...(kind === 'picture' ? { image: image('own-picture') } : {}),
      ...(estimate !== undefined ? { estimate } : {}),
    },
  };
}
