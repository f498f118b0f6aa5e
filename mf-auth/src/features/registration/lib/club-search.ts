import type { ClubDto, Team } from '@erd/shared-contracts';

/**
 * Club search of spec §4/§5 and decisions §3: starts when the text is longer than 3 characters;
 * matches the name case- and accent-insensitively anywhere ("munchen" finds "München") and the
 * club number from its start. The catalogue has one entry per club number and team; the search
 * shows one result per club number, the team is chosen afterwards.
 */
export const CLUB_SEARCH_MIN_LENGTH = 4;
export const CLUB_SEARCH_MAX_RESULTS = 30;

export interface ClubChoice {
  clubnumber: string;
  clubname: string;
  logourl?: string;
  /** The catalogue entry per team the club number has. */
  teams: Partial<Record<Team, ClubDto>>;
}

export const teamLabels: Record<Team, string> = { m: 'Herren', w: 'Damen' };
export const teamOrder: readonly Team[] = ['m', 'w'];

export function normalizeSearchText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function groupClubs(clubs: readonly ClubDto[]): ClubChoice[] {
  const byNumber = new Map<string, ClubChoice>();
  for (const club of clubs) {
    const { clubnumber, clubname, team, logourl } = club.fields;
    if (team !== 'm' && team !== 'w') continue;
    const choice = byNumber.get(clubnumber) ?? { clubnumber, clubname, teams: {} };
    if (!choice.logourl && logourl) choice.logourl = logourl;
    choice.teams[team] = club;
    byNumber.set(clubnumber, choice);
  }
  return [...byNumber.values()];
}

export function isSearchable(query: string): boolean {
  return query.trim().length >= CLUB_SEARCH_MIN_LENGTH;
}

export function searchClubs(choices: readonly ClubChoice[], query: string, limit = CLUB_SEARCH_MAX_RESULTS): ClubChoice[] {
  if (!isSearchable(query)) return [];
  const q = normalizeSearchText(query);
  const compact = q.replace(/\s/g, '');
  const scored: { choice: ClubChoice; rank: number }[] = [];
  for (const choice of choices) {
    const name = normalizeSearchText(choice.clubname);
    if (choice.clubnumber.startsWith(compact)) scored.push({ choice, rank: 0 });
    else if (name.startsWith(q)) scored.push({ choice, rank: 1 });
    else if (name.includes(q)) scored.push({ choice, rank: 2 });
  }
  scored.sort((a, b) => a.rank - b.rank || a.choice.clubname.localeCompare(b.choice.clubname, 'de'));
  return scored.slice(0, limit).map((s) => s.choice);
}

export function availableTeams(choice: ClubChoice | null | undefined): Team[] {
  return choice ? teamOrder.filter((team) => choice.teams[team]) : [];
}
