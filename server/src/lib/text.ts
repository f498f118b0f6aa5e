/**
 * The normalised form used for club search and sorting: lowercase, accents removed ("München" →
 * "munchen"), "ß" → "ss", whitespace collapsed.
 */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A file-name friendly slug (ASCII letters, digits, dashes). */
export function slugify(value: string, maxLength = 40): string {
  const slug = normalizeSearch(value)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'file';
}

/** Control characters other than tab and line breaks (C0, DEL and C1: U+009B is a terminal's CSI). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** U+FFFD stands where a decoder lost a character: never typed, always a damaged text. */
export const REPLACEMENT_CHARACTER = /\uFFFD/;
/** Bidi embeddings, overrides, isolates and marks: in a name they reorder the text shown beside it. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/** True for text a person can have typed: no control characters (but tab and newlines), no broken UTF-16, no U+FFFD. */
export function isPlainText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value) && !REPLACEMENT_CHARACTER.test(value);
}

/** Plain text on one line (names, street, city): no tab, line break or bidi control either. */
export function isSingleLineText(value: string): boolean {
  return isPlainText(value) && !/[\t\n\r\u2028\u2029]/.test(value) && !BIDI_CONTROLS.test(value);
}

/** Text for HTML (an element's content or a quoted attribute): the five characters with a meaning there escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
