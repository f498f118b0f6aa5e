import type { SeasonState } from '@erd/shared-contracts/schemas';

/**
 * A season's state (issue 26, decision 0020): `live` when the site shows it; otherwise `ended` once
 * it has entries or published results or its last challenge day is before today; else a `draft`.
 * The back office's list (seasons-admin) and the public archive (seasons-public) ask this; the
 * spacedata's `nextSeason` (content/repository.ts) is the same rule in SQL: a draft whose first day
 * is after today.
 */
export function seasonStateOf(
  yearId: string,
  currentYearId: string | null,
  facts: { entries: number; published: boolean; endDate: string | null },
  today: string,
): SeasonState {
  if (yearId === currentYearId) return 'live';
  if (facts.entries > 0 || facts.published || (facts.endDate !== null && facts.endDate < today)) return 'ended';
  return 'draft';
}
