import type { ClubDto, Team } from '@erd/shared-contracts';

export const CLUB_SEARCH_PATH = 'GET /content/public/spaces/erd/objects/search';
export const SIGNUP_PATH = 'POST /content/public/spaces/erd/frontend-users/signup';
export const NEWSLETTER_PATH = 'POST /api/public/newsletter';

export const club = (clubnumber: string, clubname: string, team: Team, logourl?: string): ClubDto => ({
  sys: { id: `club-${clubnumber}-${team}`, objectTypeId: 'bfv-erd-club' },
  fields: { clubname, clubnumber, team, ...(logourl ? { logourl } : {}) },
});

export const catalogue: ClubDto[] = [
  club('10001', 'TSV Eching', 'm', '/media/eching.png'),
  club('10001', 'TSV Eching', 'w'),
  club('20002', 'FC München-Süd', 'w'),
  club('30003', 'SV Großhadern', 'm'),
  club('40004', 'SC Unterhaching-Ost', 'm'),
  club('40005', 'ASV Neuching', 'w'),
];

export const CLUB_REQUESTS_PATH = 'POST /api/club-requests';

/** `GET /api/clubs/{id}/availability` of every catalogue entry for `mockFetch`: the `taken` ones have an account. */
export function availabilityRoutes(taken: readonly string[] = []): Record<string, { body: { available: boolean } }> {
  return Object.fromEntries(
    catalogue.map((entry) => [`GET /api/clubs/${entry.sys.id}/availability`, { body: { available: !taken.includes(entry.sys.id) } }]),
  );
}
