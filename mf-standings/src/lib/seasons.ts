import { getJson, resolveServiceUrl } from '@erd/shared-contracts';
import type { PublicSeasonChallengeDto, PublicSeasonDto, PublicSeasonsDto } from '@erd/shared-contracts/schemas';
import { publicSeasonPaths } from '@erd/shared-contracts/api-paths';

/**
 * The public archive of seasons (issue 26): GET /api/public/seasons, the current season and the
 * ended ones with their public challenges.
 */
export const PUBLIC_SEASONS_URL = publicSeasonPaths.seasons;
export const SEASON_PARAM = 'saison';

let seasonsPromise: Promise<PublicSeasonsDto> | null = null;

function isSeasons(data: unknown): data is PublicSeasonsDto {
  const candidate = data as Partial<PublicSeasonsDto> | null;
  return !!candidate && Array.isArray(candidate.seasons);
}

/** The seasons, fetched once per page load (a switch of the season shows at the next page load, as the space data). */
export function loadPublicSeasons(baseUrl?: string): Promise<PublicSeasonsDto> {
  seasonsPromise ??= getJson<unknown>(baseUrl ? `${baseUrl}${PUBLIC_SEASONS_URL}` : resolveServiceUrl(PUBLIC_SEASONS_URL))
    .then((data) => {
      if (!isSeasons(data)) throw new Error('seasons: unexpected answer');
      return data;
    })
    .catch((error: unknown) => {
      seasonsPromise = null;
      throw error;
    });
  return seasonsPromise;
}

/** The seasons, or null when they cannot be loaded (the pages of the current season work without them). */
export function publicSeasonsOrNull(): Promise<PublicSeasonsDto | null> {
  return loadPublicSeasons().catch(() => null);
}

/** Tests: forget the loaded answer. */
export function resetPublicSeasons(): void {
  seasonsPromise = null;
}

/** `?saison=2026` → 2026; anything else (absent, not a year) → null. */
export function parseSeasonParam(value: string | null): number | null {
  if (value === null || !/^\d{4}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** The ended seasons, newest first. */
export const endedSeasons = (seasons: PublicSeasonsDto | null): PublicSeasonDto[] =>
  seasons?.seasons.filter((s) => s.state === 'ended') ?? [];

/** The ended season a challenge belongs to, with the challenge; null when it is in none. */
export function archivedChallenge(
  seasons: PublicSeasonsDto | null,
  challengeId: string,
): { season: PublicSeasonDto; challenge: PublicSeasonChallengeDto } | null {
  for (const season of endedSeasons(seasons)) {
    const challenge = season.challenges.find((c) => c.id === challengeId);
    if (challenge) return { season, challenge };
  }
  return null;
}
