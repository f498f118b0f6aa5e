import { resolveServiceUrl, thumbnailUrl, type ImageDto } from '@erd/shared-contracts';

/**
 * Media URLs from the content API may be relative (`/media/…`); they are resolved against our
 * server, so the remote also shows images when embedded on another site. '' when there is none.
 */
export function mediaUrl(url: string | undefined | null): string {
  return url ? resolveServiceUrl(url) : '';
}

/** The width-1024 thumbnail of an image (spec §3), as an absolute URL. */
export function imageUrl(image: ImageDto | undefined | null): string {
  return mediaUrl(thumbnailUrl(image));
}
