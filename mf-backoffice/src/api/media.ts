import { challengeAdminPaths } from '@erd/shared-contracts/backoffice';
import type { ImageDto } from '@erd/shared-contracts/wire';
import { apiPost } from './http';

/**
 * POST /api/operator/media (admins): one JPEG, PNG or WEBP up to 10 MB → the re-encoded picture with
 * its renditions. Every picture of the back office goes through it (challenge teasers and prizes,
 * the home teasers).
 */
export async function uploadImage(file: File): Promise<ImageDto> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<ImageDto>(challengeAdminPaths.media, form);
}
