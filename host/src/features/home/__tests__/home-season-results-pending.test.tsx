import { screen } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { challenge, SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { HomePage } from '../components/home-page';

/** Every challenge has ended but the last result is still to come: the season's end as before issue 26. */
beforeEach(() => {
  const challenges = [challenge('a', 'bfv-erd-estimate', -60, -40), challenge('b', 'bfv-erd-text-vote', -30, -2)];
  challenges[0]!.fields.resultsPublished = true;
  mockFetch({ [SPACE_DATA_PATH]: { body: { ...spaceData({ challenges }), nextSeason: { year: 2027, startDate: '2027-03-01' } } } });
});

it('home page: before the last result is published, no next-season date yet (issue 26)', async () => {
  renderWithProviders(<HomePage />);
  expect(await screen.findByRole('heading', { name: 'Die Saison ist beendet' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Saison 2026 entschieden' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Die nächste Saison startet/)).not.toBeInTheDocument();
});
