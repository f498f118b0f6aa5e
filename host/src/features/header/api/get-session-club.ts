import { useMemberClub, type ClubDto } from '@erd/shared-contracts';

/**
 * The club of the signed-in account, for the club logo on the profile button: from our API
 * (GET /api/me, shared with the rest of the site), not from a token claim a pool may not have.
 */
export function useSessionClub(): ClubDto | null {
  const member = useMemberClub();
  return member.status === 'ready' ? member.club : null;
}
