/**
 * Test kit for every front-end package (`@erd/shared-contracts/testing`, used by tests only):
 * renders with the real providers and fakes the network at the HTTP boundary (fetch).
 */
import { ThemeProvider } from '@emotion/react';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  sessionStore,
  setRuntimeConfig,
  type RuntimeConfigDto,
  type SessionData,
} from '@erd/shared-contracts';
import { theme } from '@erd/shared-contracts/ui';

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

export const loggedInSession: SessionData = {
  status: 'LOGGED_IN',
  email: 'trainer@tsv-eching.example',
  claims: { sub: 'user-1', email: 'trainer@tsv-eching.example', exp: 4102444800, iat: 1700000000, 'custom:club': 'club-10001-m' },
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
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => result.body ?? null,
      text: async () => JSON.stringify(result.body ?? null),
    } as Response;
  });
  global.fetch = mock as unknown as typeof fetch;
  return mock;
}
