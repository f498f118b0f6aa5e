import { resolveServiceUrl, thumbnailUrl, type ImageDto } from '@erd/shared-contracts';

/** The large preview of a picture: its 1024-wide WEBP rendition, else the file itself ('' when there is none). */
export function previewUrl(image: ImageDto | undefined): string {
  const url = thumbnailUrl(image);
  return url ? resolveServiceUrl(url) : '';
}

/** The picture as uploaded (re-encoded, metadata stripped), for a look at full size. */
export function originalUrl(image: ImageDto | undefined): string {
  const url = image?.fields?.file?.url;
  return url ? resolveServiceUrl(url) : '';
}
