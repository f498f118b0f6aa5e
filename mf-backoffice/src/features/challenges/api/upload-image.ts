import type { ImageDto } from '@erd/shared-contracts/wire';
import { apiClient } from '../../../api/http';
import { challengeAdminApi } from './types';

/** POST /api/operator/media (admins): one JPEG, PNG or WEBP up to 10 MB → the re-encoded picture. */
export async function uploadImage(file: File): Promise<ImageDto> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await apiClient().post<ImageDto>(challengeAdminApi.media, form)).data;
}
