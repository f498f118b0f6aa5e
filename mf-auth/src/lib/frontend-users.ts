import { getRuntimeConfig, resolveServiceUrl } from '@erd/shared-contracts';
import type { createHttpClient } from '@erd/shared-contracts/http';

type HttpClient = ReturnType<typeof createHttpClient>;

/**
 * POST to `{base}/public/spaces/{spaceId}/frontend-users/…` (spec §7; public: no authorization
 * header). Failures are the contracts' `ApiError` (status, code of the error body). The API client
 * (axios) loads with the first call, not with the screens.
 */
let http: Promise<HttpClient> | null = null;

export function httpClient(): Promise<HttpClient> {
  http ??= import('@erd/shared-contracts/http').then((http) => http.createHttpClient());
  return http;
}

export function frontendUsersUrl(path: string): string {
  const { base, spaceId } = getRuntimeConfig().contentApi;
  return resolveServiceUrl(`${base}/public/spaces/${encodeURIComponent(spaceId)}/${path}`);
}

export async function postFrontendUsers<T = unknown>(path: string, body: unknown): Promise<T> {
  const response = await (await httpClient()).post<T>(frontendUsersUrl(path), body);
  return response.data;
}
