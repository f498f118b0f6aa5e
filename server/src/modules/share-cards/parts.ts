import { AGE_LINE, BRAND, CREST_SVG, NAVY_DEEP, SHIELD_SVG, initials, svgUri, wordmarkParts } from './brand.js';
import { CARD_FONT } from './fonts.js';
import { h, img, type CardNode } from './render.js';

/** The pieces every card is built from: wordmark, crest, challenge label, call to action, 18+ line. */

export const HEAVY = { fontFamily: CARD_FONT, fontWeight: 800, fontStyle: 'italic' } as const;
export const BOLD = { fontFamily: CARD_FONT, fontWeight: 700, fontStyle: 'normal' } as const;
export const REGULAR = { fontFamily: CARD_FONT, fontWeight: 400, fontStyle: 'normal' } as const;

let shieldUri: string | null = null;
let crestUri: string | null = null;

/** The header's wordmark: shield, 'PUNKTE' white, 'JAGD' yellow, heavy italic. */
export function wordmark(productName: string, size: number): CardNode {
  shieldUri ??= svgUri(SHIELD_SVG);
  const [first, second] = wordmarkParts(productName);
  return h(
    'div',
    { alignItems: 'center', gap: Math.round(size * 0.35) },
    img(shieldUri, Math.round(size * 1.1), Math.round(size * 1.32)),
    h(
      'div',
      { ...HEAVY, fontSize: size, letterSpacing: size * 0.02, color: BRAND.white, lineHeight: 1 },
      h('span', {}, first),
      second ? h('span', { color: BRAND.yellow }, second) : null,
    ),
  );
}

/**
 * A club's crest: its logo on a white disc (logos are drawn for light backgrounds), or, without
 * one, the brand's shield with the club's initials.
 */
export function crest(logo: string | null, clubName: string, size: number, ring = BRAND.yellow): CardNode {
  if (logo) {
    const inner = Math.round(size * 0.72);
    return h(
      'div',
      {
        width: size,
        height: size,
        borderRadius: size / 2,
        backgroundColor: BRAND.white,
        border: `${Math.max(3, Math.round(size * 0.035))}px solid ${ring}`,
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      },
      img(logo, inner, inner),
    );
  }
  crestUri ??= svgUri(CREST_SVG);
  const letters = initials(clubName) || '?';
  const width = Math.round(size * 0.84);
  return h(
    'div',
    { width: size, height: size, alignItems: 'center', justifyContent: 'center', position: 'relative', flexShrink: 0 },
    img(crestUri, width, Math.round(width * 1.2)),
    h(
      'div',
      {
        position: 'absolute',
        top: 0,
        left: 0,
        width: size,
        height: size,
        alignItems: 'center',
        justifyContent: 'center',
        paddingBottom: Math.round(size * 0.2),
        ...HEAVY,
        fontSize: Math.round(size * (letters.length > 2 ? 0.26 : 0.32)),
        color: BRAND.white,
      },
      letters,
    ),
  );
}

/** 'CHALLENGE 3' in yellow capitals (or 'CHALLENGE' without a number). */
export function kicker(text: string, size: number, color: string = BRAND.yellow): CardNode {
  return h('div', { ...BOLD, fontSize: size, letterSpacing: size * 0.14, color, textTransform: 'uppercase', lineHeight: 1 }, text);
}

export const challengeLabel = (num: number | null) => (num === null ? 'Challenge' : `Challenge ${num}`);

const arrows = new Map<string, string>();
/** An arrow '→' (the card font's subsets have no U+2192). */
export function arrowUri(color: string): string {
  let uri = arrows.get(color);
  if (!uri) {
    uri = svgUri(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 12h15M12 5l7 7-7 7" stroke="${color}" stroke-width="3.2" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
    );
    arrows.set(color, uri);
  }
  return uri;
}

/** The call to action: a yellow plate with navy letters, as the site's primary button. */
export function voteButton(size: number, label = 'Jetzt abstimmen'): CardNode {
  return h(
    'div',
    {
      ...HEAVY,
      fontSize: size,
      color: BRAND.navy,
      backgroundColor: BRAND.yellow,
      padding: `${Math.round(size * 0.42)}px ${Math.round(size * 0.8)}px`,
      borderRadius: Math.round(size * 0.22),
      alignItems: 'center',
      gap: Math.round(size * 0.35),
      lineHeight: 1,
      flexShrink: 0,
    },
    h('span', {}, label),
    img(arrowUri(BRAND.navy), Math.round(size * 0.8), Math.round(size * 0.8)),
  );
}

/** The footer's 18+ line behind a round '18+' mark. */
export function ageLine(size: number, color = 'rgba(255,255,255,0.72)'): CardNode {
  const disc = Math.round(size * 2);
  return h(
    'div',
    { alignItems: 'center', gap: Math.round(size * 0.6), ...REGULAR, fontSize: size, color, lineHeight: 1 },
    h(
      'div',
      {
        width: disc,
        height: disc,
        borderRadius: disc / 2,
        border: `${Math.max(2, Math.round(size * 0.12))}px solid ${color}`,
        alignItems: 'center',
        justifyContent: 'center',
        ...BOLD,
        fontSize: Math.round(size * 0.78),
        letterSpacing: -0.5,
      },
      '18+',
    ),
    h('span', {}, AGE_LINE),
  );
}

/**
 * The brand ground as underlay markup: navy with a lighter glow (centre `cx`, `cy` as fractions),
 * and two yellow diagonals across the top right corner.
 */
export function ground(width: number, height: number, glow: { cx: number; cy: number } = { cx: 0.3, cy: 0.45 }, stripes = true): string {
  return (
    `<defs><radialGradient id="erd-glow" cx="${glow.cx}" cy="${glow.cy}" r="0.85">` +
    `<stop offset="0" stop-color="#12406d"/><stop offset="1" stop-color="${NAVY_DEEP}"/></radialGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#erd-glow)"/>` +
    (stripes ? cornerStripes(width) : '')
  );
}

/** Two yellow diagonals across the top right corner (the club crests' sash, the campaign's accent). */
export function cornerStripes(width: number, scale = 1): string {
  const a = 250 * scale;
  const b = 196 * scale;
  const c = 160 * scale;
  const d = 138 * scale;
  return (
    `<path d="M${width - a} 0 L${width} ${a} L${width} ${b} L${width - b} 0 Z" fill="${BRAND.yellow}"/>` +
    `<path d="M${width - c} 0 L${width} ${c} L${width} ${d} L${width - d} 0 Z" fill="${BRAND.yellow}" opacity="0.55"/>`
  );
}

/** The header's shield as underlay markup, `height` tall, its top left at x, y, turned by `rotate` degrees. */
export function shieldMarkup(x: number, y: number, height: number, rotate = 0, opacity = 1): string {
  const scale = height / 48;
  const inner = SHIELD_SVG.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  return `<g opacity="${opacity}" transform="translate(${x} ${y}) rotate(${rotate} ${20 * scale} ${24 * scale}) scale(${scale})">${inner}</g>`;
}
