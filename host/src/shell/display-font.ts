import { DISPLAY_FALLBACK_FAMILIES, DISPLAY_FONT_FAMILY } from '@erd/shared-contracts/ui';

/**
 * The display face's file and `@font-face` rules (the theme's names: shared-contracts/src/ui/fonts.ts),
 * written into the head of the host's pages by its build (config/webpack.mf.cjs, `PrerenderGateShell`),
 * which copies the file from its package into `assets/fonts/` under a content-hashed name and preloads it.
 *
 * - One woff2 file: the `latin` subset of Roboto Condensed 800 (~21 KB, SIL Open Font License 1.1),
 *   declared for the weights 700–900 (headlines 900, buttons 800, subheadlines 700: no synthetic bold).
 * - `font-display: optional`: the preloaded font is used when it is there for the first paint, and
 *   never swapped in later, so no text moves (CLS); the next page has it from the cache.
 * - The fallbacks until then: local faces with the display face's metrics (`size-adjust`,
 *   `ascent-override`, `descent-override`), measured on the 800 face against Arial Narrow Bold (Liberation
 *   Sans Narrow Bold) and Arial Bold (Liberation Sans Bold) over the capitals, digits and the site's
 *   headline words, so the text takes about the room it will take in the display face.
 */
export const DISPLAY_FONT = {
  family: DISPLAY_FONT_FAMILY,
  /** The npm package and its file (copied by the host build). */
  package: '@fontsource/roboto-condensed',
  file: 'files/roboto-condensed-latin-800-normal.woff2',
  weight: '700 900',
  /** fontsource's `latin` subset (its unicode.json). */
  unicodeRange:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
} as const;

const FALLBACKS = [
  {
    family: DISPLAY_FALLBACK_FAMILIES.narrow,
    local: ['Arial Narrow Bold', 'ArialNarrow-Bold', 'Liberation Sans Narrow Bold', 'LiberationSansNarrow-Bold'],
    sizeAdjust: '101.66%',
    ascent: '91.25%',
    descent: '24.01%',
  },
  {
    family: DISPLAY_FALLBACK_FAMILIES.wide,
    local: [
      'Arial Bold',
      'Arial-BoldMT',
      'Liberation Sans Bold',
      'LiberationSans-Bold',
      'Roboto Bold',
      'Roboto-Bold',
      'Helvetica Neue Bold',
    ],
    sizeAdjust: '83.36%',
    ascent: '111.29%',
    descent: '29.29%',
  },
] as const;

/** The `@font-face` rules of the display face (its file at `href`) and of its fallbacks. */
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
