import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInSession, mockFetch, type FakeResponse } from '@erd/shared-contracts/testing';
import {
  ME,
  meAnswer,
  OBJECT,
  ownEntry,
  OWN,
  pictureEntry,
  renderChallenges,
  SEARCH,
  SPACEDATA,
  spaceData,
  textEntry,
} from '../../../testing/fixtures';
import { callLines, mockHttp } from '../../../testing/http';

const VOTE_DAY = '2026-06-20';
const some = { body: { items: [textEntry(1)], total: 1 } };
const none = { body: { items: [], total: 0 } };

function content(routes: Record<string, FakeResponse>) {
  return mockFetch({ [SPACEDATA]: { body: spaceData() }, [SEARCH]: some, ...routes });
}

beforeEach(() => {
  localStorage.clear();
  mockHttp({});
});

it('a slogan: the text, the club linking to its page, the vote button and "Alle anzeigen"', async () => {
  const fetchMock = content({ [OBJECT('t-12')]: { body: textEntry(12) } });
  renderChallenges({ route: '/challenge/challenge-text/t-12', today: VOTE_DAY });
  const card = await screen.findByRole('article', { name: 'Spruch von SV Musterdorf 12' });
  expect(within(card).getByText('Spruch Nummer 12')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: /SV Musterdorf 12 Herren/ })).toHaveAttribute('href', '/club/club-12');
  expect(within(card).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' })).toHaveTextContent('Abstimmen12');
  expect(screen.getByRole('link', { name: 'Alle anzeigen' })).toHaveAttribute('href', '/challenge/challenge-text');
  expect(screen.getByRole('heading', { level: 1, name: 'Euer bester Schlachtruf' })).toBeInTheDocument();
  expect(document.title).toBe('Euer bester Schlachtruf: Spruch – Punktejagd');
  const objectCall = fetchMock.mock.calls.map(([u]) => new URL(String(u))).find((u) => u.pathname.endsWith('/objects/t-12'))!;
  expect(objectCall.searchParams.get('include')).toBe('1');
});

it('renders a slogan as text, never as HTML', async () => {
  content({ [OBJECT('t-1')]: { body: textEntry(1, { slogan: '<img src=x onerror=alert(1)><b>Hoch</b>' }) } });
  renderChallenges({ route: '/challenge/challenge-text/t-1', today: VOTE_DAY });
  expect(await screen.findByText('<img src=x onerror=alert(1)><b>Hoch</b>')).toBeInTheDocument();
  expect(document.querySelector('b')).toBeNull();
  expect(screen.queryByRole('img', { name: '' })).toBeNull();
});

describe('a picture', () => {
  const route = '/challenge/challenge-picture/p-3';
  beforeEach(() => content({ [OBJECT('p-3')]: { body: pictureEntry(3) } }));

  it('is shown at width 1024 with the club', async () => {
    renderChallenges({ route, today: '2026-05-01' });
    const card = await screen.findByRole('article', { name: 'Bild von SV Musterdorf 3' });
    expect(within(card).getByRole('img', { name: 'Foto von SV Musterdorf 3' })).toHaveAttribute(
      'src',
      'http://localhost/media/entry-3-w1024.webp',
    );
    expect(within(card).getByRole('link', { name: /SV Musterdorf 3 Damen/ })).toHaveAttribute('href', '/club/club-3');
    expect(within(card).getByRole('button', { name: 'Abstimmen: Bild von SV Musterdorf 3, 6 Stimmen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle anzeigen' })).toHaveAttribute('href', '/challenge/challenge-picture');
  });

  it('opens large in a lightbox; Escape closes it and the focus returns', async () => {
    const user = userEvent.setup();
    renderChallenges({ route, today: '2026-05-01' });
    const opener = await screen.findByRole('button', { name: 'Bild vergrößern' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Foto von SV Musterdorf 3' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('img', { name: 'Foto von SV Musterdorf 3' })).toHaveAttribute(
      'src',
      'http://localhost/media/entry-3.png',
    );
    const close = within(dialog).getByRole('button', { name: 'Schließen' });
    await waitFor(() => expect(close).toHaveFocus());
    expect(document.body.style.overflow).toBe('hidden');
    // The focus stays in the dialog.
    await user.tab();
    expect(close).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('the close button and a click beside the picture close it too; it opens with the keyboard', async () => {
    const user = userEvent.setup();
    renderChallenges({ route, today: '2026-05-01' });
    const opener = await screen.findByRole('button', { name: 'Bild vergrößern' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.keyboard(' ');
    await user.click(await screen.findByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('not found', () => {
  it.each([
    ['an unknown entry of a challenge with entries', { [OBJECT('t-99')]: { status: 404, body: { code: 'NotFound' } } }],
    ['a failed load', { [OBJECT('t-99')]: { status: 500, body: { code: 'Boom' } } }],
    ['an entry of another challenge', { [OBJECT('t-99')]: { body: { ...pictureEntry(99), _id: 't-99' } } }],
    ['an object that is no entry', { [OBJECT('t-99')]: { body: { sys: { id: 't-99', objectTypeId: 'bfv-erd-club' }, fields: {} } } }],
  ])('%s shows the 404 screen', async (_, routes) => {
    content(routes);
    renderChallenges({ route: '/challenge/challenge-text/t-99', today: VOTE_DAY });
    expect(await screen.findByRole('heading', { name: 'kein Treffer' })).toBeInTheDocument();
    expect(document.title).toBe('kein Treffer – Punktejagd');
  });

  it.each([
    ['an unknown challenge', '/challenge/gibt-es-nicht/t-1'],
    ['an estimate challenge (no entries to show)', '/challenge/challenge-estimate/t-1'],
  ])('%s shows the 404 screen without asking for the entry', async (_, route) => {
    const fetchMock = content({});
    renderChallenges({ route, today: VOTE_DAY });
    expect(await screen.findByRole('heading', { name: 'kein Treffer' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/objects/'))).toBe(false);
  });

  it('a challenge without any entries yet says "Noch ist es still..."', async () => {
    content({ [OBJECT('t-1')]: { status: 404, body: { code: 'NotFound' } }, [SEARCH]: none });
    renderChallenges({ route: '/challenge/challenge-text/t-1', today: VOTE_DAY });
    expect(await screen.findByRole('heading', { name: 'Noch ist es still...' })).toBeInTheDocument();
    expect(screen.getByText('Pssst! Komm wieder wenn teilgenommen wurde!')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'kein Treffer' })).not.toBeInTheDocument();
  });
});

describe('the own entry', () => {
  it('not yet published: its owner sees it with the notice, without votes or sharing', async () => {
    content({ [OBJECT('own-text')]: { status: 404, body: { code: 'NotFound' } } });
    const calls = mockHttp({ [`GET ${OWN('challenge-text')}`]: { data: ownEntry('text') }, [ME]: { data: meAnswer() } });
    renderChallenges({ route: '/challenge/challenge-text/own-text', today: '2026-06-10', session: loggedInSession });
    const card = await screen.findByRole('article', { name: 'Spruch von TSV Eching' });
    expect(within(card).getByText('Eching vor, noch ein Tor!')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent('Dein Spruch wird in Kürze freigeschaltet.');
    expect(within(card).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
    expect(within(card).queryByText(/abstimmen/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Teilen' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Melden' })).not.toBeInTheDocument();
    expect(callLines(calls).sort()).toEqual([`GET ${OWN('challenge-text')}`, ME].sort());
    expect(calls[0]!.authenticated).toBe(true);
  });

  it('a picture not yet published says so too', async () => {
    content({ [OBJECT('own-picture')]: { status: 404, body: { code: 'NotFound' } } });
    mockHttp({ [`GET ${OWN('challenge-picture')}`]: { data: ownEntry('picture') }, [ME]: { data: meAnswer() } });
    renderChallenges({ route: '/challenge/challenge-picture/own-picture', today: '2026-04-10', session: loggedInSession });
    expect(await screen.findByText('Dein Bild wird in Kürze freigeschaltet.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto von TSV Eching' })).toBeInTheDocument();
  });

  it('another id than the own entry is not found', async () => {
    content({ [OBJECT('t-77')]: { status: 404, body: { code: 'NotFound' } } });
    mockHttp({ [`GET ${OWN('challenge-text')}`]: { data: ownEntry('text') } });
    renderChallenges({ route: '/challenge/challenge-text/t-77', today: '2026-06-10', session: loggedInSession });
    expect(await screen.findByRole('heading', { name: 'kein Treffer' })).toBeInTheDocument();
  });

  it('published: the club sees "Dein Beitrag" and the count, not a vote button (its club from our API: the token has no club claim)', async () => {
    expect(loggedInSession.claims).not.toHaveProperty(['custom:club']);
    const mine = { ...ownEntry('text', { published: true, id: 't-own' }), _id: 't-own' };
    mine.fields.votes = 4;
    content({ [OBJECT('t-own')]: { body: mine } });
    const calls = mockHttp({ [ME]: { data: meAnswer() } });
    renderChallenges({ route: '/challenge/challenge-text/t-own', today: VOTE_DAY, session: loggedInSession });
    const card = await screen.findByRole('article', { name: 'Spruch von TSV Eching' });
    expect(within(card).getByText('4 Stimmen')).toBeInTheDocument();
    expect(within(card).getByText('Dein Beitrag')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Abstimmen/ })).not.toBeInTheDocument();
    // 'Teilen' moves into the club's share kit below the card.
    expect(within(card).queryByRole('button', { name: 'Teilen' })).not.toBeInTheDocument();
    const kit = await screen.findByRole('region', { name: 'Teile deinen Beitrag' });
    expect(within(kit).getByRole('button', { name: 'Teilen' })).toBeInTheDocument();
    expect(calls.find((c) => `${c.method} ${c.url}` === ME)?.authenticated).toBe(true);
  });

  it('another club’s entry keeps its vote button for the member; while the member’s club is not known, no card shows', async () => {
    const fetchMock = content({ [OBJECT('t-12')]: { body: textEntry(12) } });
    let answer: (() => void) | undefined;
    mockHttp({ [ME]: () => new Promise((resolve) => (answer = () => resolve({ data: meAnswer() }))) });
    renderChallenges({ route: '/challenge/challenge-text/t-12', today: VOTE_DAY, session: loggedInSession });
    await waitFor(() => expect(answer).toBeDefined());
    // The entry itself is in.
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/objects/t-12'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('Teilnahme wird geladen …')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    act(() => answer!());
    const card = await screen.findByRole('article', { name: 'Spruch von SV Musterdorf 12' });
    expect(within(card).getByRole('button', { name: 'Abstimmen: Spruch von SV Musterdorf 12, 12 Stimmen' })).toBeInTheDocument();
  });
});
