import { css } from '@emotion/react';
import type { ChallengeDto } from '@erd/shared-contracts';
import { imageUrl } from '../../../lib/media';

/** The challenge's teaser image (width-1024 thumbnail), cropped to 3:2. */
export function ChallengeImage({ challenge, eager = false }: { challenge: ChallengeDto; eager?: boolean }) {
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
      loading={eager ? 'eager' : 'lazy'}
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
