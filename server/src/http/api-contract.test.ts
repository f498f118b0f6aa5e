import type { RouteOptions } from 'fastify';
import { apiPathRegistries, type ApiPath } from '@erd/shared-contracts/schemas';
import { createTestApp, type TestApp } from '../test-support/app.js';

/**
 * The contract between the browser and the server, for paths (issue 27): the contracts' path
 * registries (`apiPathRegistries`) are the one source of the paths the browser calls. Each of
 * their paths is a route of the server, and each route of the server is in a registry or listed
 * below as one the browser's code does not call. What a call sends is checked against the route's
 * schemas by the front ends' network fake (`@erd/shared-contracts/testing`), which validates every
 * request of their tests against the OpenAPI document built from the same route schemas.
 */

/**
 * Routes the browser's code does not build from a registry, with why (`:pool` stands for the
 * configured user pool's id). Nothing else may be missing.
 */
const NOT_CALLED_BY_THE_BROWSER: Record<string, string> = {
  '/health': 'the load balancer’s liveness probe',
  '/healthz': 'the liveness probe under its Kubernetes name',
  '/ready': 'the readiness probe',
  '/config.json': 'the runtime configuration, loaded by the host’s bootstrap (`loadRuntimeConfig`) before any registry is known',
  '/identity': 'the identity protocol: its URL is the runtime configuration’s Cognito endpoint, spoken by the Cognito client library',
  '/identity/:pool/.well-known/jwks.json': 'the identity service’s public keys, read by API servers and the Cognito mode, not the browser',
  '/identity/:pool/.well-known/openid-configuration': 'the identity service’s discovery document, for API servers',
  '/media/:name': 'pictures and logos, addressed by the URLs the content and answers carry',
  '/media/uploads/:name': 'uploaded pictures, addressed by the URLs the answers carry',
  '/results/:file': 'the published result files below the runtime configuration’s `resultsBase` (content API `getResultsFile`)',
  '/api/operator/openapi.json': 'the API document, for people and tools (linked from the back office’s help)',
  '/api/operator/openapi.yaml': 'the API document in YAML, for people and tools',
};

/** The content API's space, as the runtime configuration of the tests names it. */
const CONTENT_SPACE = '/content/public/spaces/:spaceId/';

interface Route {
  method: string;
  url: string;
  pattern: RegExp;
}

const routes: Route[] = [];

const notCalled = Object.keys(NOT_CALLED_BY_THE_BROWSER).map(patternOf);
const isNotCalled = (url: string) => notCalled.some((pattern) => pattern.test(url));

/** A Fastify URL (`/a/:id/b`, `/x/*`) as a pattern of concrete paths. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.+';
      const escaped = segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      return escaped.replace(/:[A-Za-z]\w*/g, '[^/]+');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

function collect(route: RouteOptions): void {
  for (const method of [route.method].flat()) {
    if (method === 'HEAD' || route.url === '/*' || route.url.startsWith('/remotes/')) continue;
    routes.push({ method, url: route.url, pattern: patternOf(route.url) });
  }
}

/** A registry's path as a concrete path: a builder is called with a sample for each segment. */
function concrete(path: ApiPath, below: string): string {
  const value = typeof path === 'string' ? path : (path as (...segments: string[]) => string)('seg-1', 'seg-2', 'seg-3');
  const withoutQuery = value.split('?')[0];
  return below ? `${below.replace(':spaceId', 'erd')}${withoutQuery}` : withoutQuery;
}

const registered = Object.entries(apiPathRegistries).flatMap(([registry, { below, paths }]) =>
  Object.entries(paths).map(([name, path]) => ({
    name: `${registry}.${name}`,
    path: concrete(path, below === 'contentSpace' ? CONTENT_SPACE : ''),
  })),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T10:00:00Z'), onRoute: collect });
  await t.app.ready();
});
afterAll(() => t.close());

test('the route patterns match the paths they stand for, and only those', () => {
  expect(patternOf('/api/operator/seasons/:yearId').test('/api/operator/seasons/2026')).toBe(true);
  expect(patternOf('/api/operator/seasons/:yearId').test('/api/operator/seasons/2026/order')).toBe(false);
  expect(patternOf('/api/operator/reach.csv').test('/api/operator/reachXcsv')).toBe(false);
  expect(patternOf('/share/entry/:challengeId/:file').test('/share/entry/c1/p1.png')).toBe(true);
});

test('every path of the registries is a route of the server', () => {
  expect(registered.length).toBeGreaterThan(100);
  const unknown = registered.filter(({ path }) => !routes.some((route) => route.pattern.test(path)));
  expect(unknown).toEqual([]);
});

test('every route of the server is in a registry, or named as not called by the browser', () => {
  expect(routes.length).toBeGreaterThan(100);
  const paths = registered.map(({ path }) => path);
  const missing = [...new Set(routes.map((route) => route.url))].filter(
    (url) => !isNotCalled(url) && !paths.some((path) => patternOf(url).test(path)),
  );
  expect(missing).toEqual([]);
});

test('every route named as not called by the browser exists', () => {
  const unknown = Object.keys(NOT_CALLED_BY_THE_BROWSER).filter((url) => !routes.some((route) => patternOf(url).test(route.url)));
  expect(unknown).toEqual([]);
});
