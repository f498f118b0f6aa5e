/**
 * Test kit for every front-end package (`@erd/shared-contracts/testing`, used by tests only):
 * renders with the real providers and fakes the network at the HTTP boundary (fetch).
 */
import { ThemeProvider } from '@emotion/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import {
  MemoryRouter,
  resetMemberClubForTests,
  Route,
  Routes,
  sessionStore,
  setRuntimeConfig,
  type RuntimeConfigDto,
  type SessionData,
} from '@erd/shared-contracts';
import { theme } from '@erd/shared-contracts/ui';
import { XSRF_COOKIE, XSRF_TOKEN_PATH } from '../http/xsrf.js';

export const testConfig: RuntimeConfigDto = {
  productName: 'Punktejagd',
  publicUrl: 'http://localhost',
  contentApi: { base: '/content', spaceId: 'erd' },
  identity: { region: 'eu-central-1', userPoolId: 'eu-central-1_ErdLocal1', clientId: 'erdlocalclient', endpoint: '/identity' },
  remotes: [],
  newsletterUrl: '/api/public/newsletter',
  resultsBase: '/results',
  serviceEmail: 'service@punktejagd.example',
  social: {
    facebook: 'https://facebook.example/punktejagd',
    youtube: 'https://youtube.example/punktejagd',
    tiktok: 'https://tiktok.example/punktejagd',
    instagram: 'https://instagram.example/punktejagd',
  },
};

/**
 * A signed-in member. Its token has no club claim (as from a pool without IDENTITY_CLUB_ATTRIBUTE):
 * the member's club comes from GET /api/me, which a test fakes like any other call.
 */
export const loggedInSession: SessionData = {
  status: 'LOGGED_IN',
  email: 'trainer@tsv-eching.example',
  claims: { sub: 'user-1', email: 'trainer@tsv-eching.example', exp: 4102444800, iat: 1700000000 },
  tokens: {
    idToken: 'id',
    accessToken: 'access',
    refreshToken: 'refresh',
    clockDrift: 0,
    idTokenExpiresAt: 4102444800,
    accessTokenExpiresAt: 4102444800,
  },
};

interface ProviderOptions {
  /** Initial URL. */
  route?: string;
  /** Route pattern the UI is mounted at (for useParams), e.g. `/club/:clubId`. */
  path?: string;
  session?: SessionData | null;
  config?: Partial<RuntimeConfigDto>;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path, session = null, config, ...options }: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  setRuntimeConfig({ ...testConfig, ...config });
  sessionStore.setState(session ?? { status: null, email: null, claims: null, tokens: null });
  resetMemberClubForTests();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[route]}>
          {path ? (
            <Routes>
              <Route path={path} element={children} />
              <Route path="*" element={<p>other route</p>} />
            </Routes>
          ) : (
            children
          )}
        </MemoryRouter>
      </ThemeProvider>
    );
  }
  return render(ui, { wrapper: Wrapper, ...options });
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
  /** Response headers besides `content-type: application/json` (e.g. `etag`). */
  headers?: Record<string, string>;
}

type Handler = FakeResponse | ((url: URL, init?: RequestInit) => FakeResponse | Promise<FakeResponse>);

/**
 * Replaces global fetch with a route table: keys are `METHOD path` (e.g. `GET /content/public/spaces/erd/spacedata`),
 * matched on the pathname. Unmatched calls answer 404. Returns the jest mock to inspect calls.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const mock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // jsdom has no Request class: only touch it when it exists.
    const request = typeof Request !== 'undefined' && input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input), 'http://localhost');
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const handler = routes[`${method} ${url.pathname}`];
    const result = typeof handler === 'function' ? await handler(url, init) : (handler ?? { status: 404, body: { code: 'NotFound' } });
    const status = result.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers({ 'content-type': 'application/json', ...result.headers }),
      json: async () => result.body ?? null,
      text: async () => JSON.stringify(result.body ?? null),
    } as Response;
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The server's answer to `GET XSRF_TOKEN_PATH`: the cookie, unless there is one. */
function xsrfTokenAnswer(): FakeResponse {
  if (!document.cookie.split('; ').some((part) => part.startsWith(`${XSRF_COOKIE}=`)))
    document.cookie = `${XSRF_COOKIE}=test-xsrf-token-0123456789; path=/`;
  return { status: 204 };
}

/** What a faked XHR request looked like, for assertions (`init.body` is the sent string). */
export interface FakeXhrInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Replaces XMLHttpRequest (what axios uses in jsdom, so `@erd/shared-contracts/http` runs for
 * real: interceptors, anti-forgery header, refresh on 401) with the same route table as
 * `mockFetch`: keys are `METHOD path`, unmatched calls answer 404. A handler may answer
 * `{ status: 0 }` for a network failure. Returns a jest mock called with `(url, init)` per request.
 * `GET XSRF_TOKEN_PATH`, unless the table has it, is answered as the server does (the anti-forgery
 * cookie is set) and not passed to the mock: the client asks for it before its first unsafe call.
 */
export function mockXhr(routes: Record<string, FakeResponse | ((url: URL, init: FakeXhrInit) => FakeResponse | Promise<FakeResponse>)>) {
  const mock = jest.fn(async (url: URL, init: FakeXhrInit): Promise<FakeResponse> => {
    const handler = routes[`${init.method} ${url.pathname}`];
    return typeof handler === 'function' ? handler(url, init) : (handler ?? { status: 404, body: { code: 'NotFound' } });
  });

  class FakeXhr {
    readyState = 0;
    status = 0;
    statusText = '';
    responseText = '';
    response: unknown = '';
    responseType: XMLHttpRequestResponseType = '';
    responseURL = '';
    timeout = 0;
    withCredentials = false;
    upload = { addEventListener: () => undefined, removeEventListener: () => undefined };
    onloadend: ((event?: unknown) => void) | null = null;
    onerror: ((event?: unknown) => void) | null = null;
    onabort: ((event?: unknown) => void) | null = null;
    ontimeout: ((event?: unknown) => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;

    open(method: string, url: string) {
      this.method = method.toUpperCase();
      this.url = url;
      this.readyState = 1;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    getAllResponseHeaders() {
      return 'content-type: application/json\r\n';
    }

    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? 'application/json' : null;
    }

    addEventListener() {}

    removeEventListener() {}

    abort() {
      this.aborted = true;
    }

    send(body?: unknown) {
      const url = new URL(this.url, 'http://localhost');
      const init: FakeXhrInit = { method: this.method, headers: { ...this.headers }, ...(typeof body === 'string' ? { body } : {}) };
      const key = `${this.method} ${url.pathname}`;
      const answer = key === `GET ${XSRF_TOKEN_PATH}` && !(key in routes) ? xsrfTokenAnswer() : mock(url, init);
      void Promise.resolve(answer).then((result) => {
        if (this.aborted) return;
        this.readyState = 4;
        this.responseURL = url.href;
        if (result.status === 0) {
          this.onerror?.({ type: 'error' });
          return;
        }
        this.status = result.status ?? 200;
        this.statusText = String(this.status);
        this.responseText = result.body === undefined ? '' : JSON.stringify(result.body);
        this.response = this.responseText;
        this.onloadend?.({ type: 'loadend' });
      });
    }
  }

  global.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return mock;
}
