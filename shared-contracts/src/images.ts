import type { ImageDto } from './entities.js';

/**
 * Spec §3 thumbnail helper: the thumbnail whose url contains the width marker (default `w1024`)
 * and format (default webp), else the original file url, else ''.
 */
export function thumbnailUrl(image: ImageDto | undefined | null, marker = 'w1024', format = 'webp'): string {
  if (!image) return '';
  const thumb = image.metadata?.thumbnails?.find(
    (t) => t.url.includes(marker) && (t.format ? t.format === format : t.url.includes(`.${format}`)),
  );
  return thumb?.url ?? image.fields?.file?.url ?? '';
}
