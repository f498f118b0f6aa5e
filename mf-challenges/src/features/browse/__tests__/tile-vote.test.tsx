import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { solveAltcha } from '../../../components/voting/altcha-solver';
import { resetVoteCounts } from '../../../lib/vote-counts';
import { ME, meAnswer, renderChallenges, SEARCH, SPACEDATA, spaceData, textEntry } from '../../../testing/fixtures';
import { callLines, deferred, mockHttp } from '../../../testing/http';

jest.mock('../../../components/voting/altcha-solver', () => ({ solveAltcha: jest.fn() }));

/**
 * Voting from the list (issue 24): every tile of the slogan list (#4 text vote: submission to 15.06,
 * voting 16.06–30.06) has a labelled vote with the count while voting runs, the same vote as the
 * entry page's (proof of work, local record), updating in place; the club's own entry says
 * 'Dein Beitrag'; outside the window only the counts show.
 */

const route = '/challenge/challenge-text';
const VOTE_DAY = '2026-06-20';
const VOTES = 'POST /api/votes';
const CHALLENGE = 'GET /api/votes/challenge';
const altchaChallenge = {
  parameters: { algorithm: 'SHA-256', nonce: 'ab', salt: 'cd', cost: 1, keyLength: 32, keyPrefix: '00' },
  signature: 'sig',
};
const FAILED = 'Deine Stimme konnte nicht gezählt werden. Bitte versuche es später erneut.';
const OWN_CLUB = { id: 'club-10001-m', linkType: 'Object', type: 'Link' } as const;

const tile = async (text: string) => {
  const list = await screen.findByRole('list', { name: 'Teilnahmen' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(text))!;
};

let fetchMock: jest.Mock;
beforeEach(() => {
  localStorage.clear();
  resetVoteCounts();
  jest.mocked(solveAltcha).mockReset().mockResolvedValue('c29sdmVk');
  fetchMock = mockFetch({
    [SPACEDATA]: { body: spaceData() },
    [SEARCH]: { body: { items: [textEntry(12), textEntry(3), textEntry(7, { club: OWN_CLUB })], total: 3 } },
  });
});

it('an anonymous vote from a tile: proof of work, then the count updates in place and the vote is remembered', async () => {
  const answer = deferred();
  const calls = mockHttp({
    [CHALLENGE]: { data: altchaChallenge },
    [VOTES]: async () => {
      await answer.promise;
      return { data: { votes: 13 } };
    },
  });
  const user = userEvent.setup();
  renderChallenges({ route, today: VOTE_DAY });
  const first = await tile('Spruch Nummer 12');
  const other = await tile('Spruch Nummer 3');
  // Nothing of the vote's machinery before someone votes.
  expect(solveAltcha).not.toHaveBeenCalled();
  expect(calls).toEqual([]);
  const button = within(first).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' });
  expect(button).toHaveTextContent('Abstimmen12');
  await user.click(button);
  expect(await within(first).findByText('Stimme wird gezählt …')).toBeInTheDocument();
  await act(async () => answer.resolve());

  expect(await within(first).findByText('13 Stimmen')).toBeInTheDocument();
  expect(within(first).getByText('Abgestimmt')).toBeInTheDocument();
  expect(within(first).getByText('Danke für deine Stimme!')).toBeInTheDocument();
  expect(within(first).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
  expect(within(first).getByText('13 Stimmen').closest('[tabindex="-1"]')).toHaveFocus();
  // The other tiles keep their buttons; the list is not loaded again.
  expect(within(other).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 3, 3 Stimmen' })).toBeEnabled();
  expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/objects/search'))).toHaveLength(1);
  expect(callLines(calls)).toEqual([CHALLENGE, VOTES]);
  expect(calls[1]).toMatchObject({
    body: { challengeId: 'challenge-text', participationId: 't-12', altcha: 'c29sdmVk' },
    authenticated: false,
  });
  expect(localStorage.getItem('bfv-vote-t-12')).not.toBeNull();
});

it('a failed vote says so in its tile and keeps the button', async () => {
  mockHttp({ [CHALLENGE]: { data: altchaChallenge }, [VOTES]: { status: 500, code: 'InternalError' } });
  const user = userEvent.setup();
  renderChallenges({ route, today: VOTE_DAY });
  const first = await tile('Spruch Nummer 12');
  await user.click(within(first).getByRole('button', { name: /^Abstimmen: Spruch von SV Musterdorf 12/ }));
  expect(await within(first).findByRole('alert')).toHaveTextContent(FAILED);
  expect(within(first).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' })).toBeEnabled();
  expect(within(await tile('Spruch Nummer 3')).queryByRole('alert')).not.toBeInTheDocument();
  expect(localStorage.getItem('bfv-vote-t-12')).toBeNull();
});

it('with a local vote record the tile says "Abgestimmt" with the count', async () => {
  localStorage.setItem('bfv-vote-t-3', JSON.stringify({ votedAt: '2026-06-18T10:00:00.000Z' }));
  mockHttp({});
  renderChallenges({ route, today: VOTE_DAY });
  const voted = await tile('Spruch Nummer 3');
  expect(within(voted).getByText('Abgestimmt')).toBeInTheDocument();
  expect(within(voted).getByText('3 Stimmen')).toBeInTheDocument();
  expect(within(voted).queryByRole('button')).not.toBeInTheDocument();
});

it('the member’s own entry shows "Dein Beitrag" instead of a button; the others can be voted for', async () => {
  const me = deferred();
  mockHttp({ [ME]: async () => (await me.promise, { data: meAnswer() }) });
  renderChallenges({ route, today: VOTE_DAY, session: loggedInSession });
  const own = await tile('Spruch Nummer 7');
  // While the member's club is not known: the counts only, no button anywhere.
  expect(screen.queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
  expect(within(own).getByText('7 Stimmen')).toBeInTheDocument();
  await act(async () => me.resolve());
  expect(
    await within(await tile('Spruch Nummer 12')).findByRole('button', { name: /^Abstimmen: Spruch von SV Musterdorf 12/ }),
  ).toBeInTheDocument();
  expect(within(own).getByText('Dein Beitrag')).toBeInTheDocument();
  expect(within(own).getByText('7 Stimmen')).toBeInTheDocument();
  expect(within(own).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
});

it.each([
  ['before the voting window', '2026-06-10'],
  ['after the voting window', '2026-07-05'],
])('%s the tiles show the counts only', async (_, today) => {
  mockHttp({});
  renderChallenges({ route, today });
  const first = await tile('Spruch Nummer 12');
  expect(within(first).getByText('12 Stimmen')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
});

it('the sort is kept in the address and carried by the entries’ links', async () => {
  mockHttp({});
  const user = userEvent.setup();
  renderChallenges({ route: `${route}?sort=likes`, today: VOTE_DAY });
  expect(await screen.findByRole('combobox', { name: 'Sortieren nach' })).toHaveTextContent('Beliebtheit');
  expect(within(await tile('Spruch Nummer 12')).getByRole('link', { name: 'Spruch Nummer 12' })).toHaveAttribute(
    'href',
    '/challenge/challenge-text/t-12?sort=likes',
  );
  const searches = fetchMock.mock.calls.map(([u]) => new URL(String(u))).filter((u) => u.pathname.endsWith('/objects/search'));
  expect(searches.map((u) => u.searchParams.get('sort'))).toEqual(['-fields.votes']);
  await user.click(screen.getByRole('combobox', { name: 'Sortieren nach' }));
  await user.click(screen.getByRole('option', { name: 'Neueste' }));
  expect(within(await tile('Spruch Nummer 12')).getByRole('link', { name: 'Spruch Nummer 12' })).toHaveAttribute(
    'href',
    '/challenge/challenge-text/t-12',
  );
});

describe('an empty list', () => {
  beforeEach(() => {
    mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: { body: { items: [], total: 0 } } });
    mockHttp({});
  });

  it('while entries are taken: "Jetzt mitmachen" (to the login for a visitor) with the closing day', async () => {
    renderChallenges({ route, today: '2026-06-05' });
    expect(await screen.findByText('Bisher keine Teilnahmen vorhanden')).toBeInTheDocument();
    expect(screen.getByText('Seid die Ersten: Reicht euren Beitrag bis zum 15.6. ein.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/login');
  });

  it('for a member "Jetzt mitmachen" leads to the entry forms', async () => {
    renderChallenges({ route, today: '2026-06-05', session: loggedInSession });
    expect(await screen.findByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/challenge');
  });

  it('once entries are closed: back to every challenge', async () => {
    renderChallenges({ route, today: '2026-06-20' });
    expect(await screen.findByText('Bisher keine Teilnahmen vorhanden')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jetzt mitmachen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Challenges ansehen' })).toHaveAttribute('href', '/challenge');
  });
});
