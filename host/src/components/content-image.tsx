import { thumbnailUrl, type ImageDto } from '@erd/shared-contracts';

interface ContentImageProps {
  image: ImageDto | undefined;
  /** Used when the image has no title of its own. */
  alt: string;
  /** Above the fold: load at once; otherwise lazily. */
  eager?: boolean;
  className?: string;
}

/**
 * An image of the content API at card width (the w1024 thumbnail when there is one), with its
 * intrinsic size when known so the page does not jump while it loads.
 */
export function ContentImage({ image, alt, eager = false, className }: ContentImageProps) {
  const src = thumbnailUrl(image);
  if (!image || !src) return null;
  const { file, title } = image.fields;
  const thumbnail = image.metadata?.thumbnails?.find((t) => t.url === src);
  const width = thumbnail?.width ?? file.width;
  const height = width && file.width && file.height ? Math.round((width * file.height) / file.width) : undefined;
  return (
    <img
      src={src}
      alt={title?.trim() || alt}
      width={height ? width : undefined}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}
