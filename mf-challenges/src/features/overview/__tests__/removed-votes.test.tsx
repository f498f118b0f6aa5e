import { screen, within } from '@testing-library/react';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { ownEntry, OWN, renderChallenges, SPACEDATA, spaceData } from '../../../testing/fixtures';
import { mockHttp } from '../../../testing/http';

// The text vote (#4): voting 16.06–30.06. An operator removed votes from the club's own entry.
const TEXT = OWN('challenge-text');
const VOTE_DAY = '2026-06-20';
const panel = () => screen.findByRole('article', { name: 'Euer bester Schlachtruf' });
const published = () => ownEntry('text', { published: true, id: 't-own' });

beforeEach(() => mockFetch({ [SPACEDATA]: { body: spaceData() } }));

it('the club sees on its own entry how many votes were removed and why', async () => {
  mockHttp({
    [`GET ${TEXT}?include=rejection`]: {
      data: { ...published(), removedVotes: { count: 3, reasons: [{ reason: 'Viele Stimmen von einer Adresse', count: 3 }] } },
    },
  });
  renderChallenges({ today: VOTE_DAY, session: loggedInSession });
  const text = await panel();
  expect(await within(text).findByRole('note')).toHaveTextContent('3 Stimmen wurden entfernt: Viele Stimmen von einer Adresse');
  expect(within(text).getByRole('link', { name: 'ABSTIMMEN' })).toHaveAttribute('href', '/challenge/challenge-text/t-own');
});

it('several reasons are listed with their counts; one vote is singular', async () => {
  mockHttp({
    [`GET ${TEXT}?include=rejection`]: {
      data: {
        ...published(),
        removedVotes: {
          count: 4,
          reasons: [
            { reason: 'Bot-Welle', count: 3 },
            { reason: 'Doppelte Stimme', count: 1 },
          ],
        },
      },
    },
  });
  const first = renderChallenges({ today: VOTE_DAY, session: loggedInSession });
  expect(await within(await panel()).findByRole('note')).toHaveTextContent('4 Stimmen wurden entfernt: Bot-Welle (3); Doppelte Stimme (1)');
  first.unmount();

  mockHttp({
    [`GET ${TEXT}?include=rejection`]: {
      data: { ...published(), removedVotes: { count: 1, reasons: [{ reason: 'Doppelte Stimme', count: 1 }] } },
    },
  });
  renderChallenges({ today: VOTE_DAY, session: loggedInSession });
  expect(await within(await panel()).findByRole('note')).toHaveTextContent('1 Stimme wurde entfernt: Doppelte Stimme');
});

it('an entry without removed votes has no such line', async () => {
  mockHttp({ [`GET ${TEXT}?include=rejection`]: { data: published() } });
  renderChallenges({ today: VOTE_DAY, session: loggedInSession });
  const text = await panel();
  await within(text).findByRole('link', { name: 'ABSTIMMEN' });
  expect(within(text).queryByRole('note')).not.toBeInTheDocument();
  expect(within(text).queryByText(/wurden entfernt/)).not.toBeInTheDocument();
});
