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

/** Control characters other than tab and line breaks. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text a person can have typed: no control characters (but tab and newlines), no broken UTF-16. */
export function isPlainText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);
}

/** Plain text on one line (names, street, city): no tab or line break either. */
export function isSingleLineText(value: string): boolean {
  return isPlainText(value) && !/[\t\n\r\u2028\u2029]/.test(value);
}

/** Text for HTML (an element's content or a quoted attribute): the five characters with a meaning there escaped. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
