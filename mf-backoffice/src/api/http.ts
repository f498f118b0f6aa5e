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

/** What a call may add besides its URL and body: `params`, `headers`, a DELETE's `data`. */
type RequestConfig = Parameters<HttpClient['get']>[1];

/**
 * The operator API's verbs: each sends through `apiClient()` and answers the response body
 * (`T`; leave it out where the caller ignores the answer). A failure throws the `ApiError`.
 */
export async function apiGet<T = unknown>(url: string, config?: RequestConfig): Promise<T> {
  return (await apiClient().get<T>(url, config)).data;
}

export async function apiPost<T = unknown>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  return (await apiClient().post<T>(url, body, config)).data;
}

export async function apiPut<T = unknown>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  return (await apiClient().put<T>(url, body, config)).data;
}

export async function apiPatch<T = unknown>(url: string, body?: unknown, config?: RequestConfig): Promise<T> {
  return (await apiClient().patch<T>(url, body, config)).data;
}

export async function apiDelete<T = unknown>(url: string, config?: RequestConfig): Promise<T> {
  return (await apiClient().delete<T>(url, config)).data;
}
