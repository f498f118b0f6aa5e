/**
 * Route tables for the same-origin `/api` calls of the challenges remote, answered on the shared
 * fake network (msw, `@erd/shared-contracts/testing`): the real axios client
 * (`@erd/shared-contracts/http`) runs, with its anti-forgery token, access token, refresh on 401 and
 * `ApiError` mapping. `mockHttp({ 'PUT /api/…': { data }, … })` answers the XMLHttpRequests whose
 * `METHOD path?query` is a key; other calls answer 404. An answer with `status >= 400`
 * sends `{ code, …data }` (the client rejects with an `ApiError` carrying `code`), `status: 0` is a
 * network failure. The anti-forgery token request is answered by the shared fake and not recorded.
 */
import { XSRF_TOKEN_PATH } from '@erd/shared-contracts/http';
import { setRouteTable, type NetworkRequest } from '@erd/shared-contracts/testing';

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The request body: parsed JSON, or what the client sent as it was (a FormData stays that FormData). */
  body: unknown;
  /** Whether the request carried the access token (an `Authorization` header). */
  authenticated: boolean;
  /**
   * `onUploadProgress` reports upload progress of this request to the client, as the browser would
   * (a `progress` event on the XMLHttpRequest's upload target).
   */
  config?: { onUploadProgress?: (event: { loaded: number; total?: number }) => void };
}

export interface HttpAnswer {
  status?: number;
  data?: unknown;
  code?: string;
}

export type HttpHandler = HttpAnswer | ((call: HttpCall) => HttpAnswer | Promise<HttpAnswer>);

const NOT_FOUND: HttpAnswer = { status: 404, code: 'NotFound' };

/** Statuses whose answer has no body (the Fetch API refuses one). */
const NULL_BODY = new Set([204, 205, 304]);

function toResponse(answer: HttpAnswer): Response {
  const status = answer.status ?? 200;
  if (status === 0) return Response.error();
  const data =
    status >= 400 && answer.code
      ? { ...(typeof answer.data === 'object' && answer.data !== null ? answer.data : {}), code: answer.code }
      : (answer.data ?? null);
  return new Response(NULL_BODY.has(status) ? null : JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
}

/** The body as the code handed it to the client: axios sends objects as JSON text. */
function sentBody(sent: unknown): unknown {
  if (sent === null || sent === undefined) return undefined;
  if (typeof sent !== 'string') return sent;
  try {
    return JSON.parse(sent) as unknown;
  } catch {
    return sent;
  }
}

/** Dispatches upload progress on an XMLHttpRequest's upload target, as the browser does. */
function uploadProgress(upload: EventTarget | undefined) {
  return ({ loaded, total }: { loaded: number; total?: number }) => {
    if (!upload) return;
    const init = { lengthComputable: total !== undefined, loaded, total: total ?? 0 };
    EventTarget.prototype.dispatchEvent.call(upload, new ProgressEvent('progress', init));
    // axios passes on at most 3 progress events a second and the last one held back on `loadend`:
    // a test's steps come faster, so each report is flushed at once.
    EventTarget.prototype.dispatchEvent.call(upload, new ProgressEvent('loadend', init));
  };
}

export function mockHttp(routes: Record<string, HttpHandler>): HttpCall[] {
  const calls: HttpCall[] = [];
  setRouteTable('xhr', async ({ method, url, request, sent, upload }: NetworkRequest) => {
    const path = url.origin === location.origin ? `${url.pathname}${url.search}` : url.href;
    const key = `${method} ${path}`;
    if (key === `GET ${XSRF_TOKEN_PATH}` && !(key in routes)) return undefined;
    const call: HttpCall = {
      method: method as HttpCall['method'],
      url: path,
      body: sentBody(sent),
      authenticated: request.headers.has('authorization'),
      config: { onUploadProgress: uploadProgress(upload) },
    };
    calls.push(call);
    const handler = routes[key] ?? NOT_FOUND;
    return toResponse(typeof handler === 'function' ? await handler(call) : handler);
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
