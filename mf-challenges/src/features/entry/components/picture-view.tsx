import { css, type Theme } from '@emotion/react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ImageDto } from '@erd/shared-contracts';
import { Icon } from '@erd/shared-contracts/ui';
import { PICTURE_GROUND } from '../../../components/cropped-image';
import { imageUrl, mediaUrl } from '../../../lib/media';

const loadLightbox = () => import('./lightbox').then((m) => ({ default: m.Lightbox }));
const Lightbox = lazy(loadLightbox);

/** The entry's picture at width 1024; a click opens it large in the lightbox. */
export function PictureView({ image, alt }: { image: ImageDto | undefined; alt: string }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const src = imageUrl(image);
  const large = mediaUrl(image?.fields.file.url) || src;
  if (!src) return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-label="Bild vergrößern"
        onClick={() => setOpen(true)}
        // Fetch the lightbox while the pointer is on its way.
        onPointerEnter={() => void loadLightbox()}
        css={(theme: Theme) => css`
          position: relative;
          display: block;
          width: 100%;
          padding: 0;
          border: 0;
          background: ${PICTURE_GROUND};
          cursor: zoom-in;
          &:focus-visible {
            outline: 3px solid ${theme.colors.focus};
            outline-offset: -3px;
          }
        `}
      >
        <img
          src={src}
          alt={alt}
          width={1024}
          height={1024}
          decoding="async"
          css={css`
            display: block;
            width: 100%;
            height: auto;
            max-height: 80vh;
            object-fit: contain;
          `}
        />
        <span
          aria-hidden
          css={(theme: Theme) => css`
            position: absolute;
            right: ${theme.space(3)};
            bottom: ${theme.space(3)};
            display: inline-flex;
            padding: ${theme.space(2)};
            border-radius: 50%;
            background: rgba(11, 42, 74, 0.8);
          `}
        >
          <Icon name="search" size="sm" color="white" />
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <Lightbox
            src={large}
            alt={alt}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
