import { screen, waitFor, within } from '@testing-library/react';
import { entryNeighboursPath } from '@erd/shared-contracts/schemas';
import { mockFetch, type FakeResponse } from '@erd/shared-contracts/testing';
import { OBJECT, renderChallenges, SEARCH, SPACEDATA, spaceData, textEntry } from '../../../testing/fixtures';
import { mockHttp } from '../../../testing/http';
import { neighboursPath } from '../api/get-neighbours';

/**
 * The entry page (issue 24): previous/next between the published entries in the sort the visitor came
 * from (`?sort=likes`, else 'Neueste'), kept by the links and by 'Alle anzeigen'; the vote comes before
 * the slogan, on the first screen.
 */

const NEIGHBOURS = 'GET /api/entry-neighbours/challenge-text/t-12';
const VOTE_DAY = '2026-06-20';

function content(neighbours: FakeResponse | ((url: URL) => FakeResponse)) {
  return mockFetch({
    [SPACEDATA]: { body: spaceData() },
    [SEARCH]: { body: { items: [textEntry(12)], total: 1 } },
    [OBJECT('t-12')]: { body: textEntry(12) },
    [NEIGHBOURS]: neighbours,
  });
}

const neighbourCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.map(([u]) => new URL(String(u))).filter((u) => u.pathname.startsWith('/api/entry-neighbours/'));

beforeEach(() => {
  localStorage.clear();
  mockHttp({});
});

it('the page’s path is the contract’s', () => {
  expect(neighboursPath('a b', 'c/d')).toBe(entryNeighboursPath('a b', 'c/d'));
});

it('in the list’s default order: previous and next, the place, no sort in the links', async () => {
  const fetchMock = content({ body: { previous: 't-5', next: 't-3', position: 3, total: 12 } });
  renderChallenges({ route: '/challenge/challenge-text/t-12', today: VOTE_DAY });
  const nav = await screen.findByRole('navigation', { name: 'Weitere Beiträge' });
  expect(within(nav).getByRole('link', { name: 'Vorheriger Beitrag' })).toHaveAttribute('href', '/challenge/challenge-text/t-5');
  expect(within(nav).getByRole('link', { name: 'Nächster Beitrag' })).toHaveAttribute('href', '/challenge/challenge-text/t-3');
  expect(nav).toHaveTextContent('Beitrag 3 von 12');
  expect(screen.getByRole('link', { name: 'Alle anzeigen' })).toHaveAttribute('href', '/challenge/challenge-text');
  expect(neighbourCalls(fetchMock).map((u) => u.search)).toEqual(['']);
});

it('in the order of popularity: asked with sort=likes, the links and "Alle anzeigen" keep it', async () => {
  const fetchMock = content({ body: { previous: null, next: 't-9', position: 1, total: 4 } });
  renderChallenges({ route: '/challenge/challenge-text/t-12?sort=likes', today: VOTE_DAY });
  const nav = await screen.findByRole('navigation', { name: 'Weitere Beiträge' });
  // The first entry: nothing before it.
  expect(within(nav).queryByRole('link', { name: 'Vorheriger Beitrag' })).not.toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Nächster Beitrag' })).toHaveAttribute('href', '/challenge/challenge-text/t-9?sort=likes');
  expect(screen.getByRole('link', { name: 'Alle anzeigen' })).toHaveAttribute('href', '/challenge/challenge-text?sort=likes');
  expect(neighbourCalls(fetchMock).map((u) => u.searchParams.get('sort'))).toEqual(['likes']);
});

it('without neighbours (a failed answer, or the only entry) there are no links', async () => {
  const fetchMock = content({ status: 500, body: { code: 'InternalError', message: 'x' } });
  renderChallenges({ route: '/challenge/challenge-text/t-12', today: VOTE_DAY });
  expect(await screen.findByRole('article', { name: 'Spruch von SV Musterdorf 12' })).toBeInTheDocument();
  await waitFor(() => expect(neighbourCalls(fetchMock)).toHaveLength(1));
  expect(screen.queryByRole('navigation', { name: 'Weitere Beiträge' })).not.toBeInTheDocument();
});

it('the vote comes before the slogan (the first screen, also under a tall picture)', async () => {
  content({ body: { previous: null, next: null, position: 1, total: 1 } });
  renderChallenges({ route: '/challenge/challenge-text/t-12', today: VOTE_DAY });
  const card = await screen.findByRole('article', { name: 'Spruch von SV Musterdorf 12' });
  const button = within(card).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' });
  const slogan = within(card).getByText('Spruch Nummer 12');
  expect(button.compareDocumentPosition(slogan) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(screen.queryByRole('navigation', { name: 'Weitere Beiträge' })).not.toBeInTheDocument();
});
