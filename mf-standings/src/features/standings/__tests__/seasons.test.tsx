import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@erd/shared-contracts/testing';
import { resetPublicSeasons } from '../../../lib/seasons';
import { renderStandingsAt } from '../../../testing/render';
import { apiRoutes, overallRows, row, seasons } from '../../../testing/fixtures';

/** Issue 26: the archive of ended seasons on the standings pages. */

const archiveRows = [
  row('club-7', 'FC Füssen', 1, 300),
  row('club-2', 'TSV Grünwald', 2, 250),
  row('club-9', 'TuS Holzkirchen', 3, 90),
  row('club-1', 'TSV Eching', 4, 10),
];
const canonical = () => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href');
const podiumNames = () =>
  within(screen.getByRole('list', { name: 'Podium' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);

beforeEach(() => {
  document.head.innerHTML = '<link rel="canonical" href="https://punktejagd.example/tabelle">';
});
afterEach(() => {
  resetPublicSeasons();
  document.title = '';
  document.head.innerHTML = '';
});

it('/tabelle?saison=2025 shows that season’s final table with its podium, its own canonical address and its challenge tables', async () => {
  mockFetch(apiRoutes({ overall: overallRows, archive: { overall: archiveRows } }));
  const { unmount } = renderStandingsAt('/tabelle?saison=2025');

  expect(await screen.findByRole('heading', { level: 1, name: 'Gesamttabelle 2025' })).toBeInTheDocument();
  expect(screen.getByText('Endstand der Saison 2025')).toBeInTheDocument();
  expect(document.title).toBe('Gesamttabelle 2025');
  expect(canonical()).toBe('https://punktejagd.example/tabelle?saison=2025');
  expect(podiumNames()).toEqual(['FC Füssen', 'TSV Grünwald', 'TuS Holzkirchen']);
  const links = within(screen.getByRole('navigation', { name: 'Tabelle je Challenge' })).getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['#1 Zuschauer im Derby', '/tabelle/a25-schaetzen'],
    ['#2 Spruch des Jahres', '/tabelle/a25-spruch'],
  ]);
  unmount();
  // leaving the page gives the server's canonical address back
  expect(canonical()).toBe('https://punktejagd.example/tabelle');
});

it('switches between the seasons with links; the current season’s /tabelle stays as it is', async () => {
  mockFetch(apiRoutes({ overall: overallRows, archive: { overall: archiveRows } }));
  renderStandingsAt('/tabelle');

  expect(await screen.findByRole('heading', { level: 1, name: 'Gesamttabelle' })).toBeInTheDocument();
  expect(canonical()).toBe('https://punktejagd.example/tabelle');
  const switcher = screen.getByRole('navigation', { name: 'Saison' });
  const tabs = within(switcher).getAllByRole('link');
  expect(tabs.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
    ['Saison 2026', '/tabelle', 'page'],
    ['Saison 2025', '/tabelle?saison=2025', null],
  ]);

  await userEvent.click(tabs[1]!);
  expect(await screen.findByRole('heading', { level: 1, name: 'Gesamttabelle 2025' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent('/tabelle?saison=2025');
  expect(within(screen.getByRole('navigation', { name: 'Saison' })).getByRole('link', { name: 'Saison 2025' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await userEvent.click(within(screen.getByRole('navigation', { name: 'Saison' })).getByRole('link', { name: 'Saison 2026' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Gesamttabelle' })).toBeInTheDocument();
});

it('shows no switch with one public season, and works as before when the seasons cannot be loaded', async () => {
  mockFetch(apiRoutes({ overall: overallRows, archive: { seasons: { ...seasons, seasons: seasons.seasons.slice(0, 1) } } }));
  renderStandingsAt('/tabelle');
  expect(await screen.findByRole('heading', { level: 1, name: 'Gesamttabelle' })).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Saison' })).not.toBeInTheDocument();
});

it('the current season’s empty state offers the last ended season’s final table', async () => {
  mockFetch(apiRoutes({ archive: { overall: archiveRows } }));
  renderStandingsAt('/tabelle');

  expect(await screen.findByRole('heading', { name: 'Noch ist es still...' })).toBeInTheDocument();
  const link = screen.getByRole('link', { name: 'Abschlusstabelle 2025' });
  expect(link).toHaveAttribute('href', '/tabelle?saison=2025');
  await userEvent.click(link);
  expect(await screen.findByRole('heading', { level: 1, name: 'Gesamttabelle 2025' })).toBeInTheDocument();
  expect(podiumNames()).toEqual(['FC Füssen', 'TSV Grünwald', 'TuS Holzkirchen']);
});

it('an ended season’s challenge has its table under its #n, with a link back to that season’s table', async () => {
  mockFetch(
    apiRoutes({
      archive: { overall: archiveRows },
      challengeResults: {
        'a25-spruch': [
          row('club-7', 'FC Füssen', 1, 100, { votes: 40, slogan: 'Allez!' }),
          row('club-1', 'TSV Eching', 2, 80, { votes: 12 }),
        ],
      },
    }),
  );
  renderStandingsAt('/tabelle/a25-spruch');

  const heading = await screen.findByRole('heading', { level: 1 });
  expect(heading).toHaveTextContent('#2 Spruch des Jahres');
  expect(document.title).toBe('#2 Spruch des Jahres – Saison 2025');
  expect(screen.getByText('Saison 2025 – beendet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zur Gesamttabelle 2025' })).toHaveAttribute('href', '/tabelle?saison=2025');
  expect(podiumNames()).toEqual(['FC Füssen', 'TSV Eching']);
  expect(
    within(screen.getByRole('navigation', { name: 'Tabelle je Challenge' })).getByRole('link', { name: '#2 Spruch des Jahres' }),
  ).toHaveAttribute('aria-current', 'page');
  // the challenge's page keeps the server's canonical address (its path is stable)
  expect(canonical()).toBe('https://punktejagd.example/tabelle');
});

it.each([
  ['a season that is not public', '/tabelle?saison=2031'],
  ['a saison that is no year', '/tabelle?saison=zwanzig'],
  ['a challenge of no public season', '/tabelle/unbekannt'],
])('shows the 404 screen for %s', async (_label, route) => {
  mockFetch(apiRoutes({ overall: overallRows, archive: { overall: archiveRows } }));
  renderStandingsAt(route);
  expect(await screen.findByRole('heading', { level: 1, name: 'kein Treffer' })).toBeInTheDocument();
});
