import { css, type Theme } from '@emotion/react';
import { Logo } from '../../../components/logo';

/** Spec §2: a full-height hero with the logo (the page's h1). */
export function Hero({ productName }: { productName: string }) {
  return (
    <section
      aria-labelledby="home-hero-title"
      css={(theme: Theme) => css`
        position: relative;
        display: flex;
        align-items: center;
        justify-content: center;
        min-height: calc(100vh - 64px);
        min-height: calc(100svh - 64px);
        padding: ${theme.space(12)} ${theme.space(4)};
        overflow: hidden;
        text-align: center;
        color: ${theme.colors.white};
        background:
          radial-gradient(ellipse at 50% 110%, rgba(31, 138, 76, 0.55), transparent 60%),
          radial-gradient(circle at 50% 45%, rgba(242, 183, 5, 0.16), transparent 55%),
          ${theme.colors.primaryDark};
        ${theme.mq.md} {
          min-height: calc(100svh - 80px);
        }
        &::before {
          /* centre circle and halfway line of a pitch */
          content: '';
          position: absolute;
          left: 50%;
          top: 50%;
          width: min(80vw, 520px);
          aspect-ratio: 1;
          transform: translate(-50%, -50%);
          border: 3px solid rgba(255, 255, 255, 0.08);
          border-radius: 50%;
          pointer-events: none;
        }
        &::after {
          content: '';
          position: absolute;
          left: 0;
          right: 0;
          top: 50%;
          border-top: 3px solid rgba(255, 255, 255, 0.08);
          pointer-events: none;
        }
      `}
    >
      <div
        css={css`
          position: relative;
          z-index: 1;
        `}
      >
        <h1
          id="home-hero-title"
          aria-label={productName}
          css={css`
            margin: 0;
          `}
        >
          <Logo variant="hero" />
        </h1>
      </div>
    </section>
  );
}
