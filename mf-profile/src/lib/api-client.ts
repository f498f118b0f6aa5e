import { createHttpClient } from '@erd/shared-contracts/http';

/** The same-origin API client (spec §7): access token, anti-forgery header, refresh once on a 401. */
let client: ReturnType<typeof createHttpClient> | null = null;

export function apiClient(): ReturnType<typeof createHttpClient> {
  client ??= createHttpClient({ authenticated: true });
  return client;
}
