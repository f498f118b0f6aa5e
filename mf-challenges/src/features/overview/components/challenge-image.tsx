import { css, type Theme } from '@emotion/react';
import type { ChallengeDto } from '@erd/shared-contracts';
import { CroppedImage, PICTURE_GROUND } from '../../../components/cropped-image';
import { imageUrl } from '../../../lib/media';

/**
 * The challenge's teaser image (width-1024 thumbnail), cropped to 3:2. The first image of the
 * page (`priority`) is its largest element on a phone: loaded at once with high priority, the
 * others only when they come near the viewport.
 */
function ChallengeImage({ challenge, priority = false }: { challenge: ChallengeDto; priority?: boolean }) {
  const { teaserImage, teasertitle, headline } = challenge.fields;
  // The teaser title describes the picture better than an uploaded file's title would.
  const src = imageUrl(teaserImage);
  if (!src) return null;
  return (
    <CroppedImage
      src={src}
      alt={teasertitle || teaserImage?.fields.title || headline}
      width={1024}
      height={683}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      ratio="3 / 2"
      ground={PICTURE_GROUND}
    />
  );
}

/**
 * A challenge card's picture column: the teaser image on the dark ground, centred beside the text
 * from 900px. An upcoming challenge's picture is `muted` (less colour).
 */
export function ChallengeImageCell({
  challenge,
  priority,
  muted = false,
}: {
  challenge: ChallengeDto;
  priority: boolean;
  muted?: boolean;
}) {
  return (
    <div
      css={(theme: Theme) => css`
        background: ${theme.colors.primaryDark};
        ${muted ? 'filter: saturate(0.55);' : ''}
        ${theme.mq.md} {
          display: flex;
          align-items: center;
        }
      `}
    >
      <ChallengeImage challenge={challenge} priority={priority} />
    </div>
  );
}
