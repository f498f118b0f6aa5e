import type { ClubDto, ParticipationPageDto, SpaceDataDto, StandingRowDto } from '../entities.js';
import { PARTICIPATION_PAGE_SIZE, participationSearchQuery, type ParticipationSort } from '../content-queries.js';
import { getRuntimeConfig, resolveServiceUrl } from '../runtime-config.js';
import { ApiError, isApiError } from './errors.js';

/** Spec §9 constants of the content API. */
export const CLUB_CATALOGUE_PAGE_SIZE = 100;

type QueryValue = string | number | undefined;

/** Options of a public GET beyond the query: abort signal and the fetch cache mode. */
export interface GetOptions {
  signal?: AbortSignal;
  /**
   * `no-cache` makes the browser revalidate its cached copy with a conditional GET of its own
   * (If-None-Match / If-Modified-Since), which needs no extra request header and so no CORS preflight.
   */
  cache?: RequestCache;
}

/** A JSON answer with the validators the server sent (null where it sent none or did not expose them). */
export interface JsonWithValidators<T> {
  body: T;
  etag: string | null;
  lastModified: string | null;
}

async function requestJson<T>(url: string, params: Record<string, QueryValue>, options: GetOptions): Promise<JsonWithValidators<T>> {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) target.searchParams.set(key, String(value));
  }
  let res: Response;
  try {
    res = await fetch(target, {
      headers: { accept: 'application/json' },
      signal: options.signal,
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch {
    throw new ApiError('Network error', 0, 'NetworkError');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const data = (body ?? {}) as { code?: unknown; message?: unknown };
    throw new ApiError(
      typeof data.message === 'string' ? data.message : `HTTP ${res.status}`,
      res.status,
      typeof data.code === 'string' ? data.code : 'HttpError',
      body,
    );
  }
  return { body: body as T, etag: res.headers?.get('etag') ?? null, lastModified: res.headers?.get('last-modified') ?? null };
}

/**
 * Public GET with `fetch` (no authorization header, spec §6). Failures are `ApiError`s.
 * Public reads do not need axios' interceptors, and keeping axios out of the first page load
 * keeps `/` inside its JavaScript budget.
 */
export async function getJson<T>(url: string, params: Record<string, QueryValue> = {}, signal?: AbortSignal): Promise<T> {
  return (await requestJson<T>(url, params, { signal })).body;
}

/** A published result file with its validators; `body` is null when it is not published or failed to load. */
export type ResultsFile = JsonWithValidators<StandingRowDto[] | null>;

/** The content API's paths below `{base}/public/spaces/{spaceId}/` (spec §7; `frontendUserPaths` are the accounts'). */
export const contentSpacePaths = {
  spaceData: 'spacedata',
  search: 'objects/search',
  object: (id: string) => `objects/${encodeURIComponent(id)}`,
} as const;

/**
 * The product content API of spec §7 (public: no authorization header) and the static result
 * files. Paths come from the runtime configuration: `{base}/public/spaces/{spaceId}/…`.
 */
export function createContentApi(config = () => getRuntimeConfig()) {
  const spaceUrl = (path: string) => {
    const { base, spaceId } = config().contentApi;
    return resolveServiceUrl(`${base}/public/spaces/${encodeURIComponent(spaceId)}/${path}`);
  };

  async function getSpaceData(): Promise<SpaceDataDto> {
    return getJson<SpaceDataDto>(spaceUrl(contentSpacePaths.spaceData), { include: 4 });
  }

  async function getObject<T>(id: string): Promise<T> {
    return getJson<T>(spaceUrl(contentSpacePaths.object(id)), { include: 1 });
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
      const page = await getJson<{ items: ClubDto[] }>(spaceUrl(contentSpacePaths.search), {
        objectTypeId: 'bfv-erd-club',
        locale: 'de',
        size: CLUB_CATALOGUE_PAGE_SIZE,
        from,
      });
      clubs.push(...page.items);
      if (page.items.length < CLUB_CATALOGUE_PAGE_SIZE) return clubs;
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
      return await getJson<ParticipationPageDto>(
        spaceUrl(contentSpacePaths.search),
        participationSearchQuery(challengeId, from, size, sort),
      );
    } catch {
      return { items: [], total: 0 };
    }
  }

  async function getResultsFile(file: string, options: GetOptions = {}): Promise<ResultsFile> {
    try {
      return await requestJson<StandingRowDto[]>(resolveServiceUrl(`${config().resultsBase}/${file}`), {}, options);
    } catch (error) {
      if (isApiError(error)) return { body: null, etag: null, lastModified: null };
      throw error;
    }
  }

  const getResults = async (file: string) => (await getResultsFile(file)).body;
  const overallFile = (yearId: string) => `overall-${encodeURIComponent(yearId)}.json`;

  return {
    getSpaceData,
    getObject,
    getClub,
    listClubs,
    searchParticipations,
    /** GET /results/overall-{yearId}.json; null when not published or on error. */
    getOverallStandings: (yearId: string) => getResults(overallFile(yearId)),
    /**
     * The overall file with its `ETag` / `Last-Modified` (exposed to other origins by the server),
     * for a reader that polls it and re-renders only when a new version was published.
     */
    getOverallStandingsFile: (yearId: string, options?: GetOptions) => getResultsFile(overallFile(yearId), options),
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

/** The parts every page relies on: the year with its challenge list and the site texts. */
export function isSpaceData(data: unknown): data is SpaceDataDto {
  const candidate = data as Partial<SpaceDataDto> | null;
  return !!candidate?.year?.fields && Array.isArray(candidate.year.fields.challenges) && !!candidate.site?.fields;
}

/**
 * The space data, fetched once per page load and shared by host and remotes (spec §7: initialised
 * at app start). An answer of an unexpected shape (a proxy's HTML page, say) is a failure and is
 * not kept, so a retry asks again.
 */
export function loadSpaceData(): Promise<SpaceDataDto> {
  spaceDataPromise ??= contentApi()
    .getSpaceData()
    .then((data) => {
      if (!isSpaceData(data)) throw new ApiError('space data has an unexpected shape', 0, 'MalformedResponse');
      return data;
    })
    .catch((error: unknown) => {
      spaceDataPromise = null;
      throw error;
    });
  return spaceDataPromise;
}
