import { css, type Theme } from '@emotion/react';
import type { MouseEvent } from 'react';
import { Outlet } from '@erd/shared-contracts';
import { AgeGate } from '../features/age-gate/components/age-gate';
import { Footer } from '../features/footer/components/footer';
import { Header } from '../features/header/components/header';
import { useAgeConsent } from '../lib/age-consent';
import { signOut } from './auth-session';
import { ScrollManager } from './scroll-manager';

export const MAIN_ID = 'main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView?.();
}

/**
 * The frame of every route: skip link, header, main, footer, and the age gate above it all.
 * While the gate shows (no or a denied consent) the page behind it is inert and hidden from
 * assistive technology, and header and footer leave out their controls (spec §2).
 */
export function Layout() {
  const gateShown = useAgeConsent() !== 'approved';
  return (
    <>
      <div
        inert={gateShown}
        aria-hidden={gateShown || undefined}
        css={css`
          display: flex;
          flex-direction: column;
          min-height: 100vh;
          min-height: 100svh;
          overflow-x: clip;
        `}
      >
        <a
          href={`#${MAIN_ID}`}
          onClick={skipToMain}
          css={(theme: Theme) => css`
            position: absolute;
            left: ${theme.space(2)};
            top: ${theme.space(2)};
            z-index: ${theme.zIndex.menu + 10};
            padding: ${theme.space(3)} ${theme.space(4)};
            background: ${theme.colors.primary};
            color: ${theme.colors.primaryDark};
            font-weight: 700;
            border-radius: ${theme.radius};
            transform: translateY(-200%);
            &:focus {
              transform: none;
            }
          `}
        >
          Zum Inhalt springen
        </a>
        <Header controlsHidden={gateShown} onSignOut={signOut} />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          css={css`
            flex: 1;
            &:focus {
              outline: none;
            }
          `}
        >
          <Outlet />
        </main>
        <Footer controlsHidden={gateShown} />
      </div>
      <AgeGate />
      <ScrollManager />
    </>
  );
}
