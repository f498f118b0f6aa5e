import { useMemberClub } from '@erd/shared-contracts';

/**
 * Whether the signed-in member belongs to this club entry (the member's club from our API, as the
 * header's club logo reads it). Visitors, members of other clubs and a club not yet known get false.
 */
export function useIsOwnClub(clubId: string): boolean {
  const member = useMemberClub();
  return !!clubId && member.status === 'ready' && member.clubId === clubId;
}
