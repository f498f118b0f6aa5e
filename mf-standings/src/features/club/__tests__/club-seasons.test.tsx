import { screen, within } from '@testing-library/react';
import type { PublicClubSeasonsDto } from '@erd/shared-contracts/schemas';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import ClubPage from '../../../exposes/club-page';
import { apiRoutes, club, overallRows, row } from '../../../testing/fixtures';

/** Issue 26: a club page shows the current season first and the club's earlier seasons below. */

const eching = club('club-1', 'TSV Eching', { clubnumber: '10214', team: 'm' });

const earlier: PublicClubSeasonsDto = {
  clubId: 'club-1',
  seasons: [
    {
      id: 'year-2025',
      year: 2025,
      overall: { place: 3, points: 180 },
      challenges: [
        {
          id: 'a25-schaetzen',
          number: 1,
          objectTypeId: 'bfv-erd-estimate',
          headline: 'Zuschauer im Derby',
          startDate: '2025-04-01',
          endDate: '2025-04-30',
          place: 2,
          points: 80,
          estimate: 1200,
          rightEstimate: 1234,
        },
        {
          id: 'a25-spruch',
          number: 2,
          objectTypeId: 'bfv-erd-text-vote',
          headline: 'Spruch des Jahres',
          startDate: '2025-06-01',
          endDate: '2025-06-30',
          place: 1,
          points: 100,
          votes: 40,
          slogan: 'Eching vor!',
          participationId: 'p-1',
        },
      ],
    },
    { id: 'year-2024', year: 2024, overall: null, challenges: [] },
  ],
};

const renderClub = () => renderWithProviders(<ClubPage />, { route: '/club/club-1', path: '/club/:clubId' });

afterEach(() => {
  document.title = '';
});

it('shows the current season first, then one block per earlier season with place, points and challenge results', async () => {
  const fetch = mockFetch({
    ...apiRoutes({
      clubs: [eching],
      overall: overallRows,
      challengeResults: { 'challenge-tore': [row('club-1', 'TSV Eching', 4, 30, { estimate: 3, rightEstimate: 5 })] },
    }),
    'GET /api/public/clubs/club-1/seasons': { body: earlier },
  });
  renderClub();

  expect(await screen.findByRole('heading', { level: 1, name: 'TSV Eching' })).toBeInTheDocument();
  const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  expect(h2.filter((text) => /Gesamtwertung|Ergebnisse|Saison/.test(text ?? ''))).toEqual([
    'Gesamtwertung 2026',
    'Ergebnisse je Challenge 2026',
    'Saison 2025',
    'Saison 2024',
  ]);
  // one request for all earlier seasons, none per earlier file
  expect(fetch.mock.calls.map(([url]) => new URL(String(url)).pathname).filter((path) => path.includes('2025'))).toEqual([]);

  const s2025 = screen.getByRole('region', { name: 'Saison 2025' });
  const tiles = within(s2025)
    .getAllByRole('definition')
    .slice(0, 2)
    .map((dd) => dd.textContent);
  expect(tiles).toEqual(['3.', '180']);
  expect(within(s2025).getByRole('link', { name: 'Abschlusstabelle 2025' })).toHaveAttribute('href', '/tabelle?saison=2025');
  const cards = within(s2025)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
  expect(cards).toEqual(['#1 Zuschauer im Derby', '#2 Spruch des Jahres']);
  expect(within(s2025).getByText('Eching vor!')).toBeInTheDocument();
  expect(within(s2025).getByText('1.234')).toBeInTheDocument();
  // an ended season's entry has no page of its own any more
  expect(within(s2025).queryByRole('link', { name: /Zum Spruch/ })).not.toBeInTheDocument();

  const s2024 = screen.getByRole('region', { name: 'Saison 2024' });
  expect(within(s2024).getByText('In der Gesamtwertung 2024 hatte dieser Verein keine Punkte.')).toBeInTheDocument();
});

it('without earlier seasons the page is as before (no year in its headings)', async () => {
  mockFetch({
    ...apiRoutes({ clubs: [eching], overall: overallRows }),
    'GET /api/public/clubs/club-1/seasons': { body: { clubId: 'club-1', seasons: [] } },
  });
  renderClub();
  expect(await screen.findByRole('heading', { level: 2, name: 'Gesamtwertung' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: /^Saison / })).not.toBeInTheDocument();
});
