import { contentApi } from '@erd/shared-contracts';
import { groupClubs, type ClubChoice } from '../lib/club-search';

/**
 * The club catalogue (spec §7: paged by 100 through the content API), loaded once per page and
 * searched on the client. A failed load is forgotten, so the next search tries again.
 */
let catalogue: Promise<ClubChoice[]> | null = null;

export function loadClubCatalogue(): Promise<ClubChoice[]> {
  catalogue ??= contentApi()
    .listClubs()
    .then(groupClubs)
    .catch((error: unknown) => {
      catalogue = null;
      throw error;
    });
  return catalogue;
}

/** Tests only. */
export function forgetClubCatalogue(): void {
  catalogue = null;
}
