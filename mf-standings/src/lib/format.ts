import { formatDayMonth, formatGermanNumber, type IsoDate } from '@erd/shared-contracts';

/** `3847` → `3.847`. */
export function formatNumber(value: number): string {
  return formatGermanNumber(value);
}

/** `1` → `1 Punkt`, `1250` → `1.250 Punkte`. */
export function formatPoints(points: number): string {
  return `${formatNumber(points)} ${points === 1 ? 'Punkt' : 'Punkte'}`;
}

/** `3` → `3.` (a place as German ordinal). */
export function formatPlace(place: number): string {
  return `${place}.`;
}

/** `03.05 – 31.05` (spec: dates shown as dd.MM). */
export function formatDateRange(start: IsoDate, end: IsoDate): string {
  return `${formatDayMonth(start)} – ${formatDayMonth(end)}`;
}
