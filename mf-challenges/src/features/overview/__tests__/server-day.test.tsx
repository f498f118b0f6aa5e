import { screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import ChallengesApp from '../../../exposes/challenges-app';
import { SPACEDATA, spaceData } from '../../../testing/fixtures';

// The page's day is the server's (a staging rehearsal with CLOCK_OFFSET_DAYS): the browser's own
// clock says 05.05, the server is 20 days ahead (25.05). No TodayProvider: the remote decides the
// phases as on a real page, from /config.json's offset and the browser's clock.

const BROWSER_NOW = new Date('2026-05-05T10:00:00+02:00');

beforeEach(() => {
  // Only Date is faked (the renders and fetches keep real timers).
  jest.useFakeTimers({
    now: BROWSER_NOW,
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
    ],
  });
  mockFetch({ [SPACEDATA]: { body: spaceData() } });
});
afterEach(() => jest.useRealTimers());

const render = (clockOffsetDays: number) =>
  renderWithProviders(<ChallengesApp />, { route: '/challenge', path: '/challenge/*', config: { clockOffsetDays } });

it('shows the phases of the server’s day, not of the browser’s', async () => {
  render(20);
  // 25.05 on the server: the picture vote (voting until 15.05) is over, the goals challenge runs.
  const picture = await screen.findByRole('article', { name: 'Euer schönster Jubel' });
  expect(within(picture).getByText('Beendet')).toBeInTheDocument();
  expect(within(picture).queryByText('Abstimmen bis 15.05')).not.toBeInTheDocument();
  expect(within(await screen.findByRole('article', { name: 'Die große Torjagd' })).getByText('Mitmachen bis 31.05')).toBeInTheDocument();
});

it('without an offset the browser’s day is the server’s (the same screen on 05.05)', async () => {
  render(0);
  const picture = await screen.findByRole('article', { name: 'Euer schönster Jubel' });
  expect(within(picture).getByText('Abstimmen bis 15.05')).toBeInTheDocument();
  expect(within(picture).queryByText('Beendet')).not.toBeInTheDocument();
});

it('a negative offset (rehearsing an earlier phase) works the same way', async () => {
  // 10.04 on the server: the picture challenge takes entries.
  render(-25);
  const picture = await screen.findByRole('article', { name: 'Euer schönster Jubel' });
  expect(within(picture).getByText('Einreichen bis 20.04')).toBeInTheDocument();
});
