import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import StandingsApp from '../../../exposes/standings-app';
import { apiRoutes, overallRows, row } from '../../../testing/fixtures';

const renderAt = (route: string) => renderWithProviders(<StandingsApp />, { route, path: '/tabelle/*' });

const names = (list: HTMLElement) => within(list).getAllByRole('listitem').map((item) => within(item).getByRole('link').textContent);

afterEach(() => {
  document.title = '';
});

it('shows the overall table: top three on the podium in reading order 1-2-3, the rest as a list with shared places', async () => {
  mockFetch(apiRoutes({ overall: overallRows }));
  renderAt('/tabelle');

  expect(await screen.findByRole('heading', { level: 1, name: 'Gesamttabelle' })).toBeInTheDocument();
  expect(document.title).toBe('Gesamttabelle');

  const podium = screen.getByRole('list', { name: 'Podium' });
  expect(names(podium)).toEqual(['TSV Eching', 'TSV Grünwald', 'FC Dingolfing']);
  const [first] = within(podium).getAllByRole('listitem');
  expect(first).toHaveTextContent('Platz 1.');
  expect(first).toHaveTextContent('245 Punkte');
  expect(within(first).getByRole('link', { name: 'TSV Eching' })).toHaveAttribute('href', '/club/club-1');
  // the logo sits next to the name: decorative, with an empty alt
  expect(first.querySelector('img')).toHaveAttribute('alt', '');

  const list = screen.getByRole('list', { name: 'Weitere Plätze' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(9);
  expect(items.map((item) => item.textContent)).toEqual([
    'Platz 4.ASV Cham150 Punkte',
    'Platz 4.SV Memmelsdorf150 Punkte',
    'Platz 6.TSV Nördlingen120 Punkte',
    'Platz 7.FC Füssen100 Punkte',
    'Platz 8.SpVgg Mögeldorf95 Punkte',
    'Platz 9.TuS Holzkirchen80 Punkte',
    'Platz 10.SV Kirchdorf am Inn65 Punkte',
    'Platz 11.TSV Peißenberg40 Punkte',
    'Platz 12.DJK Würzburg-Heuchelhof5 Punkte',
  ]);
  expect(within(items[1]).getByRole('link', { name: 'SV Memmelsdorf' })).toHaveAttribute('href', '/club/club-5');

  // the finished challenges (#1–#4), not the upcoming #5
  const perChallenge = screen.getByRole('navigation', { name: 'Tabelle je Challenge' });
  expect(within(perChallenge).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['#1 Volle Hütte beim Pokalfinale', '/tabelle/challenge-pokalfinale'],
    ['#2 Euer schönster Jubel', '/tabelle/challenge-jubel'],
    ['#3 Torfabrik', '/tabelle/challenge-tore'],
    ['#4 Der lauteste Schlachtruf', '/tabelle/challenge-schlachtruf'],
  ]);
});

it('sorts rows by place and keeps a short table on the podium only', async () => {
  mockFetch(apiRoutes({ overall: [row('b', 'Zweiter', 2, 80), row('a', 'Erster', 1, 100)] }));
  renderAt('/tabelle');

  expect(names(await screen.findByRole('list', { name: 'Podium' }))).toEqual(['Erster', 'Zweiter']);
  expect(screen.queryByRole('list', { name: 'Weitere Plätze' })).not.toBeInTheDocument();
});

it.each([
  ['no results file yet', undefined],
  ['an empty results file', []],
])('shows the empty state for %s', async (_label, overall) => {
  mockFetch(apiRoutes({ overall }));
  renderAt('/tabelle');

  expect(await screen.findByRole('heading', { name: 'Noch ist es still...' })).toBeInTheDocument();
  expect(screen.getByText('Pssst! Komm wieder wenn die ersten Punkte vergeben wurden!')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Podium' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Nach oben' })).not.toBeInTheDocument();
});

it("shows a challenge's table under its #n and headline, with a link to the overall table", async () => {
  mockFetch(
    apiRoutes({
      challengeResults: {
        'challenge-jubel': [row('club-3', 'FC Dingolfing', 1, 100, { votes: 80 }), row('club-1', 'TSV Eching', 1, 100, { votes: 80 }), row('club-2', 'TSV Grünwald', 3, 65)],
      },
    }),
  );
  renderAt('/tabelle/challenge-jubel');

  expect(await screen.findByRole('heading', { level: 1, name: '#2 Euer schönster Jubel' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zur Gesamttabelle' })).toHaveAttribute('href', '/tabelle');
  const podium = screen.getByRole('list', { name: 'Podium' });
  expect(within(podium).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Platz 1.1FC Dingolfing100 Punkte',
    'Platz 1.1TSV Eching100 Punkte',
    'Platz 3.3TSV Grünwald65 Punkte',
  ]);
  const current = within(screen.getByRole('navigation', { name: 'Tabelle je Challenge' })).getByRole('link', { current: 'page' });
  expect(current).toHaveTextContent('#2 Euer schönster Jubel');
});

it('shows the empty state for a finished challenge whose results are not published', async () => {
  mockFetch(apiRoutes());
  renderAt('/tabelle/challenge-tore');

  expect(await screen.findByRole('heading', { level: 1, name: '#3 Torfabrik' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Noch ist es still...' })).toBeInTheDocument();
});

it('shows the 404 screen for an id that is not a challenge of the year', async () => {
  mockFetch(apiRoutes({ overall: overallRows }));
  renderAt('/tabelle/gibt-es-nicht');

  expect(await screen.findByRole('heading', { name: 'kein Treffer' })).toBeInTheDocument();
  expect(screen.getByText('Aber bei der Punktejagd kassierst du trotzdem Punkte!')).toBeInTheDocument();
});

describe("'Nach oben'", () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  const mockReducedMotion = (reduce: boolean) => {
    window.matchMedia = jest.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList);
  };

  it.each([
    [false, 'smooth'],
    [true, 'auto'],
  ])('scrolls to the top (reduced motion: %s → %s) and moves focus to the headline', async (reduce, behavior) => {
    mockReducedMotion(reduce);
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    mockFetch(apiRoutes({ overall: overallRows }));
    renderAt('/tabelle');

    await userEvent.click(await screen.findByRole('button', { name: 'Nach oben' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior });
    expect(screen.getByRole('heading', { level: 1, name: 'Gesamttabelle' })).toHaveFocus();
  });
});
