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
