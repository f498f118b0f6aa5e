import { clubsAdminPaths, type ClubAdminPageDto, type ClubAdminQuery } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** How many clubs one page of the list shows. */
export const CLUB_PAGE_SIZE = 25;

/** GET /api/operator/clubs: one page, searched (name or number) and sorted on the server. */
export async function listClubs(query: ClubAdminQuery): Promise<ClubAdminPageDto> {
  const params = { ...query, query: query.query || undefined };
  return apiGet<ClubAdminPageDto>(clubsAdminPaths.clubs, { params });
}
