import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from '@erd/shared-contracts';
import { loggedInSession, mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import type { SessionData } from '@erd/shared-contracts';
import ClubPage from '../../../exposes/club-page';
import { apiRoutes, club, meAnswer, overallRows, row } from '../../../testing/fixtures';

const eching = club('club-1', 'TSV Eching', { clubnumber: '10214', team: 'm', logourl: '', linkurl: 'https://www.tsv-eching.de' });

function LocationProbe() {
  return <output aria-label="Adresse">{useLocation().pathname}</output>;
}

function renderClub(id: string, session: SessionData | null = null) {
  return renderWithProviders(
    <>
      <ClubPage />
      <LocationProbe />
    </>,
    { route: `/club/${id}`, path: '/club/:clubId', session },
  );
}

/**
 * A member of `clubId`: our API (GET /api/me) names the club; the token has no club claim (a pool
 * without IDENTITY_CLUB_ATTRIBUTE).
 */
let meCalls: ReturnType<typeof mockXhr> | null = null;
const memberOf = (clubId: string): SessionData => {
  meCalls = mockXhr({ 'GET /api/me': meAnswer(clubId) });
  return loggedInSession;
};

afterEach(() => {
  document.title = '';
});

it('shows the club with team, number, website, default shield and its overall place and points', async () => {
  const fetch = mockFetch(apiRoutes({ clubs: [eching], overall: overallRows }));
  renderClub('club-1');

  expect(await screen.findByRole('heading', { level: 1, name: 'TSV Eching' })).toBeInTheDocument();
  expect(screen.getByText('Herren')).toBeInTheDocument();
  expect(screen.getByText('Vereinsnummer 10214')).toBeInTheDocument();
  const shield = screen.getByRole('img', { name: 'Vereinslogo TSV Eching' });
  expect(shield.tagName.toLowerCase()).toBe('svg');
  const website = screen.getByRole('link', { name: /Zur Vereinsseite/ });
  expect(website).toHaveAttribute('href', 'https://www.tsv-eching.de/');
  expect(website).toHaveAttribute('target', '_blank');
  expect(website.getAttribute('rel')).toContain('noopener');

  const overall = screen.getByRole('region', { name: 'Gesamtwertung' });
  expect(
    within(overall)
      .getAllByRole('term')
      .map((t) => t.textContent),
  ).toEqual(['Platz', 'Punkte']);
  expect(
    within(overall)
      .getAllByRole('definition')
      .map((d) => d.textContent),
  ).toEqual(['1.', '245']);
  expect(within(overall).getByRole('link', { name: 'Zur Gesamttabelle' })).toHaveAttribute('href', '/tabelle');
  expect(document.title).toBe('TSV Eching');
  expect(fetch).toHaveBeenCalledWith(
    expect.objectContaining({ href: 'http://localhost/content/public/spaces/erd/objects/club-1?include=1' }),
    expect.anything(),
  );
});

it('isolates the club name in the heading (<bdi>): a right-to-left override stays inside it', async () => {
  const name = 'SV \u202Eneppahcstuo';
  mockFetch(apiRoutes({ clubs: [club('club-1', name)], overall: overallRows }));
  renderClub('club-1');

  const heading = await screen.findByRole('heading', { level: 1 });
  expect(heading.querySelector('bdi')?.textContent).toBe(name);
});

it('shows Damen, a real logo, and the shield when the logo fails to load', async () => {
  const logo = club('club-2', 'TSV Grünwald', { team: 'w', logourl: '/media/logos/tsv-gruenwald.svg' });
  mockFetch(apiRoutes({ clubs: [logo] }));
  renderClub('club-2');

  expect(await screen.findByText('Damen')).toBeInTheDocument();
  const img = screen.getByRole('img', { name: 'Vereinslogo TSV Grünwald' });
  expect(img).toHaveAttribute('src', 'http://localhost/media/logos/tsv-gruenwald.svg');
  fireEvent.error(img);
  expect(screen.getByRole('img', { name: 'Vereinslogo TSV Grünwald' }).tagName.toLowerCase()).toBe('svg');
  expect(screen.queryByRole('link', { name: /Zur Vereinsseite/ })).not.toBeInTheDocument();
});

it('shows the 404 screen in place for an unknown club, without changing the URL', async () => {
  mockFetch(apiRoutes());
  renderClub('gibt-es-nicht');

  expect(await screen.findByRole('heading', { name: 'kein Treffer' })).toBeInTheDocument();
  expect(screen.getByText('Aber bei der Punktejagd kassierst du trotzdem Punkte!')).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent('/club/gibt-es-nicht');
});

it('says there are no points yet when nothing is published, and shows no result cards', async () => {
  mockFetch(apiRoutes({ clubs: [eching] }));
  renderClub('club-1');

  expect(await screen.findByText('Noch keine Punkte – die erste Wertung kommt bald.')).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
  expect(screen.queryByText('Platz')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Zur Gesamttabelle' })).not.toBeInTheDocument();
  // the empty result cards say what comes there, and the next step (issue 24)
  const results = screen.getByRole('region', { name: 'Ergebnisse je Challenge' });
  expect(results).toHaveTextContent(
    'Noch keine Ergebnisse: Sobald eine Challenge ausgewertet ist, bei der dieser Verein mitgemacht hat, steht sein Ergebnis hier.',
  );
  expect(within(results).getByRole('link', { name: 'Zu den Challenges' })).toHaveAttribute('href', '/challenge');
});

it("the club's own member reads of their own results to come", async () => {
  mockFetch(apiRoutes({ clubs: [eching], overall: overallRows }));
  renderClub('club-1', memberOf('club-1'));

  const results = await screen.findByRole('region', { name: 'Ergebnisse je Challenge' });
  await waitFor(() =>
    expect(results).toHaveTextContent(
      'Noch keine Ergebnisse: Sobald eine Challenge ausgewertet ist, bei der ihr mitgemacht habt, steht euer Ergebnis hier.',
    ),
  );
  expect(within(results).getByRole('link', { name: 'Zu den Challenges' })).toHaveAttribute('href', '/challenge');
  expect(within(results).queryByRole('article')).not.toBeInTheDocument();
});

it('says so when the overall table is published but the club is not in it', async () => {
  const other = club('club-99', 'SV Ohnepunkte');
  mockFetch(apiRoutes({ clubs: [other], overall: overallRows }));
  renderClub('club-99');

  expect(await screen.findByText('Dieser Verein hat in der Gesamtwertung noch keine Punkte.')).toBeInTheDocument();
  expect(screen.queryByRole('article')).not.toBeInTheDocument();
});

it('shows one result card per finished challenge whose published results list the club, with its numbers', async () => {
  mockFetch(
    apiRoutes({
      clubs: [eching],
      overall: overallRows,
      challengeResults: {
        'challenge-pokalfinale': [
          row('club-7', 'FC Füssen', 1, 100, { estimate: 3850, rightEstimate: 3847 }),
          row('club-1', 'TSV Eching', 2, 80, { estimate: 3900, rightEstimate: 3847 }),
        ],
        'challenge-jubel': [
          row('club-1', 'TSV Eching', 1, 100, {
            votes: 1234,
            picture: '/media/uploads/jubel-eching-w640.webp',
            participationId: 'p-jubel-1',
          }),
        ],
        // published, but without this club
        'challenge-tore': [row('club-2', 'TSV Grünwald', 1, 100, { estimate: 31 })],
        'challenge-schlachtruf': [
          row('club-3', 'FC Dingolfing', 1, 100, { votes: 50, slogan: 'Wer ned hupft, der is ned dabei!' }),
          row('club-1', 'TSV Eching', 2, 80, { votes: 12, slogan: 'Eching vor, noch a Tor!', participationId: 'p-ruf-7' }),
        ],
        // not finished yet: never shown, even if a file exists
        'challenge-zukunft': [row('club-1', 'TSV Eching', 1, 100, { estimate: 1 })],
      },
    }),
  );
  renderClub('club-1');

  const results = await screen.findByRole('region', { name: 'Ergebnisse je Challenge' });
  const cards = within(results).getAllByRole('article');
  expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
    '#1 Volle Hütte beim Pokalfinale',
    '#2 Euer schönster Jubel',
    '#4 Der lauteste Schlachtruf',
  ]);

  const [estimate, picture, slogan] = cards;
  expect(estimate).toHaveAccessibleName('#1 Volle Hütte beim Pokalfinale');
  expect(estimate).toHaveTextContent('Schätzung#1 Volle Hütte beim Pokalfinale01.03 – 31.03');
  // a visitor reads 'Schätzung', not 'Deine Schätzung'
  expect(estimate).toHaveTextContent('Schätzung3.900');
  expect(estimate).not.toHaveTextContent('Deine');
  expect(estimate).toHaveTextContent('Richtige Antwort3.847');
  expect(estimate).toHaveTextContent('Platz2.');
  expect(estimate).toHaveTextContent('Punkte80');

  expect(picture).toHaveTextContent('Bild-Voting#2 Euer schönster Jubel01.04 – 30.04');
  expect(picture).toHaveTextContent('Stimmen1.234');
  expect(picture).toHaveTextContent('Platz1.');
  expect(picture).toHaveTextContent('Punkte100');
  expect(picture).not.toHaveTextContent('Schätzung3');
  const thumbnail = within(picture).getByRole('img', { name: 'Bild von TSV Eching (Herren) zu „Euer schönster Jubel“' });
  expect(thumbnail).toHaveAttribute('src', 'http://localhost/media/uploads/jubel-eching-w640.webp');
  expect(thumbnail).toHaveAttribute('loading', 'lazy');
  expect(within(picture).getByRole('link', { name: 'Zum Bild (#2 Euer schönster Jubel)' })).toHaveAttribute(
    'href',
    '/challenge/challenge-jubel/p-jubel-1',
  );
  // the estimate card has neither a picture nor an entry link
  expect(within(estimate).queryByRole('img')).not.toBeInTheDocument();
  expect(within(estimate).queryByRole('link')).not.toBeInTheDocument();

  expect(slogan).toHaveTextContent('Spruch-Voting#4 Der lauteste Schlachtruf01.06 – 30.06');
  expect(within(slogan).getByText('Eching vor, noch a Tor!').closest('blockquote')).not.toBeNull();
  expect(slogan).toHaveTextContent('Stimmen12');
  expect(slogan).toHaveTextContent('Platz2.');
  expect(within(slogan).getByRole('link', { name: 'Zum Spruch (#4 Der lauteste Schlachtruf)' })).toHaveAttribute(
    'href',
    '/challenge/challenge-schlachtruf/p-ruf-7',
  );
  expect(within(slogan).queryByRole('img')).not.toBeInTheDocument();

  expect(screen.queryByText(/Torfabrik/)).not.toBeInTheDocument();
  expect(screen.queryByText(/Noch nicht gestartet/)).not.toBeInTheDocument();
});

describe("'Schätzung' for visitors, 'Deine Schätzung' for the club's own member", () => {
  const results = () =>
    apiRoutes({
      clubs: [eching],
      overall: overallRows,
      challengeResults: {
        'challenge-pokalfinale': [row('club-1', 'TSV Eching', 1, 100, { estimate: 3850, rightEstimate: 3847 })],
        'challenge-tore': [row('club-1', 'TSV Eching', 3, 65, { estimate: 31 })],
      },
    });

  const cardsOf = async () => within(await screen.findByRole('region', { name: 'Ergebnisse je Challenge' })).getAllByRole('article');

  it.each([
    ['a visitor', null],
    ['a member of another club', 'club-2'],
    ['a member of the other team of the same club', 'club-1-w'],
  ])('%s reads the neutral labels', async (_who, memberClub) => {
    mockFetch(results());
    const session = memberClub ? memberOf(memberClub) : null;
    renderClub('club-1', session);

    const [estimate, goals] = await cardsOf();
    // A member: the club is known (asked once).
    if (session) await waitFor(() => expect(meCalls).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(
      within(estimate)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Schätzung', 'Richtige Antwort', 'Platz', 'Punkte']);
    expect(
      within(estimate)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['3.850', '3.847', '1.', '100']);
    // goals ranked by the highest number: no right answer in the file, none shown
    expect(
      within(goals)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Tore', 'Platz', 'Punkte']);
    expect(
      within(goals)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['31', '3.', '65']);
    expect(screen.queryByText(/^Deine/)).not.toBeInTheDocument();
  });

  it("the club's own member reads 'Deine Schätzung' and 'Deine Tore'", async () => {
    mockFetch(results());
    renderClub('club-1', memberOf('club-1'));
    expect(loggedInSession.claims).not.toHaveProperty(['custom:club']);

    const [estimate, goals] = await cardsOf();
    await waitFor(() => expect(within(estimate).getAllByRole('term')[0]).toHaveTextContent('Deine Schätzung'));
    expect(within(goals).getAllByRole('term')[0]).toHaveTextContent('Deine Tore');
  });
});

it('leaves out what a row does not give, and never puts a non-web address into an img', async () => {
  mockFetch(
    apiRoutes({
      clubs: [eching],
      overall: overallRows,
      challengeResults: {
        // no usable picture, no entry, no votes
        'challenge-jubel': [row('club-1', 'TSV Eching', 1, 100, { picture: 'javascript:alert(1)' })],
        // no slogan
        'challenge-schlachtruf': [row('club-1', 'TSV Eching', 1, 100, { votes: 3 })],
      },
    }),
  );
  renderClub('club-1');

  const [picture, slogan] = within(await screen.findByRole('region', { name: 'Ergebnisse je Challenge' })).getAllByRole('article');
  expect(
    within(picture)
      .getAllByRole('term')
      .map((t) => t.textContent),
  ).toEqual(['Platz', 'Punkte']);
  expect(within(picture).queryByRole('img')).not.toBeInTheDocument();
  expect(within(picture).queryByRole('link')).not.toBeInTheDocument();
  expect(
    within(slogan)
      .getAllByRole('term')
      .map((t) => t.textContent),
  ).toEqual(['Stimmen', 'Platz', 'Punkte']);
  expect(slogan.querySelector('blockquote')).toBeNull();
  expect(document.querySelector('img[src^="javascript"]')).toBeNull();
});

it('shows a note when the picture does not load', async () => {
  mockFetch(
    apiRoutes({
      clubs: [eching],
      challengeResults: {
        'challenge-jubel': [row('club-1', 'TSV Eching', 1, 100, { votes: 9, picture: 'https://cdn.example/jubel-w640.webp' })],
      },
    }),
  );
  renderClub('club-1');

  const img = await screen.findByRole('img', { name: /Bild von TSV Eching/ });
  expect(img).toHaveAttribute('src', 'https://cdn.example/jubel-w640.webp');
  fireEvent.error(img);
  expect(screen.queryByRole('img', { name: /Bild von TSV Eching/ })).not.toBeInTheDocument();
  expect(screen.getByText('Das Bild kann gerade nicht angezeigt werden.')).toBeInTheDocument();
});
