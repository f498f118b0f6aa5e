import { getRuntimeConfig, resolveServiceUrl } from '@erd/shared-contracts';
import { createHttpClient } from '@erd/shared-contracts/http';

/**
 * POST to `{base}/public/spaces/{spaceId}/frontend-users/…` (spec §7; public: no authorization
 * header). Failures are the contracts' `ApiError` (status, code of the error body).
 */
let http: ReturnType<typeof createHttpClient> | null = null;

export function frontendUsersUrl(path: string): string {
  const { base, spaceId } = getRuntimeConfig().contentApi;
  return resolveServiceUrl(`${base}/public/spaces/${encodeURIComponent(spaceId)}/${path}`);
}

export async function postFrontendUsers<T = unknown>(path: string, body: unknown): Promise<T> {
  http ??= createHttpClient();
  const response = await http.post<T>(frontendUsersUrl(path), body);
  return response.data;
}
