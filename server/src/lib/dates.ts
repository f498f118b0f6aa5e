/** Calendar days in Europe/Berlin (decisions §4), as `YYYY-MM-DD` strings. */

export const TIME_ZONE = 'Europe/Berlin';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date in Europe/Berlin at `now`: the app clock (`ctx.now()`), never the bare system clock (see clock.ts). */
export function berlinToday(now: Date): string {
  return dayFormat.format(now);
}

export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

export const RELATIVE_DATE = /^today(?:([+-])(\d{1,5}))?$/;

/**
 * Resolves a season-file date: `YYYY-MM-DD` as is, or `today`, `today+N`, `today-N` relative to
 * today in Europe/Berlin. Returns null when the value is neither.
 */
export function resolveDateSpec(value: string, today: string): string | null {
  if (isValidIsoDate(value)) return value;
  const match = RELATIVE_DATE.exec(value);
  if (!match) return null;
  const days = match[2] ? Number(match[2]) * (match[1] === '-' ? -1 : 1) : 0;
  return addDays(today, days);
}
