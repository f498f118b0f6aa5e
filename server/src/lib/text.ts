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
