import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { SPACE_DATA_PATH, seasonChallenges, spaceData } from '../../../testing/fixtures';
import { HomePage } from '../components/home-page';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

it('shows a spinner, then a German error with a retry that loads the content', async () => {
  let fail = true;
  const fetchMock = mockFetch({
    [SPACE_DATA_PATH]: () =>
      fail ? { status: 503, body: { code: 'Unavailable' } } : { body: spaceData({ challenges: seasonChallenges() }) },
  });
  const user = userEvent.setup();
  renderWithProviders(<HomePage />);

  expect(screen.getByRole('status')).toHaveTextContent('Inhalte werden geladen …');
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByRole('heading', { name: 'Da ist leider was schief gelaufen.' })).toBeInTheDocument();
  expect(alert).toHaveTextContent('Die Inhalte konnten gerade nicht geladen werden.');
  // the hero still shows
  expect(screen.getByRole('heading', { level: 1, name: 'Punktejagd' })).toBeInTheDocument();

  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));

  expect(await screen.findByRole('heading', { name: 'Intro-Überschrift' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(2);
  // no challenge runs: the fallback teaser
  expect(screen.getByRole('heading', { name: 'Erste Challenge beginnt bald' })).toBeInTheDocument();
});
