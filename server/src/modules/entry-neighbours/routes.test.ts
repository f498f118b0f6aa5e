import type { EntryNeighboursDto } from '@erd/shared-contracts/schemas';
import { entryNeighboursPath } from '@erd/shared-contracts/schemas';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { seedChallenge, seedClubs, seedParticipation, seedYear } from '../../test-support/seed.js';

/**
 * The entry page's neighbours over HTTP against a real server (a listening port, `fetch`): walking
 * 'next' from the list's first entry visits exactly the list's order (the content search) for both
 * sorts, ties on votes and on time included, and 'previous' walks it back; unpublished entries are
 * neither answered nor counted; the answer is cacheable with an ETag; bad input is a German 400.
 */

let t: TestApp;
let base: string;
const CHALLENGE = 'text-vote';
const SEARCH = (sort: string) => `/content/public/spaces/erd/objects/search?fields.challenge.id=${CHALLENGE}&from=0&size=50&sort=${sort}`;

const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 10, minute));

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-07-10T10:00:00Z') });
  await seedYear(t.ctx.db);
  await seedChallenge(t.ctx.db, { id: CHALLENGE });
  await seedChallenge(t.ctx.db, { id: 'other-vote', position: 1 });
  await seedClubs(t.ctx.db, 12);
  // Ties on purpose: e-b, e-c and e-d share a minute; e-a, e-c, e-e share a vote count.
  const entries: [string, number, number][] = [
    ['e-a', 1, 3],
    ['e-b', 2, 5],
    ['e-c', 2, 3],
    ['e-d', 2, 0],
    ['e-e', 4, 3],
    ['e-f', 5, 8],
  ];
  for (const [i, [id, minute, votes]] of entries.entries()) {
    await seedParticipation(t.ctx.db, {
      id,
      challengeId: CHALLENGE,
      clubId: `club-${1000 + Math.floor(i / 2)}-${i % 2 ? 'w' : 'm'}`,
      createdAt: at(minute),
      votes,
    });
  }
  await seedParticipation(t.ctx.db, {
    id: 'e-pending',
    challengeId: CHALLENGE,
    clubId: 'club-1003-w',
    createdAt: at(3),
    votes: 4,
    state: 'pending',
  });
  await seedParticipation(t.ctx.db, { id: 'e-other', challengeId: 'other-vote', clubId: 'club-1004-m', createdAt: at(3) });
  base = await t.listen();
});

afterAll(async () => {
  await t.close();
});

const neighbours = (challengeId: string, participationId: string, query = '', headers: Record<string, string> = {}) =>
  fetch(`${base}${entryNeighboursPath(challengeId, participationId)}${query}`, { headers });

async function listOrder(sort: '-createdAt' | '-fields.votes'): Promise<string[]> {
  const res = await fetch(`${base}${SEARCH(sort)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { _id: string }[] }).items.map((item) => item._id);
}

it.each([
  ['newest', '-createdAt'],
  ['likes', '-fields.votes'],
] as const)('sort=%s: next and previous walk the list’s own order, one by one', async (sort, listSort) => {
  const order = await listOrder(listSort);
  expect(order).toHaveLength(6);
  expect(order).not.toContain('e-pending');
  const seen: string[] = [];
  let current: string | null = order[0]!;
  let previous: string | null = null;
  while (current) {
    const res = await neighbours(CHALLENGE, current, sort === 'newest' ? '' : `?sort=${sort}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as EntryNeighboursDto;
    expect(body).toEqual({ previous, next: order[seen.length + 1] ?? null, position: seen.length + 1, total: 6 });
    seen.push(current);
    previous = current;
    current = body.next;
  }
  expect(seen).toEqual(order);
});

it('the orders differ as the list’s do: newest by time, likes by votes (ties by time, then id)', async () => {
  expect(await listOrder('-createdAt')).toEqual(['e-f', 'e-e', 'e-d', 'e-c', 'e-b', 'e-a']);
  expect(await listOrder('-fields.votes')).toEqual(['e-f', 'e-b', 'e-e', 'e-c', 'e-a', 'e-d']);
});

it('an unpublished entry, an entry of another challenge, an unknown one: 404', async () => {
  for (const [challengeId, id] of [
    [CHALLENGE, 'e-pending'],
    [CHALLENGE, 'e-other'],
    [CHALLENGE, 'nope'],
    ['other-vote', 'e-a'],
  ] as const) {
    const res = await neighbours(challengeId, id);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NotFound' });
  }
  // The other challenge's single entry stands alone.
  expect(await (await neighbours('other-vote', 'e-other')).json()).toEqual({ previous: null, next: null, position: 1, total: 1 });
});

it('cacheable: public with s-maxage, an ETag, 304 on a match', async () => {
  const res = await neighbours(CHALLENGE, 'e-c', '?sort=likes', { 'accept-encoding': 'gzip' });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const etag = res.headers.get('etag');
  expect(etag).toMatch(/^".+"$/);
  expect(await res.json()).toEqual({ previous: 'e-e', next: 'e-a', position: 4, total: 6 });
  const again = await neighbours(CHALLENGE, 'e-c', '?sort=likes', { 'if-none-match': etag! });
  expect(again.status).toBe(304);
});

it('bad input: an unknown sort or a control character is a German 400', async () => {
  const bad = await neighbours(CHALLENGE, 'e-a', '?sort=oldest');
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toMatch(/^sort: /);
  const control = await neighbours(CHALLENGE, 'e-\u0001a');
  expect(control.status).toBe(400);
});
