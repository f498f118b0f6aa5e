/**
 * The brand as the cards draw it: the site theme's colours (`shared-contracts/src/ui/theme.ts`,
 * which the server cannot import: it is part of the front ends' UI entry; `brand.test.ts` keeps
 * the two in step), the header's shield (host/src/components/logo.tsx) and the footer's 18+ line.
 */

export const BRAND = {
  yellow: '#f2b705',
  navy: '#0b2a4a',
  green: '#1f8a4c',
  white: '#ffffff',
  ink: '#14181f',
  muted: '#5b6472',
  cream: '#f5f3ee',
  border: '#d9d4c7',
} as const;

/** A deeper navy for shadows and the lower part of gradients (the theme's navy, darkened). */
export const NAVY_DEEP = '#061a30';

/** The site footer's 18+ line (host/src/features/footer/components/footer.tsx). */
export const AGE_LINE = 'Teilnahme und Gewinne ab 18 Jahren';

/** The header's shield (viewBox 0 0 40 48), as an SVG document. */
export const SHIELD_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 48">' +
  `<path d="M20 1.5 37.5 7.8v14.4c0 11-7.2 20-17.5 24.3C9.7 42.2 2.5 33.2 2.5 22.2V7.8z" fill="${BRAND.yellow}"/>` +
  `<path d="M20 6.2 33 10.9v11.3c0 8.6-5.4 15.7-13 19.4-7.6-3.7-13-10.8-13-19.4V10.9z" fill="${BRAND.navy}"/>` +
  '<circle cx="20" cy="23" r="9" fill="#fff"/>' +
  `<path d="m20 17.6 3.6 2.6-1.4 4.2h-4.4l-1.4-4.2z" fill="${BRAND.navy}"/>` +
  `<path d="M20 17.6V14M23.6 20.2l3.3-1.3M22.2 24.4l2.1 3.1M17.8 24.4l-2.1 3.1M16.4 20.2l-3.3-1.3" stroke="${BRAND.navy}" stroke-width="1.3" fill="none"/>` +
  '</svg>';

/** The placeholder crest of a club without a logo: the shield's outline in brand colours, room for initials. */
export const CREST_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 48">' +
  '<defs><clipPath id="c"><path d="M20 5 34.3 10.1v12.1c0 9.2-5.9 16.8-14.3 20.7-8.4-3.9-14.3-11.5-14.3-20.7V10.1z"/></clipPath></defs>' +
  `<path d="M20 1.5 37.5 7.8v14.4c0 11-7.2 20-17.5 24.3C9.7 42.2 2.5 33.2 2.5 22.2V7.8z" fill="${BRAND.yellow}"/>` +
  `<path d="M20 5 34.3 10.1v12.1c0 9.2-5.9 16.8-14.3 20.7-8.4-3.9-14.3-11.5-14.3-20.7V10.1z" fill="${BRAND.navy}"/>` +
  `<g clip-path="url(#c)"><rect x="0" y="30" width="40" height="2.6" fill="${BRAND.yellow}"/><rect x="0" y="34" width="40" height="1.2" fill="${BRAND.yellow}"/></g>` +
  '</svg>';

export const svgUri = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/**
 * A club's initials for its placeholder crest: the first letters of up to three words, skipping
 * legal forms and numbers ('SV Fortuna Regensburg e.V.' → 'SFR', 'TSV 1860 Rosenheim' → 'TR').
 */
export function initials(clubName: string): string {
  const words = clubName.split(/[\s\-/]+/).filter((word) => /^\p{L}/u.test(word) && !/^(e\.?\s?v\.?|ev)$/i.test(word));
  return words
    .slice(0, 3)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
}

/** The wordmark split as the header draws it: 'PUNKTE' white, 'JAGD' yellow; other names all white. */
export function wordmarkParts(productName: string): [string, string] {
  const upper = productName.toUpperCase();
  const match = /^(.+?)(JAGD)$/u.exec(upper);
  return match ? [match[1]!, match[2]!] : [upper, ''];
}
