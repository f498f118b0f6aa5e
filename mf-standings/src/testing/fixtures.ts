/**
 * Test data for this remote's tests: a season with four finished challenges and one upcoming,
 * clubs, and results files; `apiRoutes` turns them into a `mockFetch` route table.
 */
import type { ChallengeDto, ClubDto, SpaceDataDto, StandingRowDto, Team } from '@erd/shared-contracts';
import type { PublicSeasonsDto } from '@erd/shared-contracts/schemas';
import { loggedInMe, type FakeResponse } from '@erd/shared-contracts/testing';

export const SPACE = '/content/public/spaces/erd';

/** GET /api/me for `loggedInSession` as a member of `clubId`: our API names the club, the token has no club claim. */
export const meAnswer = (clubId: string): FakeResponse => ({ body: loggedInMe(clubId) });
export const YEAR_ID = 'year-2026';

const base = { points: [], teasertext: '', teasertitle: '' };
const votes = (start: string, end: string) => ({
  startDateSubmission: start,
  endDateSubmission: start,
  startDateVoting: end,
  endDateVoting: end,
});

export const challenges: ChallengeDto[] = [
  {
    sys: { id: 'challenge-pokalfinale', objectTypeId: 'bfv-erd-estimate' },
    fields: { ...base, headline: 'Volle Hütte beim Pokalfinale', startDate: '2020-03-01', endDate: '2020-03-31' },
  },
  {
    sys: { id: 'challenge-jubel', objectTypeId: 'bfv-erd-picture-vote' },
    fields: {
      ...base,
      headline: 'Euer schönster Jubel',
      startDate: '2020-04-01',
      endDate: '2020-04-30',
      ...votes('2020-04-01', '2020-04-30'),
    },
  },
  {
    sys: { id: 'challenge-tore', objectTypeId: 'bfv-erd-goals' },
    fields: { ...base, headline: 'Torfabrik', startDate: '2020-05-01', endDate: '2020-05-31' },
  },
  {
    sys: { id: 'challenge-schlachtruf', objectTypeId: 'bfv-erd-text-vote' },
    fields: {
      ...base,
      headline: 'Der lauteste Schlachtruf',
      startDate: '2020-06-01',
      endDate: '2020-06-30',
      ...votes('2020-06-01', '2020-06-30'),
    },
  },
  {
    sys: { id: 'challenge-zukunft', objectTypeId: 'bfv-erd-estimate' },
    fields: { ...base, headline: 'Noch nicht gestartet', startDate: '2099-01-01', endDate: '2099-01-31' },
  },
];

export const spaceData = {
  spaceId: 'erd',
  year: { sys: { id: YEAR_ID, objectTypeId: 'bfv-erd-year' }, fields: { year: 2026, challenges } },
  site: { sys: { id: 'site', objectTypeId: 'bfv-erd-site' }, fields: {} },
} as unknown as SpaceDataDto;

export function club(id: string, clubname: string, extra: Partial<ClubDto['fields']> = {}): ClubDto {
  return {
    sys: { id, objectTypeId: 'bfv-erd-club' },
    fields: { clubname, clubnumber: id.replace(/\D+/g, '').slice(0, 5) || '10000', team: 'm', ...extra },
  };
}

export function row(
  id: string,
  clubname: string,
  place: number,
  points: number,
  extra: Partial<StandingRowDto> & { logourl?: string; team?: Team } = {},
): StandingRowDto {
  const { logourl, team = 'm', ...rest } = extra;
  return { club: { _id: id, clubname, clubnumber: '10000', team, logourl }, points, place, ...rest };
}

/** Twelve clubs; places 4 and 4 tie, so the next is 6. */
export const overallRows: StandingRowDto[] = [
  row('club-1', 'TSV Eching', 1, 245, { logourl: '/media/logos/tsv-eching.svg' }),
  row('club-2', 'TSV Grünwald', 2, 210),
  row('club-3', 'FC Dingolfing', 3, 180),
  row('club-4', 'ASV Cham', 4, 150),
  row('club-5', 'SV Memmelsdorf', 4, 150),
  row('club-6', 'TSV Nördlingen', 6, 120),
  row('club-7', 'FC Füssen', 7, 100),
  row('club-8', 'SpVgg Mögeldorf', 8, 95),
  row('club-9', 'TuS Holzkirchen', 9, 80),
  row('club-10', 'SV Kirchdorf am Inn', 10, 65),
  row('club-11', 'TSV Peißenberg', 11, 40),
  row('club-12', 'DJK Würzburg-Heuchelhof', 12, 5),
];

/**
 * Herren and Damen in one table: the same club (TSV Eching) twice, a tie at 2 across the teams and
 * a tie at 4 inside the Damen (so the Damen alone place 1, 2, 2, 4).
 */
export const mixedRows: StandingRowDto[] = [
  row('club-1', 'TSV Eching', 1, 245),
  row('club-1-w', 'TSV Eching', 2, 210, { team: 'w' }),
  row('club-3', 'FC Dingolfing', 2, 210),
  row('club-5-w', 'SV Memmelsdorf', 4, 180, { team: 'w' }),
  row('club-2-w', 'TSV Grünwald', 4, 180, { team: 'w' }),
  row('club-4', 'ASV Cham', 6, 150),
  row('club-7-w', 'FC Füssen', 7, 100, { team: 'w' }),
];

/** `count` rows with distinct points (place n, teams alternating Herren/Damen from the first). */
export function longTable(count: number): StandingRowDto[] {
  return Array.from({ length: count }, (_, i) =>
    row(`club-${i + 1}`, `Verein ${i + 1}`, i + 1, count - i, { team: i % 2 === 0 ? 'm' : 'w' }),
  );
}

/** Issue 26: the current season (2026, the space data's) and the ended 2025 with two challenges (one withdrawn, left out: #2 is the slogan). */
export const ARCHIVE_YEAR_ID = 'year-2025';
export const seasons: PublicSeasonsDto = {
  currentId: YEAR_ID,
  seasons: [
    {
      id: YEAR_ID,
      year: 2026,
      state: 'live',
      startDate: '2020-03-01',
      endDate: '2099-01-31',
      resultsPublished: false,
      challenges: challenges.map((c, i) => ({
        id: c.sys.id,
        number: i + 1,
        objectTypeId: c.sys.objectTypeId,
        headline: c.fields.headline,
        startDate: c.fields.startDate,
        endDate: c.fields.endDate,
        resultsPublished: false,
      })),
    },
    {
      id: ARCHIVE_YEAR_ID,
      year: 2025,
      state: 'ended',
      startDate: '2019-04-01',
      endDate: '2019-06-30',
      resultsPublished: true,
      challenges: [
        {
          id: 'a25-schaetzen',
          number: 1,
          objectTypeId: 'bfv-erd-estimate',
          headline: 'Zuschauer im Derby',
          startDate: '2019-04-01',
          endDate: '2019-04-30',
          resultsPublished: true,
        },
        {
          id: 'a25-spruch',
          number: 2,
          objectTypeId: 'bfv-erd-text-vote',
          headline: 'Spruch des Jahres',
          startDate: '2019-06-01',
          endDate: '2019-06-30',
          resultsPublished: true,
        },
      ],
    },
  ],
  next: null,
};

type Routes = Record<string, FakeResponse>;

/** GET routes of the content API and the result files; a file left out answers 404 (not published). */
export function apiRoutes({
  clubs = [],
  overall,
  challengeResults = {},
  archive,
}: {
  clubs?: ClubDto[];
  overall?: StandingRowDto[];
  challengeResults?: Record<string, StandingRowDto[]>;
  /** Issue 26: GET /api/public/seasons answers `seasons` (left out: 404) and the 2025 overall file has `overall`. */
  archive?: { seasons?: PublicSeasonsDto; overall?: StandingRowDto[] };
} = {}): Routes {
  const routes: Routes = { [`GET ${SPACE}/spacedata`]: { body: spaceData } };
  if (archive) routes['GET /api/public/seasons'] = { body: archive.seasons ?? seasons };
  if (archive?.overall) routes[`GET /results/overall-${ARCHIVE_YEAR_ID}.json`] = { body: archive.overall };
  for (const c of clubs) routes[`GET ${SPACE}/objects/${c.sys.id}`] = { body: c };
  if (overall) routes[`GET /results/overall-${YEAR_ID}.json`] = { body: overall };
  for (const [id, rows] of Object.entries(challengeResults)) routes[`GET /results/challenge-${id}.json`] = { body: rows };
  return routes;
}
