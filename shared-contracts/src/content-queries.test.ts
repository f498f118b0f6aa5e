import { createContentApi } from './api/content';
import { participationSearchQuery } from './content-queries';

/** The browse page's query as the app sends it is the one the server's preload hint names (server/src/modules/web/preload.ts). */
test('the app’s search URL is participationSearchQuery serialised as URLSearchParams, also for an id that needs escaping', async () => {
  const requested: string[] = [];
  const fetchMock = jest.fn(async (url: URL | string) => {
    requested.push(String(url));
    return new Response(JSON.stringify({ items: [], total: 0 }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const original = globalThis.fetch;
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  try {
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
  } finally {
    globalThis.fetch = original;
  }
});
