import { screen, within } from '@testing-library/react';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { ME, meAnswer, OBJECT, ownEntry, renderChallenges, SEARCH, SPACEDATA, spaceData, textEntry } from '../../../testing/fixtures';
import { mockHttp } from '../../../testing/http';

// The kit's chunk cannot be loaded (a release in between, the network).
jest.mock('../components/share-kit', () => {
  throw new Error('Loading chunk failed');
});

it('when the share kit cannot be loaded, the club still has the device share below its entry', async () => {
  const mine = { ...ownEntry('text', { published: true, id: 't-own' }), _id: 't-own' };
  mockFetch({
    [SPACEDATA]: { body: spaceData() },
    [SEARCH]: { body: { items: [textEntry(1)], total: 1 } },
    [OBJECT('t-own')]: { body: mine },
  });
  mockHttp({ [ME]: { data: meAnswer() } });
  renderChallenges({ route: '/challenge/challenge-text/t-own', today: '2026-06-20', session: loggedInSession });
  const card = await screen.findByRole('article', { name: 'Spruch von TSV Eching' });
  expect(await screen.findByRole('button', { name: 'Teilen' })).toBeInTheDocument();
  expect(within(card).queryByRole('button', { name: 'Teilen' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Teile deinen Beitrag' })).not.toBeInTheDocument();
});
