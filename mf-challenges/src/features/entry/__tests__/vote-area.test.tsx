import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { resetVoteCounts } from '../../../lib/vote-counts';
import { ME, OBJECT, renderChallenges, SEARCH, SPACEDATA, spaceData, textEntry } from '../../../testing/fixtures';
import { callLines as allCallLines, deferred, mockHttp, type HttpCall } from '../../../testing/http';

/** The calls of the vote, without the member's GET /api/me (which tells the page whether the entry is the own one). */
const voteCalls = (calls: HttpCall[]) => calls.filter((call) => `${call.method} ${call.url}` !== ME);
const callLines = (calls: HttpCall[]) => allCallLines(voteCalls(calls));
import { solveAltcha } from '../../../components/voting/altcha-solver';

jest.mock('../../../components/voting/altcha-solver', () => ({ solveAltcha: jest.fn() }));

// The text vote: voting 16.06–30.06. Entry t-12 has 12 votes.
const route = '/challenge/challenge-text/t-12';
const VOTES = 'POST /api/votes';
const CHALLENGE = 'GET /api/votes/challenge';
const altchaChallenge = {
  parameters: { algorithm: 'SHA-256', nonce: 'ab', salt: 'cd', cost: 1, keyLength: 32, keyPrefix: '00' },
  signature: 'sig',
};
const failed = 'Deine Stimme konnte nicht gezählt werden. Bitte versuche es später erneut.';
const card = () => screen.findByRole('article', { name: 'Spruch von SV Musterdorf 12' });

beforeEach(() => {
  localStorage.clear();
  resetVoteCounts();
  jest.mocked(solveAltcha).mockReset().mockResolvedValue('c29sdmVk');
  mockFetch({
    [SPACEDATA]: { body: spaceData() },
    [OBJECT('t-12')]: { body: textEntry(12) },
    [SEARCH]: { body: { items: [textEntry(12), textEntry(3)], total: 2 } },
  });
});

it('before the voting window: "ab {d.M.} abstimmen", no button', async () => {
  mockHttp({});
  renderChallenges({ route, today: '2026-06-10' });
  const entry = await card();
  expect(within(entry).getByText('ab 16.6. abstimmen')).toBeInTheDocument();
  expect(within(entry).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
});

it('after the voting window: "Abstimmung Beendet" with the count', async () => {
  mockHttp({});
  renderChallenges({ route, today: '2026-07-05' });
  const entry = await card();
  expect(within(entry).getByText('Abstimmung Beendet')).toBeInTheDocument();
  expect(within(entry).getByText('12 Stimmen')).toBeInTheDocument();
  expect(within(entry).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
});

it('on the last voting day the button is still there', async () => {
  mockHttp({});
  renderChallenges({ route, today: '2026-06-30' });
  expect(within(await card()).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' })).toBeInTheDocument();
});

it('with a local vote record only the plain count shows', async () => {
  localStorage.setItem('bfv-vote-t-12', JSON.stringify({ votedAt: '2026-06-18T10:00:00.000Z' }));
  mockHttp({});
  renderChallenges({ route, today: '2026-06-20' });
  const entry = await card();
  expect(within(entry).getByText('12 Stimmen')).toBeInTheDocument();
  expect(within(entry).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
});

it('a member votes with the token and no proof; the server’s count shows and the vote is remembered', async () => {
  const answer = deferred();
  const calls = mockHttp({
    [VOTES]: async () => {
      await answer.promise;
      return { data: { votes: 20 } };
    },
  });
  const user = userEvent.setup();
  renderChallenges({ route, today: '2026-06-20', session: loggedInSession });
  const entry = await card();
  await user.click(within(entry).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  expect(within(entry).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' })).toBeDisabled();
  expect(within(entry).getByText('Stimme wird gezählt …')).toBeInTheDocument();
  await act(async () => answer.resolve());

  expect(await within(entry).findByText('20 Stimmen')).toBeInTheDocument();
  expect(within(entry).getByText('Danke für deine Stimme!')).toBeInTheDocument();
  expect(within(entry).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
  // The button is gone: the focus moves to the count, not to the start of the page.
  expect(within(entry).getByText('20 Stimmen').closest('[tabindex="-1"]')).toHaveFocus();
  expect(callLines(calls)).toEqual([VOTES]);
  expect(voteCalls(calls)[0]).toMatchObject({ body: { challengeId: 'challenge-text', participationId: 't-12' }, authenticated: true });
  expect(solveAltcha).not.toHaveBeenCalled();
  const record = JSON.parse(localStorage.getItem('bfv-vote-t-12')!);
  expect(Object.keys(record)).toEqual(['votedAt']);
  expect(new Date(record.votedAt).toISOString()).toBe(record.votedAt);
});

it('an anonymous visitor first solves the ALTCHA challenge and sends the solution', async () => {
  const calls = mockHttp({ [CHALLENGE]: { data: altchaChallenge }, [VOTES]: { data: { votes: 13 } } });
  const user = userEvent.setup();
  renderChallenges({ route, today: '2026-06-20' });
  const entry = await card();
  await user.click(within(entry).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  expect(await within(entry).findByText('13 Stimmen')).toBeInTheDocument();
  expect(callLines(calls)).toEqual([CHALLENGE, VOTES]);
  expect(solveAltcha).toHaveBeenCalledWith(altchaChallenge);
  expect(calls[1]).toMatchObject({
    body: { challengeId: 'challenge-text', participationId: 't-12', altcha: 'c29sdmVk' },
    authenticated: false,
  });
  expect(localStorage.getItem('bfv-vote-t-12')).not.toBeNull();
});

it('when the server still asks a member for a proof, one more try carries one', async () => {
  let posts = 0;
  const calls = mockHttp({
    [CHALLENGE]: { data: altchaChallenge },
    [VOTES]: () => (++posts === 1 ? { status: 400, code: 'ProofRequired' } : { data: { votes: 13 } }),
  });
  const user = userEvent.setup();
  renderChallenges({ route, today: '2026-06-20', session: loggedInSession });
  await user.click(within(await card()).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  expect(await screen.findByText('13 Stimmen')).toBeInTheDocument();
  expect(callLines(calls)).toEqual([VOTES, CHALLENGE, VOTES]);
  expect(voteCalls(calls)[2]!.body).toMatchObject({ altcha: 'c29sdmVk' });
});

it('AlreadyVoted (409) also counts as voted and is remembered', async () => {
  mockHttp({ [CHALLENGE]: { data: altchaChallenge }, [VOTES]: { status: 409, code: 'AlreadyVoted' } });
  const user = userEvent.setup();
  renderChallenges({ route, today: '2026-06-20' });
  const entry = await card();
  await user.click(within(entry).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  expect(await within(entry).findByText('12 Stimmen')).toBeInTheDocument();
  expect(within(entry).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
  expect(within(entry).queryByRole('alert')).not.toBeInTheDocument();
  expect(localStorage.getItem('bfv-vote-t-12')).not.toBeNull();
});

it.each([
  ['a server error', { status: 500 }],
  ['a closed vote', { status: 403, code: 'VotingClosed' }],
  ['the per-IP limit', { status: 429, code: 'LimitExceeded' }],
  ['no connection', { status: 0 }],
])('%s gives a short message and the button stays', async (_, answer) => {
  mockHttp({ [VOTES]: answer });
  const user = userEvent.setup();
  renderChallenges({ route, today: '2026-06-20', session: loggedInSession });
  const entry = await card();
  await user.click(within(entry).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  expect(await within(entry).findByRole('alert')).toHaveTextContent(failed);
  expect(within(entry).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' })).toBeEnabled();
  expect(localStorage.getItem('bfv-vote-t-12')).toBeNull();
});

it('a failed proof of work is a failed vote', async () => {
  jest.mocked(solveAltcha).mockRejectedValue(new Error('ALTCHA: no solution in time'));
  const calls = mockHttp({ [CHALLENGE]: { data: altchaChallenge } });
  const user = userEvent.setup();
  renderChallenges({ route, today: '2026-06-20' });
  const entry = await card();
  await user.click(within(entry).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  expect(await within(entry).findByRole('alert')).toHaveTextContent(failed);
  expect(callLines(calls)).toEqual([CHALLENGE]);
});

it('a vote record written meanwhile (another tab) stops the vote', async () => {
  const calls = mockHttp({ [VOTES]: { data: { votes: 13 } } });
  const user = userEvent.setup();
  renderChallenges({ route, today: '2026-06-20', session: loggedInSession });
  const entry = await card();
  localStorage.setItem('bfv-vote-t-12', JSON.stringify({ votedAt: '2026-06-20T08:00:00.000Z' }));
  await user.click(within(entry).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  expect(within(entry).getByText('12 Stimmen')).toBeInTheDocument();
  expect(callLines(calls)).toEqual([]);
});

it('the list shows the server’s counts, and the count of a vote just cast', async () => {
  mockHttp({ [VOTES]: { data: { votes: 20 } } });
  const user = userEvent.setup();
  renderChallenges({ route, today: '2026-06-20', session: loggedInSession });
  await user.click(within(await card()).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' }));
  await screen.findByText('20 Stimmen');
  await user.click(screen.getByRole('link', { name: 'Alle anzeigen' }));
  // The public list may still be cached with the old count (12): the newer count from the vote wins.
  const list = await screen.findByRole('list', { name: 'Teilnahmen' });
  const items = within(list).getAllByRole('listitem');
  expect(items[0]).toHaveTextContent('Spruch Nummer 12');
  expect(items[0]).toHaveTextContent('Abgestimmt20 Stimmen');
  expect(within(items[1]!).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 3, 3 Stimmen' })).toBeInTheDocument();
});
