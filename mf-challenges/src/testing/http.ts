/**
 * A fake of the axios API client (`@erd/shared-contracts/http`) for tests: the HTTP boundary of
 * the same-origin `/api` calls. A test file declares
 *   jest.mock('@erd/shared-contracts/http', () => ({ createHttpClient: jest.fn() }));
 * and then `mockHttp({ 'PUT /api/…': { data }, … })`. Unmatched calls answer 404; an answer with
 * `status >= 400` (or 0, a network failure) rejects with an `ApiError` carrying `code`, like the real client.
 */
import { ApiError } from '@erd/shared-contracts';
import { createHttpClient, type HttpClientOptions } from '@erd/shared-contracts/http';

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body: unknown;
  /** Whether the client adds the access token (`createHttpClient({ authenticated })`). */
  authenticated: boolean;
  config?: { onUploadProgress?: (event: { loaded: number; total?: number }) => void };
}

export interface HttpAnswer {
  status?: number;
  data?: unknown;
  code?: string;
}

export type HttpHandler = HttpAnswer | ((call: HttpCall) => HttpAnswer | Promise<HttpAnswer>);

export function mockHttp(routes: Record<string, HttpHandler>): HttpCall[] {
  const calls: HttpCall[] = [];
  jest.mocked(createHttpClient).mockImplementation((options: HttpClientOptions = {}) => {
    const authenticated = options.authenticated ?? false;
    const request = async (method: HttpCall['method'], url: string, body?: unknown, config?: HttpCall['config']) => {
      const call: HttpCall = { method, url, body, authenticated, config };
      calls.push(call);
      const handler = routes[`${method} ${url}`];
      const answer = typeof handler === 'function' ? await handler(call) : (handler ?? { status: 404, code: 'NotFound' });
      const status = answer.status ?? 200;
      if (status === 0) throw new ApiError('Network error', 0, 'NetworkError');
      if (status >= 400) throw new ApiError(`HTTP ${status}`, status, answer.code ?? 'HttpError', answer.data);
      return { status, data: answer.data ?? null };
    };
    const client = {
      get: (url: string, config?: HttpCall['config']) => request('GET', url, undefined, config),
      delete: (url: string, config?: HttpCall['config']) => request('DELETE', url, undefined, config),
      post: (url: string, body?: unknown, config?: HttpCall['config']) => request('POST', url, body, config),
      put: (url: string, body?: unknown, config?: HttpCall['config']) => request('PUT', url, body, config),
    };
    return client as unknown as ReturnType<typeof createHttpClient>;
  });
  return calls;
}

/** `METHOD url` of each call, in order. */
export const callLines = (calls: HttpCall[]) => calls.map((c) => `${c.method} ${c.url}`);

/** A promise with its resolve function, to hold an answer back. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
