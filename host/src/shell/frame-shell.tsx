import { css, ThemeProvider } from '@emotion/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { paths } from '@erd/shared-contracts/wire';
import { ButtonAnchor, Container, Icon, theme } from '@erd/shared-contracts/ui';
import { Logo } from '../components/logo';
import { headerBarStyle, headerControlsStyle, headerCtaStyle, headerRowStyle } from '../features/header/components/header';
import { CONSENT_ATTRIBUTE, FRAME_SHELL_ID, LEGAL_PAGE_ATTRIBUTE } from './gate-shell-ids';

/**
 * The site's frame in the page itself, before any script has run (issue 24: on a slow phone a
 * visitor past the age gate saw a blank page until the scripts had arrived and run): the header bar
 * (navy, the logo, the 'Jetzt mitmachen' button, the profile and menu buttons) at the header's own
 * size and places, and the page's background below it (the gate shell's global styles). The host's
 * production build renders it once into `#root` of `index.html`, after the gate shell
 * (config/webpack.mf.cjs, `PrerenderGateShell`). React's first render replaces the whole of `#root`
 * with the app, whose header is drawn by the same layout rules, so nothing moves.
 *
 * A picture of the frame, not its controls: `inert` and hidden from assistive technology until the
 * app has taken over (a moment later). It follows the gate as the app's layout does: not painted
 * while the gate covers the page (no consent yet, or a 'Nein'; the gate shell's script marks
 * `<html>`), and without the header's controls until the visitor has approved (a legal page, which
 * the gate does not cover, shows the bar with the logo only).
 */

const STYLE = [
  `html:not([${CONSENT_ATTRIBUTE}="approved"]):not([${LEGAL_PAGE_ATTRIBUTE}]) #${FRAME_SHELL_ID}{visibility:hidden}`,
  `html:not([${CONSENT_ATTRIBUTE}="approved"]) #${FRAME_SHELL_ID} [data-frame-controls]{display:none}`,
].join('');

const iconPlace = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
`;

function Frame() {
  return (
    <div id={FRAME_SHELL_ID} inert aria-hidden="true">
      <div css={headerBarStyle}>
        <Container css={headerRowStyle}>
          <span
            css={css`
              display: inline-flex;
              align-items: center;
              min-height: 44px;
              min-width: 44px;
            `}
          >
            <Logo />
          </span>
          <div data-frame-controls="" css={headerControlsStyle}>
            <ButtonAnchor href={paths.login} tabIndex={-1} css={headerCtaStyle}>
              Jetzt mitmachen
            </ButtonAnchor>
            <span css={iconPlace}>
              <Icon name="user-outline" size="sm" color="white" />
            </span>
            <span css={iconPlace}>
              <Icon name="menu-outline" size="sm" color="white" />
            </span>
          </div>
        </Container>
      </div>
    </div>
  );
}

/** The frame's markup (with emotion's styles inline) for `#root`, and its style for `<head>`. */
export function renderFrameShell(): { head: string; body: string } {
  const body = renderToStaticMarkup(
    <ThemeProvider theme={theme}>
      <Frame />
    </ThemeProvider>,
  );
  return { head: `<style>${STYLE}</style>`, body };
}
