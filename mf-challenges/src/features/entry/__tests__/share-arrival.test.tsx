import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Fragment, StrictMode } from 'react';
import { useLocation } from '@erd/shared-contracts';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import ChallengesApp from '../../../exposes/challenges-app';
import { TodayProvider } from '../../../hooks/use-today';
import { OBJECT, SEARCH, SPACEDATA, spaceData, textEntry } from '../../../testing/fixtures';
import { callLines, mockHttp } from '../../../testing/http';
import { resetVoteCounts } from '../../../lib/vote-counts';
import { solveAltcha } from '../../../components/voting/altcha-solver';

jest.mock('../../../components/voting/altcha-solver', () => ({ solveAltcha: jest.fn() }));

/** Issue 23: an entry page opened through a share link (`?via=`) and the votes that follow. */

const VISITS = 'POST /api/reach/visits';
const VOTES = 'POST /api/votes';
const CHALLENGE = 'GET /api/votes/challenge';
const altchaChallenge = {
  parameters: { algorithm: 'SHA-256', nonce: 'ab', salt: 'cd', cost: 1, keyLength: 32, keyPrefix: '00' },
  signature: 'sig',
};

function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="Adresse">{`${pathname}${search}${hash}`}</output>;
}

/** The remote at /challenge/*, with the address it shows; `strict`: under React's StrictMode (effects run twice). */
function renderEntry(route: string, { strict = false } = {}) {
  const Wrap = strict ? StrictMode : Fragment;
  return renderWithProviders(
    <Wrap>
      <TodayProvider today="2026-06-20">
        <ChallengesApp />
      </TodayProvider>
      <LocationProbe />
    </Wrap>,
    { route, path: '/challenge/*' },
  );
}

const address = () => screen.getByRole('status', { name: 'Adresse' });
let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetVoteCounts();
  jest.mocked(solveAltcha).mockReset().mockResolvedValue('c29sdmVk');
  fetchMock = mockFetch({
    [SPACEDATA]: { body: spaceData() },
    [OBJECT('t-12')]: { body: textEntry(12) },
    [SEARCH]: { body: { items: [], total: 0 } },
  });
});

const entryLoads = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/objects/t-12')).length;

it('a visit through a share link is counted once, its channel kept for the session and `via` taken out of the address', async () => {
  const calls = mockHttp({ [VISITS]: { status: 204 } });
  renderEntry('/challenge/challenge-text/t-12?via=whatsapp&ref=verein#stimme');
  await screen.findByRole('article', { name: 'Spruch von SV Musterdorf 12' });

  await waitFor(() => expect(callLines(calls)).toEqual([VISITS]));
  expect(calls[0]).toMatchObject({
    body: { target: { kind: 'entry', challengeId: 'challenge-text', participationId: 't-12' }, via: 'whatsapp' },
    // No token: a visit is nobody's.
    authenticated: false,
  });
  expect(sessionStorage.getItem('bfv-erd-share-via')).toBe('whatsapp');
  // Replaced in place: the other parameters and the hash stay, the entry is not loaded again.
  await waitFor(() => expect(address()).toHaveTextContent('/challenge/challenge-text/t-12?ref=verein#stimme'));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(callLines(calls)).toEqual([VISITS]);
  expect(entryLoads()).toBe(1);
});

it('a vote after such a visit carries the channel', async () => {
  const calls = mockHttp({ [VISITS]: { status: 204 }, [CHALLENGE]: { data: altchaChallenge }, [VOTES]: { data: { votes: 13 } } });
  const user = userEvent.setup();
  renderEntry('/challenge/challenge-text/t-12?via=story');
  const card = await screen.findByRole('article', { name: 'Spruch von SV Musterdorf 12' });
  await user.click(within(card).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  expect(await within(card).findByText('13 Stimmen')).toBeInTheDocument();
  expect(calls.find((call) => `${call.method} ${call.url}` === VOTES)!.body).toEqual({
    challengeId: 'challenge-text',
    participationId: 't-12',
    altcha: 'c29sdmVk',
    via: 'story',
  });
});

it('a later page of the same session votes with the kept channel; without one the vote has no `via`', async () => {
  sessionStorage.setItem('bfv-erd-share-via', 'copy');
  let calls = mockHttp({ [CHALLENGE]: { data: altchaChallenge }, [VOTES]: { data: { votes: 13 } } });
  const user = userEvent.setup();
  const { unmount } = renderEntry('/challenge/challenge-text/t-12');
  await user.click(await screen.findByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  await screen.findByText('13 Stimmen');
  expect(calls.find((call) => `${call.method} ${call.url}` === VOTES)!.body).toMatchObject({ via: 'copy' });
  unmount();

  sessionStorage.clear();
  localStorage.clear();
  resetVoteCounts();
  calls = mockHttp({ [CHALLENGE]: { data: altchaChallenge }, [VOTES]: { data: { votes: 13 } } });
  renderEntry('/challenge/challenge-text/t-12');
  await user.click(await screen.findByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  await screen.findByText('13 Stimmen');
  expect(calls.find((call) => `${call.method} ${call.url}` === VOTES)!.body).not.toHaveProperty('via');
});
