/**
 * The network of the front-end tests: one msw server (`msw/node`) that every `fetch` and
 * `XMLHttpRequest` (axios, so the real `@erd/shared-contracts/http` client) of a test goes through.
 * `config/jest.setup-web.cjs` starts it for each test file; the helpers (`mockFetch`, `mockXhr`,
 * mf-challenges' `mockHttp`) put their route tables on it. Besides the tables it answers the
 * anti-forgery token path as the server does, checks every request against the server's OpenAPI
 * document (`contract.ts`), and fails the test (in `afterEach`) on a request that no table answers
 * or that the server would not take.
 */
import { getRawRequest } from '@mswjs/interceptors';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { XSRF_COOKIE, XSRF_TOKEN_PATH } from '../http/xsrf.js';
import type { ContractCheck } from './contract.js';

/** How a request was sent: `fetch`, or `xhr` (XMLHttpRequest, what axios uses in jsdom). */
export type Transport = 'fetch' | 'xhr';

/** A request as a route table sees it. */
export interface NetworkRequest {
  method: string;
  url: URL;
  transport: Transport;
  /** The Fetch API request (read its body from a clone). */
  request: Request;
  /** For XMLHttpRequest: what the code handed to `send()` (a string, FormData, ArrayBuffer …), as it was. */
  sent?: unknown;
  /** For XMLHttpRequest: its upload target (where `progress` events for the request body go). */
  upload?: EventTarget;
}

/**
 * Answers a request of its transport (the helpers answer 404 for a path their table does not list);
 * undefined leaves it to the fake's own answers (the anti-forgery token path).
 */
export type RouteTable = (request: NetworkRequest) => Response | undefined | Promise<Response | undefined>;

/** The route table of the running test for each transport. */
const tables = new Map<Transport, RouteTable>();
/** What went wrong in the running test: unexpected requests, requests the server would not take. */
const problems: string[] = [];
let contract: ContractCheck | null = null;
/** What each XMLHttpRequest was sent, by the instance msw's interceptor hands out. */
const sentBodies = new WeakMap<object, unknown>();

/**
 * Puts the route table of a transport on the network for the running test, replacing the one set
 * before (so `mockFetch(…)` called twice leaves only the second table, as when it replaced `fetch`).
 * The tables go after each test. A request on a transport without a table fails the test.
 */
export function setRouteTable(transport: Transport, table: RouteTable) {
  tables.set(transport, table);
}

/** Listeners of the running test to every request, before a table answers it. */
const watchers = new Set<(request: NetworkRequest) => void>();

/** Calls `listener` with every request of the running test (e.g. to keep what was sent); it goes after the test. */
export function watchNetwork(listener: (request: NetworkRequest) => void) {
  watchers.add(listener);
}

const describeRequest = (request: Request) => {
  const url = new URL(request.url);
  return `${request.method} ${url.origin === location.origin ? '' : url.origin}${url.pathname}${url.search}`;
};

/** Checks what the client sends (never what a test answers) against the server's OpenAPI document. */
async function checkContract(request: Request) {
  if (!contract) return;
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.clone().text();
  const problem = contract.check({
    method: request.method,
    url: new URL(request.url),
    contentType: request.headers.get('content-type'),
    body,
  });
  if (problem) problems.push(`a request the server would not take: ${problem}`);
}

/** The server's answer to `GET XSRF_TOKEN_PATH`: the anti-forgery cookie, unless there is one. */
function xsrfTokenResponse() {
  if (!document.cookie.split('; ').some((part) => part.startsWith(`${XSRF_COOKIE}=`)))
    document.cookie = `${XSRF_COOKIE}=test-xsrf-token-0123456789; path=/`;
  return new HttpResponse(null, { status: 204 });
}

const testServer = setupServer(
  http.all('*', async ({ request }) => {
    await checkContract(request);
    const raw = getRawRequest(request);
    const xhr = typeof raw === 'object' && raw !== null && !(raw instanceof Request) && 'upload' in raw;
    const seen: NetworkRequest = {
      method: request.method,
      url: new URL(request.url),
      transport: xhr ? 'xhr' : 'fetch',
      request,
      ...(xhr ? { sent: sentBodies.get(raw), upload: (raw as XMLHttpRequest).upload } : {}),
    };
    for (const watcher of watchers) watcher(seen);
    // Before its first unsafe call the client asks for the anti-forgery cookie: answered as the server does.
    const xsrf = request.method === 'GET' && seen.url.origin === location.origin && seen.url.pathname === XSRF_TOKEN_PATH;
    const table = tables.get(seen.transport);
    if (table) {
      const response = await table(seen);
      if (response) return response;
    }
    if (xsrf) return xsrfTokenResponse();
    // msw passes a request its handlers leave alone to the real network: here it fails instead.
    problems.push(`an unexpected request (no route table for ${seen.transport}): ${describeRequest(request)}`);
    return HttpResponse.error();
  }),
);

/** `fetch` as msw intercepts it (what `mockFetch`'s recording wrapper calls). */
let interceptedFetch: typeof fetch | null = null;

/** The fetch that goes to the fake network (under whatever recording wrapper a test put on `fetch`). */
export const networkFetch: typeof fetch = (input, init) => {
  if (!interceptedFetch) throw new Error('The fake network is not started (config/jest.setup-web.cjs starts it)');
  return interceptedFetch(input, init);
};

let originalXhr: typeof XMLHttpRequest | null = null;

/**
 * Starts the network for a test file (`beforeAll`): requests no table answers fail the test, and
 * with a contract check, so do requests the server would not take.
 */
export function startNetwork(check: ContractCheck | null = null) {
  contract = check;
  testServer.listen({ onUnhandledRequest: 'error' });
  interceptedFetch = globalThis.fetch;
  if (typeof XMLHttpRequest === 'undefined') return; // a file in the node environment
  // msw's XMLHttpRequest hands its handlers a Fetch API request; the helpers also want the body as
  // it was sent (a FormData, not a copy), so each instance's `send` argument is kept on the side.
  originalXhr = globalThis.XMLHttpRequest;
  const intercepted = originalXhr;
  globalThis.XMLHttpRequest = new Proxy(intercepted, {
    construct(target, args, newTarget) {
      const instance = Reflect.construct(target, args, newTarget === globalThis.XMLHttpRequest ? target : newTarget) as XMLHttpRequest;
      const headers = new Set<string>();
      const setRequestHeader = (name: string, value: string) => {
        headers.add(name.toLowerCase());
        instance.setRequestHeader(name, value);
      };
      const send = (body?: Document | XMLHttpRequestBodyInit | null) => {
        sentBodies.set(instance, body);
        if (!(body instanceof FormData || body instanceof Blob)) return instance.send(body);
        // jsdom's FormData and Blob mean nothing to Node's Request (msw's copy of the request): they go
        // as the bytes a browser would send, read first (the request then leaves a moment later).
        void wireBody(body).then(
          ({ bytes, contentType }) => {
            if (instance.readyState !== XMLHttpRequest.OPENED) return; // aborted meanwhile
            if (contentType && !headers.has('content-type')) instance.setRequestHeader('Content-Type', contentType);
            instance.send(bytes);
          },
          (error: unknown) => problems.push(`could not read the body of a request: ${String(error)}`),
        );
      };
      return new Proxy(instance, {
        get: (object, property) =>
          property === 'send' ? send : property === 'setRequestHeader' ? setRequestHeader : Reflect.get(object, property),
        set: (object, property, value) => Reflect.set(object, property, value),
      });
    },
  });
}

/** A jsdom Blob's bytes (through jsdom's FileReader: its Blob has no `arrayBuffer()`). */
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}

/** What a browser sends for a FormData (multipart/form-data, RFC 7578) or a Blob. */
async function wireBody(body: FormData | Blob): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType?: string }> {
  if (body instanceof Blob) return { bytes: new Uint8Array(await blobBytes(body)), ...(body.type ? { contentType: body.type } : {}) };
  const boundary = '----erd-test-form-boundary-7MA4YWxkTrZu0gW';
  const quote = (text: string) => text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const [name, value] of body.entries()) {
    if (typeof value === 'string') {
      parts.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`));
      continue;
    }
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"; filename="${quote(value.name)}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`;
    parts.push(encoder.encode(head), await blobBytes(value), encoder.encode('\r\n'));
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return { bytes, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** After each test: drops the route tables and fails the test on what went wrong in it. */
export function endNetworkTest() {
  tables.clear();
  watchers.clear();
  testServer.resetHandlers();
  const found = problems.splice(0);
  if (found.length > 0) throw new Error(`The fake network saw ${found.length === 1 ? 'a problem' : 'problems'}:\n- ${found.join('\n- ')}`);
}

/** After all tests of a file. */
export function stopNetwork() {
  if (originalXhr) globalThis.XMLHttpRequest = originalXhr;
  testServer.close();
}
