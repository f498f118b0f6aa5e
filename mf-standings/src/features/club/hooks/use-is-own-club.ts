import { ID_TOKEN_CLUB_CLAIM, useSession } from '@erd/shared-contracts';

/**
 * Whether the signed-in member belongs to this club entry: the id token's `custom:club` claim
 * holds the member's club entry id (as the header's club logo reads it). Visitors and members of
 * other clubs get false.
 */
export function useIsOwnClub(clubId: string): boolean {
  return useSession((s) => s.status === 'LOGGED_IN' && !!clubId && s.claims?.[ID_TOKEN_CLUB_CLAIM] === clubId);
}
