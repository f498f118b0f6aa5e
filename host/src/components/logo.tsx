import { css, type Theme } from '@emotion/react';

/**
 * The "PUNKTEJAGD" wordmark with its shield: one drawing for the header and the home hero (there a
 * size larger, beside the season's claim, which is the hero's largest text).
 */
export function Logo({ variant = 'header' }: { variant?: 'header' | 'hero' }) {
  const hero = variant === 'hero';
  return (
    <span
      css={(theme: Theme) => css`
        display: inline-flex;
        align-items: center;
        gap: ${hero ? theme.space(3) : theme.space(2)};
        color: ${theme.colors.white};
        line-height: 1;
      `}
    >
      <svg
        viewBox="0 0 40 48"
        aria-hidden="true"
        focusable="false"
        css={css`
          width: ${hero ? 'clamp(40px, 11vw, 64px)' : '30px'};
          height: auto;
          flex-shrink: 0;
        `}
      >
        <path d="M20 1.5 37.5 7.8v14.4c0 11-7.2 20-17.5 24.3C9.7 42.2 2.5 33.2 2.5 22.2V7.8z" fill="#f2b705" />
        <path d="M20 6.2 33 10.9v11.3c0 8.6-5.4 15.7-13 19.4-7.6-3.7-13-10.8-13-19.4V10.9z" fill="#0b2a4a" />
        <circle cx="20" cy="23" r="9" fill="#fff" />
        <path d="m20 17.6 3.6 2.6-1.4 4.2h-4.4l-1.4-4.2z" fill="#0b2a4a" />
        <path
          d="M20 17.6V14M23.6 20.2l3.3-1.3M22.2 24.4l2.1 3.1M17.8 24.4l-2.1 3.1M16.4 20.2l-3.3-1.3"
          stroke="#0b2a4a"
          strokeWidth="1.3"
          fill="none"
        />
      </svg>
      <span
        css={(theme: Theme) => css`
          font-family: ${theme.fonts.headline};
          font-weight: 900;
          font-style: italic;
          letter-spacing: 0.02em;
          font-size: ${hero ? 'clamp(1.75rem, 8vw, 3rem)' : '1.25rem'};
          white-space: nowrap;
          ${hero ? '' : '@media (max-width: 419px) { display: none; }'}
          ${theme.mq.md} {
            font-size: ${hero ? '3rem' : '1.5rem'};
          }
        `}
      >
        PUNKTE
        <span
          css={(theme: Theme) => css`
            color: ${theme.colors.primary};
          `}
        >
          JAGD
        </span>
      </span>
    </span>
  );
}
