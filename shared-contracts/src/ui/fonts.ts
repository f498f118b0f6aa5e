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
 * writes `displayFontFaceCss` and a preload of the file into the head of its pages
 * (config/webpack.mf.cjs, `PrerenderGateShell`), before any script. `font-display: optional`: a
 * preloaded font that is there for the first paint is used, one that is late is not swapped in
 * afterwards, so text never moves (CLS); the next page has it from the cache. Until then the text
 * shows at once in a local fallback whose metrics are adjusted to the display face (`size-adjust`,
 * `ascent-override`, `descent-override`, measured on the 800 face against Arial Narrow Bold and
 * Arial Bold), so it takes about the same room.
 */

export const DISPLAY_FONT = {
  family: 'Roboto Condensed',
  /** The npm package and its file (copied by the host build). */
  package: '@fontsource/roboto-condensed',
  file: 'files/roboto-condensed-latin-800-normal.woff2',
  weight: '700 900',
  /** fontsource's `latin` subset (unicode.json). */
  unicodeRange:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
} as const;

/** The local fallbacks with the display face's metrics: a narrow sans first (Windows, macOS, Linux), then Arial. */
const FALLBACKS = [
  {
    family: `${DISPLAY_FONT.family} Fallback Narrow`,
    local: ['Arial Narrow Bold', 'ArialNarrow-Bold', 'Liberation Sans Narrow Bold', 'LiberationSansNarrow-Bold'],
    sizeAdjust: '101.66%',
    ascent: '91.25%',
    descent: '24.01%',
  },
  {
    family: `${DISPLAY_FONT.family} Fallback`,
    local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Roboto Bold', 'Roboto-Bold', 'Helvetica Neue Bold'],
    sizeAdjust: '83.36%',
    ascent: '111.29%',
    descent: '29.29%',
  },
] as const;

/** The theme's display stack: the face, its metric-adjusted fallbacks, then what the system has. */
export const DISPLAY_FONT_STACK = [DISPLAY_FONT.family, ...FALLBACKS.map((f) => f.family)]
  .map((family) => `'${family}'`)
  .concat(["'Arial Narrow'", 'Arial', 'sans-serif'])
  .join(', ');

/** The `@font-face` rules of the display face (its file at `href`) and its fallbacks. */
export function displayFontFaceCss(href: string): string {
  const face =
    `@font-face{font-family:'${DISPLAY_FONT.family}';font-style:normal;font-weight:${DISPLAY_FONT.weight};font-display:optional;` +
    `src:url(${JSON.stringify(href)}) format('woff2');unicode-range:${DISPLAY_FONT.unicodeRange}}`;
  const fallbacks = FALLBACKS.map(
    (f) =>
      `@font-face{font-family:'${f.family}';font-weight:${DISPLAY_FONT.weight};src:${f.local.map((name) => `local('${name}')`).join(',')};` +
      `size-adjust:${f.sizeAdjust};ascent-override:${f.ascent};descent-override:${f.descent};line-gap-override:0%}`,
  );
  return [face, ...fallbacks].join('');
}
