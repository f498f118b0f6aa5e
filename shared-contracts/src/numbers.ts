let general: Intl.NumberFormat | undefined;

/**
 * `3847` → `3.847`, `-1250` → `-1.250`: a number as `Intl.NumberFormat('de-DE')` writes it. Whole
 * numbers (points, places, estimates, votes) are grouped here: a page's first `Intl` object costs
 * the browser its ICU set-up, 60–200 ms on a phone before the first screen shows. Anything else
 * (fractions, -0, beyond 2^53) is handed to `Intl`, made on first use.
 */
export function formatGermanNumber(value: number): string {
  if (Number.isSafeInteger(value) && !Object.is(value, -0)) {
    const grouped = Math.abs(value)
      .toString()
      .replace(/\B(?=(\d{3})+$)/g, '.');
    return value < 0 ? `-${grouped}` : grouped;
  }
  general ??= new Intl.NumberFormat('de-DE');
  return general.format(value);
}

/**
 * A whole number as Germans type it (issue 24): digits, optionally grouped in threes by dots or
 * spaces (also the no-break and narrow no-break space a phone's keyboard or a copied figure
 * brings): '4500', '4.500', '4 500', '1.234.567' → the number; surrounding blanks are ignored.
 * Anything else (a decimal comma, '4.50', '45.00.0', a sign, letters, '') → undefined, so the form
 * and the server can say 'must be a number' instead of guessing.
 */
export function parseGermanWholeNumber(text: string): number | undefined {
  const trimmed = text.replace(/^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g, '');
  if (!/^(\d+|\d{1,3}([.\u0020\u00a0\u202f]\d{3})+)$/.test(trimmed)) return undefined;
  // One separator kind per number: '4.500 000' is a typo, not a number.
  const separators = new Set(trimmed.replace(/\d/g, ''));
  if (separators.size > 1) return undefined;
  const value = Number(trimmed.replace(/\D/g, ''));
  return Number.isSafeInteger(value) ? value : undefined;
}
