import type { ClubFanClubsDto } from '@erd/shared-contracts/schemas';
import { apiGet } from '../../../api/http';
import { clubFansAdminPaths } from '@erd/shared-contracts/api-paths';

/** 'Mein Verein' fans in the back office (admins). */
export const CLUB_FANS_CLUBS_URL = clubFansAdminPaths.clubs;
export const CLUB_FANS_CSV_URL = clubFansAdminPaths.csv;

/** GET …/club-fans/clubs: the clubs with confirmed fans and how many (numbers only, no addresses). */
export async function listClubsWithFans(): Promise<ClubFanClubsDto> {
  return apiGet<ClubFanClubsDto>(CLUB_FANS_CLUBS_URL);
}

/** The export link: one club's confirmed fans, or all clubs' (the server audits every export). */
export function clubFansCsvUrl(clubId: string | null): string {
  return clubId ? `${CLUB_FANS_CSV_URL}?clubId=${encodeURIComponent(clubId)}` : CLUB_FANS_CSV_URL;
}
