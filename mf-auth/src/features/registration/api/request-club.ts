import type { ClubRequestInput, ClubRequestResultDto } from '@erd/shared-contracts/schemas';
import { httpClient } from '../../../lib/frontend-users';
import { clubRegistrationPaths } from '@erd/shared-contracts/api-paths';

/** POST /api/club-requests (public, rate-limited per IP): a club missing from the catalogue, mailed to the service address. */
export const CLUB_REQUESTS_PATH = clubRegistrationPaths.requests;

/** The path stays relative, so the client adds the anti-forgery header. Errors: the contracts' ApiError. */
export async function requestClub(input: ClubRequestInput): Promise<void> {
  await (await httpClient()).post<ClubRequestResultDto>(CLUB_REQUESTS_PATH, input);
}
