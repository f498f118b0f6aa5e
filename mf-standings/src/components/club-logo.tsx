import { css, type Theme } from '@emotion/react';
import { useState } from 'react';
import { Icon } from '@erd/shared-contracts/ui';
import { mediaUrl } from '../lib/media';

interface ClubLogoProps {
  logourl?: string;
  clubname: string;
  /** Edge length in px. */
  size?: number;
  /** Next to the club's name a logo is decoration (empty alt); alone it names the club. */
  decorative?: boolean;
}

const frame = (size: number) => (theme: Theme) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${size}px;
  height: ${size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${theme.colors.white};
  box-shadow: 0 0 0 1px rgba(11, 42, 74, 0.12);
`;

/**
 * A club's logo, or the default shield when the club has none or it fails to load. Relative
 * logo URLs resolve against our server (also when embedded on another site).
 */
export function ClubLogo({ logourl, clubname, size = 48, decorative = false }: ClubLogoProps) {
  const src = mediaUrl(logourl);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const label = decorative ? undefined : `Vereinslogo ${clubname}`;

  if (!src || failedSrc === src) {
    return (
      <span
        data-logo="default"
        css={(theme: Theme) => css`
          ${frame(size)(theme)};
          background: #133d69;
          box-shadow: 0 0 0 2px rgba(242, 183, 5, 0.35);
          & svg {
            width: 62%;
            height: 62%;
          }
        `}
      >
        <Icon name="shield" color="primary" title={label} />
      </span>
    );
  }
  return (
    <span css={frame(size)}>
      <img
        src={src}
        alt={label ?? ''}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={() => setFailedSrc(src)}
        css={css`
          display: block;
          width: 100%;
          height: 100%;
          object-fit: contain;
          padding: 8%;
        `}
      />
    </span>
  );
}
