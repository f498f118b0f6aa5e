/**
 * The site's display face (issue 24, look and feel): Roboto Condensed from @fontsource (SIL Open Font
 * License 1.1), the family the share images already use (server/src/modules/share-cards/fonts.ts), so
 * the site and its shared cards look alike. Headlines, buttons and numbers use it (`theme.fonts.display`).
 *
 * One file only: the `latin` subset of the 800 weight as woff2 (~21 KB), declared for the weights
 * 700–900 (the site's headlines are 900, its buttons 800, its subheadlines 700: one face serves all
 * three, without synthetic bold). The font bytes on the first screen stay at that one file (budget: 40 KB).
 *
 * The host build copies the file into its output under a content-hashed name (served immutable) and
 * writes its `@font-face` rules (host/src/shell/display-font.ts) and a preload of the file into the
 * head of its pages (config/webpack.mf.cjs, `PrerenderGateShell`), before any script. Only the names
 * are here: whatever the UI entry exports is part of every page's first load (the host shares the
 * module with the remotes as a whole). `font-display: optional`: a
 * preloaded font that is there for the first paint is used, one that is late is not swapped in
 * afterwards, so text never moves (CLS); the next page has it from the cache. Until then the text
 * shows at once in a local fallback whose metrics are adjusted to the display face (`size-adjust`,
 * `ascent-override`, `descent-override`, measured on the 800 face against Arial Narrow Bold and
 * Arial Bold), so it takes about the same room.
 */

/** The display face's family, and its metric-adjusted local fallbacks' (their `@font-face` rules: host/src/shell/display-font.ts). */
export const DISPLAY_FONT_FAMILY = 'Roboto Condensed';
export const DISPLAY_FALLBACK_FAMILIES = {
  narrow: `${DISPLAY_FONT_FAMILY} Fallback Narrow`,
  wide: `${DISPLAY_FONT_FAMILY} Fallback`,
} as const;

/** The theme's display stack: the face, its metric-adjusted fallbacks, then what the system has. */
export const DISPLAY_FONT_STACK = [DISPLAY_FONT_FAMILY, DISPLAY_FALLBACK_FAMILIES.narrow, DISPLAY_FALLBACK_FAMILIES.wide]
  .map((family) => `'${family}'`)
  .concat(["'Arial Narrow'", 'Arial', 'sans-serif'])
  .join(', ');
