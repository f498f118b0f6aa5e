import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInSession, mockFetch, type FakeResponse } from '@erd/shared-contracts/testing';
import { ME, meAnswer, OBJECT, ownEntry, OWN, renderChallenges, SEARCH, SPACEDATA, spaceData, textEntry } from '../../../testing/fixtures';
import { mockHttp, type HttpAnswer, type HttpHandler } from '../../../testing/http';
import { entryShareText, reachFiguresText } from '../lib/share-texts';

/** Issue 23: 'Teile deinen Beitrag', the club's share kit on its own published entry. */

const VOTE_DAY = '2026-06-20';
const route = '/challenge/challenge-text/t-own';
const url = 'http://localhost/challenge/challenge-text/t-own';
const REACH = 'GET /api/reach/own/challenge-text';

function setNavigator(key: 'share' | 'canShare' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

/** The member's club's entry t-own, published, with 4 votes. */
function published(): FakeResponse {
  const mine = { ...ownEntry('text', { published: true, id: 't-own' }), _id: 't-own' };
  mine.fields.votes = 4;
  return { body: mine };
}

function content(routes: Record<string, FakeResponse> = {}) {
  return mockFetch({
    [SPACEDATA]: { body: spaceData() },
    [SEARCH]: { body: { items: [textEntry(1)], total: 1 } },
    [OBJECT('t-own')]: published(),
    ...routes,
  });
}

const kit = () => screen.findByRole('region', { name: 'Teile deinen Beitrag' });

function member(reach: HttpHandler = { data: { visits: 3, votes: 2 } }) {
  return mockHttp({ [ME]: { data: meAnswer() }, [REACH]: reach });
}

afterEach(() => {
  const nav = navigator as unknown as Record<string, unknown>;
  delete nav.share;
  delete nav.canShare;
  delete nav.clipboard;
});

describe('shows', () => {
  it('on the club’s own published entry: WhatsApp text, story, poster, device share and the figures', async () => {
    content();
    const calls = member();
    renderChallenges({ route, today: VOTE_DAY, session: loggedInSession });
    const panel = await kit();
    expect(within(panel).getByRole('heading', { level: 2, name: 'Teile deinen Beitrag' })).toBeInTheDocument();

    const text = `Stimm bei der Punktejagd für unseren Spruch ab! Jede Stimme zählt. Euer bester Schlachtruf: ${url}?via=whatsapp`;
    expect(within(panel).getByRole('textbox', { name: 'Text für WhatsApp' })).toHaveValue(text);
    const whatsApp = within(panel).getByRole('link', { name: /In WhatsApp öffnen/ });
    expect(whatsApp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(text)}`);
    expect(whatsApp).toHaveAttribute('target', '_blank');
    expect(whatsApp.getAttribute('rel')).toContain('noopener');

    const story = within(panel).getByRole('link', { name: 'Story-Bild herunterladen' });
    expect(story).toHaveAttribute('href', '/share/story/challenge-text/t-own.png');
    expect(story).toHaveAttribute('download');
    const poster = within(panel).getByRole('link', { name: 'Plakat (PDF) herunterladen' });
    expect(poster).toHaveAttribute('href', '/share/poster/challenge-text/t-own.pdf');
    expect(poster).toHaveAttribute('download');
    expect(within(panel).getByRole('button', { name: 'Teilen' })).toBeInTheDocument();

    expect(await within(panel).findByText('Über deine geteilten Links: 3 Besuche, 2 Stimmen')).toBeInTheDocument();
    expect(calls.find((c) => `${c.method} ${c.url}` === REACH)?.authenticated).toBe(true);
    // One 'Teilen' on the page: the card leaves it to the kit.
    expect(screen.getAllByRole('button', { name: 'Teilen' })).toHaveLength(1);
  });

  it('a picture: the text speaks of the picture', async () => {
    const mine = { ...ownEntry('picture', { published: true, id: 'p-own' }), _id: 'p-own' };
    content({ [OBJECT('p-own')]: { body: mine } });
    mockHttp({ [ME]: { data: meAnswer() } });
    renderChallenges({ route: '/challenge/challenge-picture/p-own', today: '2026-05-01', session: loggedInSession });
    const panel = await kit();
    expect(within(panel).getByRole('textbox', { name: 'Text für WhatsApp' })).toHaveValue(
      'Stimm bei der Punktejagd für unser Bild ab! Jede Stimme zählt. Euer schönster Jubel: http://localhost/challenge/challenge-picture/p-own?via=whatsapp',
    );
    expect(within(panel).getByRole('link', { name: 'Story-Bild herunterladen' })).toHaveAttribute(
      'href',
      '/share/story/challenge-picture/p-own.png',
    );
  });
});

describe('does not show', () => {
  it('to a visitor', async () => {
    content();
    mockHttp({});
    renderChallenges({ route, today: VOTE_DAY });
    const card = await screen.findByRole('article', { name: 'Spruch von TSV Eching' });
    expect(within(card).getByRole('button', { name: 'Teilen' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Teile deinen Beitrag' })).not.toBeInTheDocument();
  });

  it('to a member on another club’s entry', async () => {
    content({ [OBJECT('t-12')]: { body: textEntry(12) } });
    const calls = member();
    renderChallenges({ route: '/challenge/challenge-text/t-12', today: VOTE_DAY, session: loggedInSession });
    const card = await screen.findByRole('article', { name: 'Spruch von SV Musterdorf 12' });
    expect(within(card).getByRole('button', { name: 'Teilen' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('region', { name: 'Teile deinen Beitrag' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/reach/'))).toBe(false);
  });

  it('on the own entry before it is published', async () => {
    content({ [OBJECT('own-text')]: { status: 404, body: { code: 'NotFound' } } });
    const calls = mockHttp({ [`GET ${OWN('challenge-text')}`]: { data: ownEntry('text') }, [ME]: { data: meAnswer() } });
    renderChallenges({ route: '/challenge/challenge-text/own-text', today: '2026-06-10', session: loggedInSession });
    expect(await screen.findByText('Dein Spruch wird in Kürze freigeschaltet.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('region', { name: 'Teile deinen Beitrag' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Teilen' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/reach/'))).toBe(false);
  });
});

describe('the WhatsApp text', () => {
  it('once voting is over, it shows the entry off instead of asking for votes', () => {
    const text = entryShareText({
      productName: 'Punktejagd',
      headline: 'Euer bester Schlachtruf',
      picture: false,
      votingOver: true,
      url: 'https://x.example/e',
    });
    expect(text).toBe('Schau dir unseren Spruch bei der Punktejagd an! Euer bester Schlachtruf: https://x.example/e');
  });
});

it('without a share sheet, the kit’s "Teilen" copies the link marked via=copy and says so', async () => {
  content();
  member();
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  setNavigator('clipboard', { writeText });
  renderChallenges({ route, today: VOTE_DAY, session: loggedInSession });
  const panel = await kit();
  await user.click(within(panel).getByRole('button', { name: 'Teilen' }));
  expect(writeText).toHaveBeenCalledWith(`${url}?via=copy`);
  expect(await within(panel).findByText('Link kopiert')).toBeVisible();
});

it('with a share sheet, the kit’s "Teilen" shares headline, slogan and the link marked via=share', async () => {
  content();
  member();
  const share = jest.fn().mockResolvedValue(undefined);
  setNavigator('share', share);
  const user = userEvent.setup();
  renderChallenges({ route, today: VOTE_DAY, session: loggedInSession });
  await user.click(within(await kit()).getByRole('button', { name: 'Teilen' }));
  expect(share).toHaveBeenCalledWith({ title: 'Euer bester Schlachtruf', text: 'Eching vor, noch ein Tor!', url: `${url}?via=share` });
});

describe('the figures', () => {
  it.each([
    [{ visits: 1, votes: 1 }, 'Über deine geteilten Links: 1 Besuch, 1 Stimme'],
    [{ visits: 0, votes: 0 }, 'Über deine geteilten Links: 0 Besuche, 0 Stimmen'],
    [{ visits: 1234, votes: 2 }, 'Über deine geteilten Links: 1.234 Besuche, 2 Stimmen'],
  ])('%j reads "%s"', (figures, line) => {
    expect(reachFiguresText(figures)).toBe(line);
  });

  it('show singular forms on the page', async () => {
    content();
    member({ data: { visits: 1, votes: 1 } });
    renderChallenges({ route, today: VOTE_DAY, session: loggedInSession });
    expect(await within(await kit()).findByText('Über deine geteilten Links: 1 Besuch, 1 Stimme')).toBeInTheDocument();
  });

  it('are left out while loading and when they cannot be had', async () => {
    content();
    let answer: ((value: HttpAnswer) => void) | undefined;
    member(() => new Promise<HttpAnswer>((resolve) => (answer = resolve)));
    renderChallenges({ route, today: VOTE_DAY, session: loggedInSession });
    const panel = await kit();
    await waitFor(() => expect(answer).toBeDefined());
    expect(within(panel).queryByText(/Über deine geteilten Links/)).not.toBeInTheDocument();
    await act(async () => answer!({ status: 500 }));
    expect(within(panel).queryByText(/Über deine geteilten Links/)).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Text kopieren' })).toBeInTheDocument();
  });
});
