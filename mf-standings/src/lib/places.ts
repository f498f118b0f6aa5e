import type { StandingRowDto } from '@erd/shared-contracts';

/** The places more than one row shares (ties: 1, 2, 2, 4 → {2}). */
export function sharedPlaces(rows: readonly StandingRowDto[]): ReadonlySet<number> {
  const seen = new Set<number>();
  const shared = new Set<number>();
  for (const { place } of rows) {
    if (seen.has(place)) shared.add(place);
    seen.add(place);
  }
  return shared;
}

/** `2` → `geteilter 2. Platz`. */
export function sharedPlaceText(place: number): string {
  return `geteilter ${place}. Platz`;
}
