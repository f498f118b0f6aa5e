import { screen } from '@testing-library/react';
import { mockFetch } from '@erd/shared-contracts/testing';
import { renderChallenges, season, SPACEDATA, spaceData } from '../../../testing/fixtures';

// Every challenge has ended, but one result is still to come: the season is not decided yet.
beforeEach(() => {
  const list = season();
  list.forEach((c, i) => (c.fields.resultsPublished = i !== 3));
  mockFetch({ [SPACEDATA]: { body: { ...spaceData(list), nextSeason: { year: 2027, startDate: '2027-03-01' } } } });
});

it('/challenge: no final-standings notice before the last result is published (issue 26)', async () => {
  renderChallenges({ today: '2026-07-10' });
  await screen.findByRole('article', { name: 'Euer bester Schlachtruf' });
  expect(screen.queryByRole('region', { name: 'Saison 2026 entschieden' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Die nächste Saison startet/)).not.toBeInTheDocument();
});
