import { clubsAdminPaths, type ClubAdminDto } from '@erd/shared-contracts/backoffice';
import { apiPost } from '../../../api/http';

/** The largest picture the server takes (10 MB). */
export const LOGO_MAX_BYTES = 10 * 1024 * 1024;

/** POST /api/operator/clubs/:id/logo (admins, multipart `file`): the club with its new, re-encoded logo. 413/415 for a picture the server refuses. */
export async function uploadClubLogo(id: string, file: File): Promise<ClubAdminDto> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<ClubAdminDto>(clubsAdminPaths.logo(id), form);
}
