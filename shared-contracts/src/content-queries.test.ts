import { createContentApi } from './api/content';
import { participationSearchQuery } from './content-queries';
import { mockFetch } from './testing/index.js';

/** The browse page's query as the app sends it is the one the server's preload hint names (server/src/modules/web/preload.ts). */
test('the app’s search URL is participationSearchQuery serialised as URLSearchParams, also for an id that needs escaping', async () => {
  const requested: string[] = [];
  mockFetch({
    'GET /content/public/spaces/erd/objects/search': (url) => {
      requested.push(url.href);
      return { body: { items: [], total: 0 } };
    },
  });
  const api = createContentApi(() => ({ contentApi: { base: 'https://example.org/content', spaceId: 'erd' } }) as never);
  for (const [id, from, sort] of [
    ['c-first', 0, 'newest'],
    ['Bild & Ton/ü', 20, 'likes'],
  ] as const) {
    await api.searchParticipations(id, from, undefined, sort);
    const query = Object.entries(participationSearchQuery(id, from, undefined, sort)).map(([key, value]): [string, string] => [
      key,
      String(value),
    ]);
    expect(requested.pop()).toBe(`https://example.org/content/public/spaces/erd/objects/search?${new URLSearchParams(query).toString()}`);
  }
});
