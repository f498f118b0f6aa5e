import { css, type Theme } from '@emotion/react';
import type { MouseEvent } from 'react';
import { Outlet } from '@erd/shared-contracts';
import { Container } from '@erd/shared-contracts/ui';
import { NavBar } from '../features/session/components/nav-bar';

export const BACKOFFICE_MAIN_ID = 'backoffice-main';

function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(BACKOFFICE_MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView?.();
}

/**
 * The back office's own working layout (no public header, footer or age gate): a skip link, the
 * bar with the screens and 'Abmelden', and the screen in `main`.
 */
export function Layout() {
  return (
    <div
      css={css`
        display: flex;
        flex-direction: column;
        min-height: 100vh;
        min-height: 100svh;
      `}
    >
      <a
        href={`#${BACKOFFICE_MAIN_ID}`}
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
      <NavBar />
      <main
        id={BACKOFFICE_MAIN_ID}
        tabIndex={-1}
        css={(theme: Theme) => css`
          flex: 1;
          padding: ${theme.space(8)} 0 ${theme.space(16)};
          &:focus {
            outline: none;
          }
        `}
      >
        <Container>
          <Outlet />
        </Container>
      </main>
    </div>
  );
}
