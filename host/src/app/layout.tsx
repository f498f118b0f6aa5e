import { css, type Theme } from '@emotion/react';
import { type MouseEvent, useEffect } from 'react';
import { loadSpaceData, Outlet } from '@erd/shared-contracts';
import { AgeGate } from '../features/age-gate/components/age-gate';
import { Footer } from '../features/footer/components/footer';
import { Header, HEADER_HEIGHT_PX } from '../features/header/components/header';
import { PreviewSlot } from '../features/preview/components/preview-slot';
import { useAgeConsent, useAgeGateBlocks } from '../lib/age-consent';
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
 * assistive technology. Until the visitor has approved, header and footer leave out their controls
 * (spec §2), also on the legal pages, which the gate leaves readable. While an operator previews a
 * season (issue 26), the 'Vorschau' bar is fixed at the bottom of every page.
 */
export function Layout() {
  const gateShown = useAgeGateBlocks();
  const controlsHidden = useAgeConsent() !== 'approved';
  // Spec §7: the space data is loaded at app start, shared with every page: a remote's page asks
  // for it when its code has arrived and finds it loaded or on the way (its list and first image
  // show sooner). A failure here is not kept; the page's own request reports it and retries.
  useEffect(() => {
    loadSpaceData().catch(() => undefined);
  }, []);
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
          /* Behind the opaque gate nothing of the page is seen: it is not painted either (its images
             are no candidates for the largest paint, which is then the gate's, painted with the
             page's HTML). It shows again the moment the visitor approves, under the gate's fade. */
          visibility: ${gateShown ? 'hidden' : 'visible'};
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
        <Header controlsHidden={controlsHidden} onSignOut={signOut} />
        <main
          id={MAIN_ID}
          tabIndex={-1}
          css={(theme: Theme) => css`
            flex: 1;
            /* The remotes' areas render after their code and data arrive: a main filling the
               viewport below the header keeps the footer below the fold meanwhile, so it never
               jumps in view (a layout shift) when an area renders or turns out short. */
            min-height: calc(100vh - ${HEADER_HEIGHT_PX.base}px);
            min-height: calc(100svh - ${HEADER_HEIGHT_PX.base}px);
            ${theme.mq.md} {
              min-height: calc(100vh - ${HEADER_HEIGHT_PX.md}px);
              min-height: calc(100svh - ${HEADER_HEIGHT_PX.md}px);
            }
            &:focus {
              outline: none;
            }
          `}
        >
          <Outlet />
        </main>
        <Footer controlsHidden={controlsHidden} />
      </div>
      <AgeGate />
      <PreviewSlot />
      <ScrollManager />
    </>
  );
}
