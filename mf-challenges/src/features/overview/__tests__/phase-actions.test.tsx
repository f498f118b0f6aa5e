import { screen, within } from '@testing-library/react';
import type { ChallengeDto } from '@erd/shared-contracts';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { renderChallenges, season, SPACEDATA, spaceData } from '../../../testing/fixtures';
import { mockHttp } from '../../../testing/http';

// Issue 24: the buttons follow the phase. A season (memoised per page load, so one for this file)
// whose estimate (#1) has published results, picture (#2) expects them on 20.07, the rest says nothing.
const challenges = season().map((challenge): ChallengeDto => {
  if (challenge.sys.id === 'challenge-estimate')
    return { ...challenge, fields: { ...challenge.fields, resultsPublished: true } } as ChallengeDto;
  if (challenge.sys.id === 'challenge-picture')
    return { ...challenge, fields: { ...challenge.fields, resultsDate: '2026-07-20' } } as ChallengeDto;
  return challenge;
});

const card = (name: string) => screen.findByRole('article', { name });
const linksIn = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

beforeEach(() => mockFetch({ [SPACEDATA]: { body: spaceData(challenges) } }));

it('ERGEBNISSE once published; before that the day they come, or that they follow soon', async () => {
  renderChallenges({ today: '2026-07-10' });
  expect(linksIn(await card('Volle Hütte beim Pokalfinale'))).toEqual([['ERGEBNISSE', '/tabelle/challenge-estimate']]);
  const picture = await card('Euer schönster Jubel');
  expect(linksIn(picture)).toEqual([['STÖBERN', '/challenge/challenge-picture']]);
  expect(within(picture).getByText('Ergebnisse ab 20.7.')).toBeInTheDocument();
  expect(within(picture).queryByText('ERGEBNISSE')).not.toBeInTheDocument();
  expect(within(await card('Euer bester Schlachtruf')).getByText('Ergebnisse folgen in Kürze')).toBeInTheDocument();
});

it('no Teilnehmen for visitors after submission closed; Teilnehmen and STÖBERN while it is open; none before the start', async () => {
  renderChallenges({ today: '2026-04-25' });
  expect(linksIn(await card('Euer schönster Jubel'))).toEqual([['ABSTIMMEN', '/challenge/challenge-picture']]);
  expect(linksIn(await card('Euer bester Schlachtruf'))).toEqual([]);
});

it('while submission is open visitors get Teilnehmen and STÖBERN', async () => {
  renderChallenges({ today: '2026-04-10' });
  expect(linksIn(await card('Euer schönster Jubel'))).toEqual([
    ['Teilnehmen', '/login'],
    ['STÖBERN', '/challenge/challenge-picture'],
  ]);
});

it('members: no form after submission closed, ABSTIMMEN instead', async () => {
  mockHttp({ ['GET /api/challenge/particpation/challenge-picture?include=rejection']: { data: null } });
  renderChallenges({ today: '2026-04-25', session: loggedInSession });
  const picture = await card('Euer schönster Jubel');
  expect(await within(picture).findByRole('link', { name: 'ABSTIMMEN' })).toHaveAttribute('href', '/challenge/challenge-picture');
  expect(within(picture).queryByLabelText('Bild auswählen')).not.toBeInTheDocument();
  expect(within(picture).queryByRole('link', { name: 'Teilnehmen' })).not.toBeInTheDocument();
});
