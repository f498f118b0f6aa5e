import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type ChallengeDto, type SessionData, type SpaceDataDto } from '@erd/shared-contracts';
import { loggedInSession, mockFetch, mockXhr, renderWithProviders, type FakeXhrInit } from '@erd/shared-contracts/testing';
import ClubPage from '../../../exposes/club-page';
import { apiRoutes, challenges, club, meAnswer, overallRows, SPACE, spaceData } from '../../../testing/fixtures';
import { clubShareText } from '../components/club-share-kit';

/** Issue 23 on the club page: a visit through a share link, and the club's share kit for its own members. */

const eching = club('club-1', 'TSV Eching', { clubnumber: '10214', team: 'm' });
const VISITS = 'POST /api/reach/visits';
const OWN_RUNNING = 'GET /api/challenge/particpation/challenge-laufend';
const OWN_SECOND = 'GET /api/challenge/particpation/challenge-bildlauf';
const url = 'http://localhost/club/club-1';

/** Two vote challenges whose voting runs (whatever today is), besides the fixtures' finished ones. */
const running = (id: string, type: 'bfv-erd-text-vote' | 'bfv-erd-picture-vote', headline: string): ChallengeDto =>
  ({
    sys: { id, objectTypeId: type },
    fields: {
      headline,
      points: [],
      teasertext: '',
      teasertitle: '',
      startDate: '2000-01-01',
      endDate: '2099-12-31',
      startDateSubmission: '2000-01-01',
      endDateSubmission: '2000-01-02',
      startDateVoting: '2000-01-03',
      endDateVoting: '2099-12-31',
    },
  }) as ChallengeDto;
const season: SpaceDataDto = {
  ...spaceData,
  year: {
    ...spaceData.year,
    fields: {
      ...spaceData.year.fields,
      challenges: [
        ...challenges,
        running('challenge-laufend', 'bfv-erd-text-vote', 'Der laufende Schlachtruf'),
        running('challenge-bildlauf', 'bfv-erd-picture-vote', 'Das laufende Bild'),
      ],
    },
  },
};

const ownEntry = (id: string, challengeId: string, published: boolean) => ({
  _id: id,
  sys: { id, objectTypeId: 'bfv-erd-text-participation' },
  createdAt: '2026-04-05T10:00:00.000Z',
  publishedAt: published ? [{ spaceId: 'erd', state: 'published' }] : [],
  fields: { challenge: { id: challengeId, linkType: 'Object', type: 'Link' }, club: eching, votes: 0, slogan: 'Eching vor!' },
});

function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="Adresse">{`${pathname}${search}${hash}`}</output>;
}

function renderClub(route: string, session: SessionData | null = null) {
  return renderWithProviders(
    <>
      <ClubPage />
      <LocationProbe />
    </>,
    { route, path: '/club/:clubId', session },
  );
}

function setNavigator(key: 'share' | 'canShare' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = mockFetch({ ...apiRoutes({ clubs: [eching], overall: overallRows }), [`GET ${SPACE}/spacedata`]: { body: season } });
});

afterEach(() => {
  document.title = '';
  const nav = navigator as unknown as Record<string, unknown>;
  delete nav.share;
  delete nav.canShare;
  delete nav.clipboard;
});

const address = () => screen.getByRole('status', { name: 'Adresse' });
const kit = () => screen.findByRole('region', { name: 'Teile deinen Beitrag' });

describe('a visit through a share link', () => {
  it('is counted once (with the anti-forgery header, no token), its channel kept and `via` taken out of the address', async () => {
    const xhr = mockXhr({ [VISITS]: { status: 204 } });
    renderClub('/club/club-1?via=qr&ref=plakat#ergebnisse');
    expect(await screen.findByRole('heading', { level: 1, name: 'TSV Eching' })).toBeInTheDocument();
    await waitFor(() => expect(xhr).toHaveBeenCalledTimes(1));
    const [callUrl, init] = xhr.mock.calls[0] as [URL, FakeXhrInit];
    expect(`${init.method} ${callUrl.pathname}`).toBe(VISITS);
    expect(JSON.parse(init.body!)).toEqual({ target: { kind: 'club', clubId: 'club-1' }, via: 'qr' });
    expect(init.headers['x-xsrf-token']).toBeTruthy();
    expect(init.headers.authorization).toBeUndefined();
    expect(sessionStorage.getItem('bfv-erd-share-via')).toBe('qr');
    await waitFor(() => expect(address()).toHaveTextContent('/club/club-1?ref=plakat#ergebnisse'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(xhr).toHaveBeenCalledTimes(1);
    // A visitor has no share kit.
    expect(screen.queryByRole('region', { name: 'Teile deinen Beitrag' })).not.toBeInTheDocument();
    // The club is not loaded again.
    expect(fetchMock.mock.calls.filter(([u]) => String((u as URL).href ?? u).includes('/objects/club-1'))).toHaveLength(1);
  });
});

describe('the share kit', () => {
  it('is not there for visitors and members of other clubs', async () => {
    const xhr = mockXhr({ 'GET /api/me': meAnswer('club-2') });
    renderClub('/club/club-1', loggedInSession);
    expect(await screen.findByRole('heading', { level: 1, name: 'TSV Eching' })).toBeInTheDocument();
    await waitFor(() => expect(xhr).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('region', { name: 'Teile deinen Beitrag' })).not.toBeInTheDocument();
    expect(xhr.mock.calls.map(([u]) => (u as URL).pathname)).toEqual(['/api/me']);
  });

  it('gives the club’s own member the WhatsApp text, the device share and its running entries', async () => {
    mockXhr({
      'GET /api/me': meAnswer('club-1'),
      [OWN_RUNNING]: { body: ownEntry('t-own', 'challenge-laufend', true) },
      // Not published yet: nothing to share.
      [OWN_SECOND]: { body: ownEntry('p-own', 'challenge-bildlauf', false) },
    });
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    setNavigator('clipboard', { writeText });
    renderClub('/club/club-1', loggedInSession);
    const panel = await kit();

    const text = `TSV Eching (Herren) bei der Punktejagd: Unterstütze uns! Unsere Beiträge und unseren Platz in der Tabelle findest du hier: ${url}?via=whatsapp`;
    expect(within(panel).getByRole('textbox', { name: 'Text für WhatsApp' })).toHaveValue(text);
    expect(within(panel).getByRole('link', { name: /In WhatsApp öffnen/ })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(text)}`,
    );

    await user.click(within(panel).getByRole('button', { name: 'Text kopieren' }));
    expect(writeText).toHaveBeenLastCalledWith(text);
    expect(within(panel).getByText('Kopiert!')).toHaveAttribute('aria-live', 'polite');

    // No share sheet here: the link is copied, marked via=copy.
    await user.click(within(panel).getByRole('button', { name: 'Teilen' }));
    expect(writeText).toHaveBeenLastCalledWith(`${url}?via=copy`);
    expect(await within(panel).findByText('Link kopiert')).toBeVisible();

    const entry = await within(panel).findByRole('link', { name: 'Spruch zu „Der laufende Schlachtruf“ teilen' });
    expect(entry).toHaveAttribute('href', '/challenge/challenge-laufend/t-own');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shares the club page through the share sheet, marked via=share', async () => {
    mockXhr({ 'GET /api/me': meAnswer('club-1') });
    const share = jest.fn().mockResolvedValue(undefined);
    setNavigator('share', share);
    const user = userEvent.setup();
    renderClub('/club/club-1', loggedInSession);
    await user.click(within(await kit()).getByRole('button', { name: 'Teilen' }));
    expect(share).toHaveBeenCalledWith({ title: 'TSV Eching bei der Punktejagd', url: `${url}?via=share` });
  });
});

it('the WhatsApp text names the club without an article', () => {
  expect(clubShareText({ productName: 'Punktejagd', clubname: 'SpVgg Mögeldorf', team: 'Damen', url: 'https://x.example/club/c' })).toBe(
    'SpVgg Mögeldorf (Damen) bei der Punktejagd: Unterstütze uns! Unsere Beiträge und unseren Platz in der Tabelle findest du hier: https://x.example/club/c',
  );
});
