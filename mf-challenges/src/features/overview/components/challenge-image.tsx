import { css } from '@emotion/react';
import type { ChallengeDto } from '@erd/shared-contracts';
import { imageUrl } from '../../../lib/media';

/**
 * The challenge's teaser image (width-1024 thumbnail), cropped to 3:2. The first image of the
 * page (`priority`) is its largest element on a phone: loaded at once with high priority, the
 * others only when they come near the viewport.
 */
export function ChallengeImage({ challenge, priority = false }: { challenge: ChallengeDto; priority?: boolean }) {
  const { teaserImage, teasertitle, headline } = challenge.fields;
  // The teaser title describes the picture better than an uploaded file's title would.
  const src = imageUrl(teaserImage);
  if (!src) return null;
  return (
    <img
      src={src}
      alt={teasertitle || teaserImage?.fields.title || headline}
      width={1024}
      height={683}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      css={css`
        display: block;
        width: 100%;
        height: auto;
        aspect-ratio: 3 / 2;
        object-fit: cover;
        background: #e9e4d8;
      `}
    />
  );
}
