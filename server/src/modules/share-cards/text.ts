import { subsetOf } from './fonts.js';

/**
 * The text rules of every card and the poster. User text (club names, slogans) and season text go
 * through `cardText` before layout:
 * - Control characters (C0, C1, line and paragraph separators) become spaces; format characters
 *   (Unicode `Cf`: the bidi embeddings, overrides and isolates U+202A–202E and U+2066–2069, the
 *   marks U+200E/U+200F/U+061C, zero-width characters, the soft hyphen) are removed, so nothing can
 *   reorder or hide part of a card.
 * - Characters the card font has no glyph for (emoji, other scripts) are left out: satori never
 *   looks for another font, and nothing is fetched.
 * - Whitespace is collapsed, and the text is cut to `max` characters with an ellipsis '…' (at a word
 *   boundary where one is near). The input is cut to a bounded length first, so a 10-KB club name
 *   costs no more than a normal one.
 */

/** The longest text each place of a card takes (characters, after cleaning). */
export const TEXT_LIMITS = {
  productName: 24,
  clubName: 60,
  team: 24,
  challengeTitle: 80,
  slogan: 200,
  headline: 80,
  line: 160,
  seasonLabel: 32,
  title: 60,
  url: 200,
} as const;

const ELLIPSIS = '…';

export function cardText(input: string | null | undefined, max: number): string {
  if (!input) return '';
  const bounded = input.slice(0, max * 4 + 64).normalize('NFC');
  let out = '';
  for (const char of bounded) {
    const code = char.codePointAt(0)!;
    if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(char)) out += ' ';
    else if (/\p{Cf}/u.test(char)) continue;
    else if (subsetOf(code) !== null) out += char;
  }
  return shorten(out.replace(/\s+/g, ' ').trim(), max);
}

/** `text` at most `max` characters (code points), ending in '…' when cut. */
export function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  let cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  if (space >= Math.floor(max * 0.6)) cut = cut.slice(0, space);
  return cut.replace(/[\s,;:.\-–—„“"'(]+$/u, '') + ELLIPSIS;
}

/** The longest run of characters without a space (a long compound word sets the smallest size). */
export function longestWord(text: string): number {
  return text.split(' ').reduce((longest, word) => Math.max(longest, Array.from(word).length), 0);
}

/**
 * A font size for `text` in a box: the first step whose length limit the text is within, then
 * smaller still if its longest word would not fit the box's width on one line (`em` is the average
 * width of a character in em of the face, measured for Roboto Condensed).
 */
export function fitSize(text: string, steps: readonly (readonly [maxLength: number, size: number])[], boxWidth: number, em = 0.52): number {
  const length = Array.from(text).length;
  const byLength = (steps.find(([maxLength]) => length <= maxLength) ?? steps[steps.length - 1]!)[1];
  const word = longestWord(text);
  const byWord = word > 0 ? Math.floor(boxWidth / (word * em)) : byLength;
  const smallest = steps[steps.length - 1]![1];
  return Math.max(Math.min(byLength, byWord), Math.min(smallest, byLength));
}

/** A link as people read it: without the scheme and a leading 'www.'. */
export function displayUrl(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^www\./i, '');
}

/** The texts of an entry card, story or poster, each cleaned and cut to its limit (`cardText`). */
export function entryTexts(m: {
  productName: string;
  challengeTitle: string;
  clubName: string;
  team: string;
  slogan?: string;
  url?: string;
}) {
  return {
    productName: cardText(m.productName, TEXT_LIMITS.productName),
    challengeTitle: cardText(m.challengeTitle, TEXT_LIMITS.challengeTitle),
    clubName: cardText(m.clubName, TEXT_LIMITS.clubName),
    team: cardText(m.team, TEXT_LIMITS.team),
    slogan: cardText(m.slogan, TEXT_LIMITS.slogan),
    url: cardText(m.url, TEXT_LIMITS.url),
  };
}
