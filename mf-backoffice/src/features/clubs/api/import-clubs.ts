import { clubsAdminPaths, type ClubImportPreviewDto, type ClubImportResultDto } from '@erd/shared-contracts/backoffice';
import { apiPost } from '../../../api/http';

/** The largest file the server takes (2 MB). */
export const CLUB_CSV_MAX_BYTES = 2 * 1024 * 1024;

/** The file goes as its bytes, without a charset: the server finds out the encoding (UTF-8 or German Excel's Windows-1252). */
const csvHeaders = { 'content-type': 'text/csv' };

/** POST …/clubs/import/preview (admins): what the file would change; nothing is written. */
export async function previewClubImport(csv: ArrayBuffer): Promise<ClubImportPreviewDto> {
  return apiPost<ClubImportPreviewDto>(clubsAdminPaths.importPreview, csv, { headers: csvHeaders });
}

/** POST …/clubs/import/apply?previewHash= (admins): exactly the previewed file; 409 when it has bad rows or the clubs changed since. */
export async function applyClubImport(csv: ArrayBuffer, previewHash: string): Promise<ClubImportResultDto> {
  return apiPost<ClubImportResultDto>(clubsAdminPaths.importApply, csv, { headers: csvHeaders, params: { previewHash } });
}
