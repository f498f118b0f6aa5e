import { css } from '@emotion/react';
import type { ImgHTMLAttributes } from 'react';

/** What shows behind a picture until it has arrived (and around a whole picture shown uncropped). */
export const PICTURE_GROUND = '#e9e4d8';

/**
 * A picture across its column's width, cropped to `ratio` (such as '3 / 2'), on `ground` until it
 * has arrived.
 */
export function CroppedImage({
  ratio,
  ground,
  alt,
  ...image
}: ImgHTMLAttributes<HTMLImageElement> & { alt: string; ratio: string; ground?: string }) {
  return (
    <img
      alt={alt}
      {...image}
      css={css`
        display: block;
        width: 100%;
        height: auto;
        aspect-ratio: ${ratio};
        object-fit: cover;
        ${ground ? `background: ${ground};` : ''}
      `}
    />
  );
}
