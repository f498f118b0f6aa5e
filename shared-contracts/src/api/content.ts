import type { AxiosInstance } from 'axios';
import type {
  ClubDto,
  ParticipationPageDto,
  SpaceDataDto,
  StandingRowDto,
} from '../entities.js';
import { getRuntimeConfig, resolveServiceUrl } from '../runtime-config.js';
import { createHttpClient } from './http.js';
import { isApiError } from './errors.js';

/** Spec §9 constants of the content API. */
export const CLUB_CATALOGUE_PAGE_SIZE = 100;
export const PARTICIPATION_PAGE_SIZE = 10;

export type ParticipationSort = 'newest' | 'likes';

/**
 * The product content API of spec §7 (public: no authorization header) and the static result
 * files. Paths come from the runtime configuration: `{base}/public/spaces/{spaceId}/…`.
 */
export function createContentApi(http: AxiosInstance = createHttpClient(), config = () => getRuntimeConfig()) {
  const spaceUrl = (path: string) => {
    const { base, spaceId } = config().contentApi;
    return resolveServiceUrl(`${base}/public/spaces/${encodeURIComponent(spaceId)}/${path}`);
  };

  async function getSpaceData(): Promise<SpaceDataDto> {
    const res = await http.get<SpaceDataDto>(spaceUrl('spacedata'), { params: { include: 4 } });
    return res.data;
  }

  async function getObject<T>(id: string): Promise<T> {
    const res = await http.get<T>(spaceUrl(`objects/${encodeURIComponent(id)}`), { params: { include: 1 } });
    return res.data;
  }

  /** A club by id; null when it does not exist or cannot be loaded (spec §7). */
  async function getClub(id: string): Promise<ClubDto | null> {
    try {
      const object = await getObject<ClubDto>(id);
      return object.sys.objectTypeId === 'bfv-erd-club' ? object : null;
    } catch {
      return null;
    }
  }

  /** The club catalogue: pages of 100 until a page returns fewer than 100 items (spec §7). */
  async function listClubs(): Promise<ClubDto[]> {
    const clubs: ClubDto[] = [];
    for (let from = 0; ; from += CLUB_CATALOGUE_PAGE_SIZE) {
      const res = await http.get<{ items: ClubDto[] }>(spaceUrl('objects/search'), {
        params: { objectTypeId: 'bfv-erd-club', locale: 'de', size: CLUB_CATALOGUE_PAGE_SIZE, from },
      });
      clubs.push(...res.data.items);
      if (res.data.items.length < CLUB_CATALOGUE_PAGE_SIZE) return clubs;
    }
  }

  /** Published participations of a challenge; a failure gives an empty page (spec §7). */
  async function searchParticipations(
    challengeId: string,
    from: number,
    size: number = PARTICIPATION_PAGE_SIZE,
    sort: ParticipationSort = 'newest',
  ): Promise<ParticipationPageDto> {
    try {
      const res = await http.get<ParticipationPageDto>(spaceUrl('objects/search'), {
        params: {
          include: 1,
          'fields.challenge.id': challengeId,
          from,
          size,
          sort: sort === 'newest' ? '-createdAt' : '-fields.votes',
        },
      });
      return res.data;
    } catch {
      return { items: [], total: 0 };
    }
  }

  async function getResults(file: string): Promise<StandingRowDto[] | null> {
    try {
      const res = await http.get<StandingRowDto[]>(resolveServiceUrl(`${config().resultsBase}/${file}`));
      return res.data;
    } catch (error) {
      if (isApiError(error)) return null;
      throw error;
    }
  }

  return {
    getSpaceData,
    getObject,
    getClub,
    listClubs,
    searchParticipations,
    /** GET /results/overall-{yearId}.json; null when not published or on error. */
    getOverallStandings: (yearId: string) => getResults(`overall-${encodeURIComponent(yearId)}.json`),
    /** GET /results/challenge-{challengeId}.json; null when not published or on error. */
    getChallengeStandings: (challengeId: string) => getResults(`challenge-${encodeURIComponent(challengeId)}.json`),
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

let sharedContentApi: ContentApi | null = null;
let spaceDataPromise: Promise<SpaceDataDto> | null = null;

export function contentApi(): ContentApi {
  sharedContentApi ??= createContentApi();
  return sharedContentApi;
}

/** The space data, fetched once per page load and shared by host and remotes (spec §7: initialised at app start). */
export function loadSpaceData(): Promise<SpaceDataDto> {
  spaceDataPromise ??= contentApi()
    .getSpaceData()
    .catch((error: unknown) => {
      spaceDataPromise = null;
      throw error;
    });
  return spaceDataPromise;
}
