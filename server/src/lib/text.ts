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

/**
 * The character rules of every text the server takes are the contracts' (`@erd/shared-contracts/text-rules`,
 * which the wire schemas and the forms use too): plain text allows tab and line breaks, a single
 * line (names, street, city) allows neither, nor a line separator or bidi control.
 */
export {
  BIDI as BIDI_CONTROLS,
  isPlainText,
  isSingleLine as isSingleLineText,
  REPLACEMENT_CHARACTER,
} from '@erd/shared-contracts/text-rules';

/** Text for HTML (an element's content or a quoted attribute): the five characters with a meaning there escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
