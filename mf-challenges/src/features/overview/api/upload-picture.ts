import {
  contentTypeForFileName,
  entryPaths,
  PICTURE_MAX_BYTES,
  type ParticipationDto,
  type PresignedPostDto,
  type PresignedPostInput,
} from '@erd/shared-contracts';
import { apiClient } from '../../../api/http';
import { saveParticipation } from './save-participation';

/** Large pictures on a slow connection take a while: the upload itself has a generous time limit. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * Client-side pre-check (decisions §4: JPEG, PNG, GIF or WEBP up to 10 MB). Only obvious cases are
 * caught here; the server judges the content.
 */
export function isAcceptablePicture(file: File): boolean {
  if (file.size > PICTURE_MAX_BYTES) return false;
  return !file.type || file.type.startsWith('image/');
}

/**
 * Spec §3/§7 presigned upload, then the entry:
 * 1. POST …/createpresignedpost `{ name, contentType }` → `{ file, data: { url, fields } }`;
 * 2. POST a multipart form to `data.url`: every field of `data.fields` first, then `file`
 *    (reporting the upload progress from 0 to 1);
 * 3. PUT `{ picture: file }`.
 */
export async function uploadPicture(challengeId: string, file: File, onProgress: (fraction: number) => void): Promise<ParticipationDto> {
  const member = await apiClient({ member: true });
  const body: PresignedPostInput = { name: file.name, contentType: contentTypeForFileName(file.name) };
  const { data: presigned } = await member.post<PresignedPostDto>(entryPaths.presignedPost(challengeId), body);

  const form = new FormData();
  for (const [key, value] of Object.entries(presigned.data.fields ?? {})) form.append(key, value);
  form.append('file', file);
  // The upload goes to storage (our server or S3): no access token, the signed fields authorise it.
  const storage = await apiClient({ member: false, timeoutMs: UPLOAD_TIMEOUT_MS });
  await storage.post(presigned.data.url, form, {
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (total > 0) onProgress(Math.min(1, event.loaded / total));
    },
  });
  onProgress(1);

  return saveParticipation(challengeId, { picture: presigned.file });
}
