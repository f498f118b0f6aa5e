import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParticipationDto } from '@erd/shared-contracts';
import { mockFetch, type FakeResponse } from '@erd/shared-contracts/testing';
import { pictureEntry, renderChallenges, SEARCH, SPACEDATA, spaceData, textEntry } from '../../../testing/fixtures';

/** A fake objects/search over `entries`, paging by from/size and ordering by the sort parameter. */
function searchOver(entries: ParticipationDto[], gate?: (url: URL) => Promise<void> | undefined) {
  return async (url: URL): Promise<FakeResponse> => {
    await gate?.(url);
    const from = Number(url.searchParams.get('from'));
    const size = Number(url.searchParams.get('size'));
    const sorted =
      url.searchParams.get('sort') === '-fields.votes'
        ? [...entries].sort((a, b) => (b.fields.votes ?? 0) - (a.fields.votes ?? 0))
        : entries;
    return { body: { items: sorted.slice(from, from + size), total: entries.length } };
  };
}

const searchCalls = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((url) => url.pathname.endsWith('/objects/search'))
    .map((url) => Object.fromEntries(url.searchParams));

const texts = Array.from({ length: 13 }, (_, i) => textEntry(i + 1));

it('lists the first 10 slogans in one column, newest first, with the count text', async () => {
  const fetchMock = mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: searchOver(texts) });
  renderChallenges({ route: '/challenge/challenge-text' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Euer bester Schlachtruf' })).toBeInTheDocument();
  expect(await screen.findByText('10 werden angezeigt von insgesamt 13')).toBeInTheDocument();
  expect(searchCalls(fetchMock)).toEqual([
    { include: '1', 'fields.challenge.id': 'challenge-text', from: '0', size: '10', sort: '-createdAt' },
  ]);
  const list = screen.getByRole('list', { name: 'Teilnahmen' });
  expect(list).toHaveAttribute('data-layout', 'text');
  expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  expect(within(list).queryByRole('img')).not.toBeInTheDocument();
  expect(within(list).getByRole('link', { name: 'Spruch Nummer 1' })).toHaveAttribute('href', '/challenge/challenge-text/t-1');
  const club = within(list).getByRole('link', { name: /SV Musterdorf 1 Herren/ });
  expect(club).toHaveAttribute('href', '/club/club-1');
  expect(club.querySelector('img')).toHaveAttribute('src', 'http://localhost/media/logo-1.svg');
  expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveTextContent('Neueste');
  expect(document.title).toBe('Euer bester Schlachtruf: Stöbern – Punktejagd');
});

it('"Mehr laden" appends the next page and disappears once everything is shown', async () => {
  const fetchMock = mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: searchOver(texts) });
  const user = userEvent.setup();
  renderChallenges({ route: '/challenge/challenge-text' });
  await user.click(await screen.findByRole('button', { name: 'Mehr laden' }));
  expect(await screen.findByText('13 werden angezeigt von insgesamt 13')).toBeInTheDocument();
  const items = within(screen.getByRole('list', { name: 'Teilnahmen' })).getAllByRole('listitem');
  expect(items).toHaveLength(13);
  expect(items[0]).toHaveTextContent('Spruch Nummer 1');
  expect(items[12]).toHaveTextContent('Spruch Nummer 13');
  expect(screen.queryByRole('button', { name: 'Mehr laden' })).not.toBeInTheDocument();
  expect(searchCalls(fetchMock).map((q) => q.from)).toEqual(['0', '10']);
  // The focus moves to the first newly loaded entry.
  expect(screen.getByRole('link', { name: 'Spruch Nummer 11' })).toHaveFocus();
});

it('changing the sort closes the dropdown, hides "Mehr laden" and reloads from offset 0', async () => {
  let release: (() => void) | null = null;
  const gate = (url: URL) =>
    url.searchParams.get('sort') === '-fields.votes' ? new Promise<void>((resolve) => (release = resolve)) : undefined;
  const fetchMock = mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: searchOver(texts, gate) });
  const user = userEvent.setup();
  renderChallenges({ route: '/challenge/challenge-text' });
  expect(await screen.findByRole('button', { name: 'Mehr laden' })).toBeInTheDocument();
  expect(screen.getByText('10 werden angezeigt von insgesamt 13')).toBeInTheDocument();

  const combo = screen.getByRole('combobox', { name: 'Sortieren nach' });
  await user.click(combo);
  await user.click(screen.getByRole('option', { name: 'Beliebtheit' }));
  expect(combo).toHaveAttribute('aria-expanded', 'false');
  expect(combo).toHaveTextContent('Beliebtheit');
  // While the first page of the new order loads, "Mehr laden" is hidden.
  await waitFor(() => expect(release).not.toBeNull());
  expect(screen.queryByRole('button', { name: 'Mehr laden' })).not.toBeInTheDocument();
  expect(screen.queryByText('10 werden angezeigt von insgesamt 13')).not.toBeInTheDocument();
  expect(searchCalls(fetchMock).map((q) => q.from)).toEqual(['0', '0']);
  expect(searchCalls(fetchMock).at(-1)).toEqual({
    include: '1',
    'fields.challenge.id': 'challenge-text',
    from: '0',
    size: '10',
    sort: '-fields.votes',
  });

  release!();
  expect(await screen.findByText('10 werden angezeigt von insgesamt 13')).toBeInTheDocument();
  const items = within(screen.getByRole('list', { name: 'Teilnahmen' })).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Spruch Nummer 13');
  expect(screen.getByRole('button', { name: 'Mehr laden' })).toBeInTheDocument();
});

it('the sort can be changed with the keyboard', async () => {
  const fetchMock = mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: searchOver(texts) });
  const user = userEvent.setup();
  renderChallenges({ route: '/challenge/challenge-text' });
  const combo = await screen.findByRole('combobox', { name: 'Sortieren nach' });
  combo.focus();
  await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
  expect(combo).toHaveTextContent('Beliebtheit');
  await waitFor(() => expect(searchCalls(fetchMock).at(-1)?.sort).toBe('-fields.votes'));
});

it('shows pictures in a grid, each linking to its entry', async () => {
  const pictures = [pictureEntry(1), pictureEntry(2)];
  mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: searchOver(pictures) });
  renderChallenges({ route: '/challenge/challenge-picture' });
  expect(await screen.findByText('2 werden angezeigt von insgesamt 2')).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'Teilnahmen' });
  expect(list).toHaveAttribute('data-layout', 'pictures');
  const image = within(list).getByRole('img', { name: 'Foto von SV Musterdorf 1' });
  expect(image).toHaveAttribute('src', 'http://localhost/media/entry-1-w1024.webp');
  expect(within(list).getByRole('link', { name: 'Foto von SV Musterdorf 1' })).toHaveAttribute('href', '/challenge/challenge-picture/p-1');
  expect(within(list).getByRole('link', { name: /SV Musterdorf 2 Damen/ })).toHaveAttribute('href', '/club/club-2');
  expect(screen.queryByRole('button', { name: 'Mehr laden' })).not.toBeInTheDocument();
});

it('renders a slogan as text, never as HTML', async () => {
  mockFetch({
    [SPACEDATA]: { body: spaceData() },
    [SEARCH]: searchOver([textEntry(1, { slogan: '<img src=x onerror=alert(1)><b>Hoch</b>' })]),
  });
  renderChallenges({ route: '/challenge/challenge-text' });
  expect(await screen.findByRole('link', { name: '<img src=x onerror=alert(1)><b>Hoch</b>' })).toBeInTheDocument();
  expect(document.querySelector('b')).toBeNull();
});

it.each([
  ['no entries', { body: { items: [], total: 0 } }],
  ['a failed load', { status: 500, body: { code: 'Boom' } }],
])('with %s it says so', async (_, answer) => {
  mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: answer });
  renderChallenges({ route: '/challenge/challenge-picture' });
  expect(await screen.findByText('Bisher keine Teilnahmen vorhanden')).toBeInTheDocument();
  expect(screen.queryByText(/werden angezeigt von insgesamt/)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Mehr laden' })).not.toBeInTheDocument();
});

it.each([
  ['an unknown challenge', '/challenge/gibt-es-nicht'],
  ['a challenge without entries to browse (estimate)', '/challenge/challenge-estimate'],
])('shows the 404 screen for %s', async (_, route) => {
  const fetchMock = mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: searchOver(texts) });
  renderChallenges({ route });
  expect(await screen.findByRole('heading', { name: 'kein Treffer' })).toBeInTheDocument();
  expect(screen.getByText('Aber bei der Punktejagd kassierst du trotzdem Punkte!')).toBeInTheDocument();
  expect(searchCalls(fetchMock)).toEqual([]);
});
