import { formatDayMonth, type IsoDate } from '@erd/shared-contracts';

/** `03.05 – 31.05` (spec: dates shown as dd.MM). */
export function formatDateRange(start: IsoDate, end: IsoDate): string {
  return `${formatDayMonth(start)} – ${formatDayMonth(end)}`;
}
