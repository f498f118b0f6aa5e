import { screen, within } from '@testing-library/react';
import { mockFetch } from '@erd/shared-contracts/testing';
import { defaultPoints, renderChallenges, season, SPACEDATA, spaceData } from '../../../testing/fixtures';

// A season whose challenges have different points tables (its own file: the space data is loaded once per page).
const small = [
  { fromPlace: 1, toPlace: 1, points: 50 },
  { fromPlace: 2, toPlace: 3, points: 20 },
  { fromPlace: 4, toPlace: null, points: 1 },
];

it('shows one points table per challenge when the tables differ', async () => {
  mockFetch({ [SPACEDATA]: { body: spaceData(season([defaultPoints, small, defaultPoints, []])) } });
  renderChallenges();
  const points = await screen.findByRole('region', { name: 'Punkteverteilung' });
  const tables = within(points).getAllByRole('table');
  expect(tables.map((t) => t.querySelector('caption')?.textContent)).toEqual([
    '#1 Volle Hütte beim Pokalfinale',
    '#2 Euer schönster Jubel',
    '#3 Die große Torjagd',
  ]);
  const second = within(tables[1]!);
  expect(second.getByRole('row', { name: '2.–3. Platz 20 Punkte' })).toBeInTheDocument();
  expect(second.getByRole('row', { name: 'Jeder weitere teilnehmende Verein 1 Punkt' })).toBeInTheDocument();
  expect(within(points).getByRole('link', { name: 'Zur Tabelle' })).toHaveAttribute('href', '/tabelle');
});
