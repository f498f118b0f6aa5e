import { css, keyframes, type Theme } from '@emotion/react';

const scroll = keyframes`from { transform: translateX(0); } to { transform: translateX(-50%); }`;

export const BANNER_SLOGAN = 'BEREIT ZU PUNKTEN?';
const COPIES = 6;

interface BannerStripProps {
  /** Seconds for one pass (spec §9: 50 s and 30 s). */
  durationSeconds: number;
  reverse?: boolean;
  tone?: 'yellow' | 'dark';
  /** A second strip repeats what the first already said: hide it from assistive technology entirely. */
  decorative?: boolean;
  /** The slogan set in the back office (space data `site.fields.bannerText1/2`); none: 'BEREIT ZU PUNKTEN?'. */
  text?: string;
}

/**
 * A strip that scrolls the slogan endlessly (spec §2: two strips, 50 s and 30 s). The track holds
 * two identical halves and moves by one half per pass; only the first slogan is read out.
 * Reduced motion: the strip stands still.
 */
export function BannerStrip({ durationSeconds, reverse = false, tone = 'yellow', decorative = false, text }: BannerStripProps) {
  const items = Array.from({ length: COPIES * 2 }, (_, i) => i);
  return (
    <div
      aria-hidden={decorative || undefined}
      data-testid="banner-strip"
      data-duration={`${durationSeconds}s`}
      css={(theme: Theme) => css`
        overflow: hidden;
        background: ${tone === 'yellow' ? theme.colors.primary : theme.colors.primaryDark};
        color: ${tone === 'yellow' ? theme.colors.primaryDark : theme.colors.primary};
        padding: ${theme.space(3)} 0;
        border-block: 3px solid ${theme.colors.primaryDark};
      `}
    >
      <div
        css={css`
          display: flex;
          width: max-content;
          animation: ${scroll} ${durationSeconds}s linear infinite;
          animation-direction: ${reverse ? 'reverse' : 'normal'};
          @media (prefers-reduced-motion: reduce) {
            animation: none;
          }
        `}
      >
        {items.map((i) => (
          <span
            key={i}
            aria-hidden={i > 0 || undefined}
            css={(theme: Theme) => css`
              flex-shrink: 0;
              padding: 0 ${theme.space(5)};
              font-family: ${theme.fonts.headline};
              font-weight: 900;
              font-style: italic;
              font-size: clamp(1.5rem, 5vw, 2.5rem);
              line-height: 1.1;
              white-space: nowrap;
              &::after {
                content: '★';
                margin-left: ${theme.space(10)};
                font-style: normal;
                font-size: 0.6em;
                vertical-align: middle;
              }
            `}
          >
            {text || BANNER_SLOGAN}
          </span>
        ))}
      </div>
    </div>
  );
}
