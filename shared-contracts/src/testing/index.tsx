/**
 * Test kit for every front-end package (`@erd/shared-contracts/testing`, used by tests only):
 * renders with the real providers and fakes the network at the HTTP boundary.
 *
 * Faking the network: every `fetch` and XMLHttpRequest of a test goes to one msw server
 * (`network.ts`, started by `config/jest.setup-web.cjs`), so the real code runs down to the wire,
 * including the axios client of `@erd/shared-contracts/http` (anti-forgery token, access token,
 * refresh on 401, `ApiError`). A test says what the server answers with a route table per transport:
 * `mockFetch({ 'GET /path': { body } })` for `fetch` (the content API), `mockXhr({ 'PUT /api/…': … })`
 * for the axios calls (mf-challenges' `mockHttp` is the same with axios-shaped answers and recorded
 * calls). Keys are `METHOD path`; a path the table does not list answers 404; a handler function
 * sees the request, `{ status: 0 }` is a network failure, a promise that never settles an answer that
 * never comes. The anti-forgery token path is answered as the server does. A request on a transport
 * for which the test set no table fails the test (after it ends), as does a request that the
 * server's OpenAPI document does not allow: method, path, query or body (`contract.ts`; the answers a
 * test feeds in are not checked). `watchNetwork` sees every request as it was sent.
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
  type ClubDto,
  type MeDto,
  type RuntimeConfigDto,
  type SessionData,
} from '@erd/shared-contracts';
import { theme } from '@erd/shared-contracts/ui';
import { HttpResponse } from 'msw';
import { XSRF_TOKEN_PATH } from '../http/xsrf.js';
import { networkFetch, setRouteTable } from './network.js';

export { setRouteTable, watchNetwork, type NetworkRequest, type RouteTable, type Transport } from './network.js';
export {
  createContractCheck,
  type ContractCheck,
  type ContractCheckOptions,
  type ContractRequest,
  type OpenApiDocument,
} from './contract.js';

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

/**
 * What GET /api/me answers for `loggedInSession`'s member (where the site learns the member's club):
 * the profile links to `clubId`; `club` is the club itself, or null when the test needs no more than
 * the link.
 */
export function loggedInMe(clubId: string, club: ClubDto | null = null): MeDto {
  return {
    sub: 'user-1',
    email: 'trainer@tsv-eching.example',
    fields: {
      firstname: 'Max',
      lastname: 'Muster',
      street: 'Weg 1',
      city: 'Eching',
      club: { id: clubId, linkType: 'Object', type: 'Link' },
    },
    club,
    updatedAt: '2026-05-01T10:00:00.000Z',
  };
}

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

/** Statuses whose answer has no body (the Fetch API refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** An msw answer from a table's answer; `{ status: 0 }` is a network failure. `empty`: the body when `body` is undefined. */
function toResponse(answer: FakeResponse, empty: string) {
  const status = answer.status ?? 200;
  if (status === 0) return HttpResponse.error();
  const body = NULL_BODY.has(status) ? null : answer.body === undefined ? empty : JSON.stringify(answer.body);
  return new HttpResponse(body, { status, headers: { 'content-type': 'application/json', ...answer.headers } });
}

/** A request's body as text, or undefined when it has none. */
async function bodyText(request: Request) {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const text = await request.clone().text();
  return text === '' ? undefined : text;
}

const NOT_FOUND: FakeResponse = { status: 404, body: { code: 'NotFound' } };

/**
 * Answers the test's `fetch` calls from a route table: keys are `METHOD path` (e.g.
 * `GET /content/public/spaces/erd/spacedata`), matched on the pathname; other calls answer 404.
 * Returns the jest mock now on `fetch`, called with what the code passed (`input`, `init`). A handler
 * gets the URL and an `init` with the method, the headers and the body as text.
 */
export function mockFetch(routes: Record<string, Handler>) {
  setRouteTable('fetch', async ({ method, url, request }) => {
    const handler = routes[`${method} ${url.pathname}`] ?? NOT_FOUND;
    if (typeof handler !== 'function') return toResponse(handler, 'null');
    return toResponse(await handler(url, { method, headers: Object.fromEntries(request.headers), body: await bodyText(request) }), 'null');
  });
  const mock = jest.fn((input: RequestInfo | URL, init?: RequestInit) => networkFetch(input, init));
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** What a faked XHR request looked like, for assertions (`init.body` is the sent string). */
export interface FakeXhrInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * Answers the test's XMLHttpRequests (what axios uses in jsdom, so `@erd/shared-contracts/http` runs
 * for real: interceptors, anti-forgery header, refresh on 401) from a route table like `mockFetch`'s:
 * keys are `METHOD path`, other calls answer 404. A handler may answer `{ status: 0 }` for a network
 * failure. Returns a jest mock called with `(url, init)` per request. `GET XSRF_TOKEN_PATH`, unless the
 * table has it, is answered as the server does (the anti-forgery cookie is set) and not passed to
 * the mock: the client asks for it before its first unsafe call.
 */
export function mockXhr(routes: Record<string, FakeResponse | ((url: URL, init: FakeXhrInit) => FakeResponse | Promise<FakeResponse>)>) {
  const mock = jest.fn(async (url: URL, init: FakeXhrInit): Promise<FakeResponse> => {
    const handler = routes[`${init.method} ${url.pathname}`] ?? NOT_FOUND;
    return typeof handler === 'function' ? handler(url, init) : handler;
  });
  setRouteTable('xhr', async ({ method, url, request, sent }) => {
    if (`${method} ${url.pathname}` === `GET ${XSRF_TOKEN_PATH}` && !(`GET ${XSRF_TOKEN_PATH}` in routes)) return undefined;
    const init: FakeXhrInit = { method, headers: Object.fromEntries(request.headers), ...(typeof sent === 'string' ? { body: sent } : {}) };
    return toResponse(await mock(url, init), '');
  });
  return mock;
}
