import type { ClubFanSignupInput, ClubFanSignupResultDto, MyFansDto } from '@erd/shared-contracts/schemas';
import { useAsync } from '../../../lib/use-async';
import { CLUB_FANS_SIGNUP_PATH, MY_FANS_PATH } from '@erd/shared-contracts/api-paths';

/** 'Mein Verein' (issue 25). The axios client is loaded only when a call is made. */
export const CLUB_FANS_SIGNUP_URL = CLUB_FANS_SIGNUP_PATH;
export const MY_FANS_URL = MY_FANS_PATH;

/** POST { clubId, email, consent: true, adult: true }: the same `{ ok: true }` for every address (double opt-in). */
export async function signupClubFan(clubId: string, email: string): Promise<void> {
  const { createHttpClient } = await import('@erd/shared-contracts/http');
  const body: ClubFanSignupInput = { clubId, email, consent: true, adult: true };
  await createHttpClient().post<ClubFanSignupResultDto>(CLUB_FANS_SIGNUP_URL, body);
}

/** GET /api/me/fans (the signed-in member's own club; never cached). */
export async function getMyFans(): Promise<MyFansDto> {
  const { createHttpClient } = await import('@erd/shared-contracts/http');
  return (await createHttpClient({ authenticated: true }).get<MyFansDto>(MY_FANS_URL)).data;
}

export function useMyFans(clubId: string) {
  return useAsync(`club-fans:${clubId}`, getMyFans);
}
