/**
 * What the host's production build writes into `index.html` before any script (config/webpack.mf.cjs,
 * `PrerenderGateShell`, from this file's node build): the age gate, the site's frame, and the display
 * face's `@font-face` rules with the file to copy and preload.
 */
export { renderGateShell } from './gate-shell';
export { renderFrameShell } from './frame-shell';
export { DISPLAY_FONT, displayFontFaceCss } from './display-font';
