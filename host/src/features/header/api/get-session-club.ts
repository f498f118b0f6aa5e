import { useEffect, useState } from 'react';
import { contentApi, useSession, type ClubDto } from '@erd/shared-contracts';

/**
 * The club of the signed-in account (the id token's `custom:club`), for the club logo on the
 * profile button. Loaded once per club id and page (a failed load is tried again next time).
 */
const cache = new Map<string, Promise<ClubDto | null>>();

export function getSessionClub(clubId: string): Promise<ClubDto | null> {
  let club = cache.get(clubId);
  if (!club) {
    club = contentApi()
      .getClub(clubId)
      .then((found) => {
        if (!found) cache.delete(clubId);
        return found;
      });
    cache.set(clubId, club);
  }
  return club;
}

/** Tests only. */
export function forgetSessionClubs(): void {
  cache.clear();
}

export function useSessionClub(): ClubDto | null {
  const clubId = useSession((s) => {
    const id = s.status === 'LOGGED_IN' ? s.claims?.['custom:club'] : undefined;
    return typeof id === 'string' && id ? id : null;
  });
  const [loaded, setLoaded] = useState<{ id: string; club: ClubDto | null } | null>(null);

  useEffect(() => {
    if (!clubId) return undefined;
    let cancelled = false;
    void getSessionClub(clubId).then((club) => {
      if (!cancelled) setLoaded({ id: clubId, club });
    });
    return () => {
      cancelled = true;
    };
  }, [clubId]);

  return clubId && loaded?.id === clubId ? loaded.club : null;
}
