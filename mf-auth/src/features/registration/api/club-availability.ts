import { useEffect, useState } from 'react';
import type { ClubAvailabilityDto } from '@erd/shared-contracts/schemas';
import { clubRegistrationPaths } from '@erd/shared-contracts/api-paths';

/** GET /api/clubs/{clubId}/availability (public, rate-limited per IP; server module club-signup). */
export const clubAvailabilityPath = clubRegistrationPaths.availability;

/** Whether the catalogue entry (club and team) can still be registered; throws when the answer is not a clear one. */
export async function getClubAvailability(clubId: string): Promise<boolean> {
  const response = await fetch(clubAvailabilityPath(clubId), { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`club availability: ${response.status}`);
  const body = (await response.json()) as Partial<ClubAvailabilityDto> | null;
  if (typeof body?.available !== 'boolean') throw new Error('club availability: unexpected answer');
  return body.available;
}

/**
 * 'idle' without an entry; 'unknown' when the check failed (the sign-up still decides, so the form
 * is not held back); 'taken' when the entry already has an account.
 */
export type ClubAvailability = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

/** Asks once per chosen entry; an answer for an entry no longer chosen is dropped. */
export function useClubAvailability(clubId: string | null): ClubAvailability {
  const [state, setState] = useState<{ clubId: string; status: ClubAvailability } | null>(null);
  useEffect(() => {
    if (!clubId) return undefined;
    let active = true;
    getClubAvailability(clubId).then(
      (available) => active && setState({ clubId, status: available ? 'available' : 'taken' }),
      () => active && setState({ clubId, status: 'unknown' }),
    );
    return () => {
      active = false;
    };
  }, [clubId]);
  if (!clubId) return 'idle';
  return state?.clubId === clubId ? state.status : 'checking';
}
