import { createHttpClient } from '@erd/shared-contracts/http';

export type HttpClient = ReturnType<typeof createHttpClient>;

let client: HttpClient | null = null;

/**
 * The operator API client (`@erd/shared-contracts/http`, axios). The operator session is the
 * http-only `erd_operator` cookie, which the browser sends by itself on these same-origin calls:
 * no access token (`authenticated: false`, so a club member's token never goes to the operator
 * API); unsafe calls carry the anti-forgery header. Failures are always `ApiError`s.
 */
export function apiClient(): HttpClient {
  client ??= createHttpClient({ authenticated: false });
  return client;
}
