import type { createHttpClient } from '@erd/shared-contracts/http';

export type HttpClient = ReturnType<typeof createHttpClient>;

/**
 * The same-origin API client (`@erd/shared-contracts/http`, axios), loaded on the first call so it
 * stays out of the first page. `member: true` adds the access token (spec §6); every non-GET call
 * to a relative URL carries the anti-forgery header. Failures are always `ApiError`s.
 */
export async function apiClient({ member, timeoutMs }: { member: boolean; timeoutMs?: number }): Promise<HttpClient> {
  const { createHttpClient } = await import('@erd/shared-contracts/http');
  return createHttpClient({ authenticated: member, timeoutMs });
}
