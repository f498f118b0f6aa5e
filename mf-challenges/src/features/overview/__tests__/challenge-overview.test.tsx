import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@erd/shared-contracts/testing';
import { renderChallenges, SPACEDATA, spaceData } from '../../../testing/fixtures';

// The contracts memoise the space data per page load (and forget a failure), so the failing load
// comes first; every later test gets the same season and varies "today".

const card = (name: string) => screen.findByRole('article', { name });
const linksIn = (el: HTMLElement) =>
  within(el)
    .queryAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

it('offers a retry when the challenges cannot be loaded', async () => {
  let calls = 0;
  mockFetch({ [SPACEDATA]: () => (++calls === 1 ? { status: 500, body: { code: 'Boom' } } : { body: spaceData() }) });
  const user = userEvent.setup();
  renderChallenges();
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Challenges konnten gerade nicht geladen werden.');
  await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  expect(await card('Volle Hütte beim Pokalfinale')).toBeInTheDocument();
  expect(calls).toBe(2);
});

describe('challenge cards by time state (today 05.05)', () => {
  beforeEach(() => mockFetch({ [SPACEDATA]: { body: spaceData() } }));

  it('shows the hero, the #n badges and the dates as dd.MM in list order', async () => {
    renderChallenges();
    expect(screen.getByRole('heading', { level: 1, name: 'Die Challenges' })).toBeInTheDocument();
    const articles = (await screen.findAllByRole('article')).slice(0, 4);
    expect(articles.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Volle Hütte beim Pokalfinale',
      'Euer schönster Jubel',
      'Die große Torjagd',
      'Euer bester Schlachtruf',
    ]);
    expect(articles.map((a) => within(a).getByText(/^#\d$/).textContent)).toEqual(['#1', '#2', '#3', '#4']);
    expect(within(articles[0]!).getByText('01.03 – 31.03')).toBeInTheDocument();
    expect(within(articles[1]!).getByText('01.04 – 15.05')).toBeInTheDocument();
    expect(within(articles[3]!).getByText('01.06 – 30.06')).toBeInTheDocument();
    expect(within(articles[0]!).getByRole('img', { name: 'Wie viele Fans kommen zum Pokalfinale?' })).toHaveAttribute(
      'src',
      'http://localhost/media/estimate-w1024.webp',
    );
    expect(document.title).toBe('Die Challenges – Punktejagd');
  });

  it('loads the first card’s image at once with high priority (the largest element on a phone), the others lazily', async () => {
    renderChallenges();
    const articles = (await screen.findAllByRole('article')).slice(0, 4);
    const images = articles.map((a) => within(a).getAllByRole('img')[0]!);
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    for (const image of images.slice(1)) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).not.toHaveAttribute('fetchpriority', 'high');
    }
    // Width and height reserve the 3:2 box before the picture arrives.
    for (const image of images) expect(image).toMatchObject({ width: 1024, height: 683 });
  });

  it('a finished estimate challenge without published results is a teaser card that says they follow (no button to an empty table)', async () => {
    renderChallenges();
    const finished = await card('Volle Hütte beim Pokalfinale');
    expect(within(finished).getByText('Beendet')).toBeInTheDocument();
    expect(within(finished).getByText('Schätz die Zuschauerzahl.')).toBeInTheDocument();
    expect(within(finished).getByText('Ergebnisse folgen in Kürze')).toBeInTheDocument();
    expect(linksIn(finished)).toEqual([]);
  });

  it('a vote challenge in its voting window is the panel with ABSTIMMEN (the entries), no Teilnehmen after submission closed', async () => {
    renderChallenges();
    const panel = await card('Euer schönster Jubel');
    expect(within(panel).getByText('Welches Foto zeigt euren schönsten Jubel?')).toBeInTheDocument();
    expect(within(panel).getByText('Ein Foto pro Mannschaft.')).toBeInTheDocument();
    expect(within(panel).getByText('Abstimmen bis 15.05')).toBeInTheDocument();
    expect(linksIn(panel)).toEqual([['ABSTIMMEN', '/challenge/challenge-picture']]);
  });

  it('an ongoing goals challenge is the panel with Teilnehmen only', async () => {
    renderChallenges();
    const panel = await card('Die große Torjagd');
    expect(within(panel).getByText('Wie viele Tore hat eure Mannschaft geschossen?')).toBeInTheDocument();
    expect(within(panel).getByText('Mitmachen bis 31.05')).toBeInTheDocument();
    expect(linksIn(panel)).toEqual([['Teilnehmen', '/login']]);
  });

  it('an upcoming challenge is a teaser card with its start date and no buttons', async () => {
    renderChallenges();
    const upcoming = await card('Euer bester Schlachtruf');
    expect(within(upcoming).getByText('Startet am 01.06')).toBeInTheDocument();
    expect(within(upcoming).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Erste Challenge beginnt bald' })).not.toBeInTheDocument();
  });
});

describe('other days', () => {
  beforeEach(() => mockFetch({ [SPACEDATA]: { body: spaceData() } }));

  it('in the submission window the panel names the end of submission and the start of voting', async () => {
    renderChallenges({ today: '2026-04-10' });
    const panel = await card('Euer schönster Jubel');
    expect(within(panel).getByText('Einreichen')).toBeInTheDocument();
    expect(within(panel).getByText('Einreichen bis 20.04')).toBeInTheDocument();
    expect(within(panel).getByText('Abstimmen ab 21.04')).toBeInTheDocument();
    expect(linksIn(panel)).toEqual([
      ['Teilnehmen', '/login'],
      ['STÖBERN', '/challenge/challenge-picture'],
    ]);
  });

  it('finished vote challenges offer STÖBERN; ERGEBNISSE only once published (phase-actions.test.tsx), till then when they come', async () => {
    renderChallenges({ today: '2026-07-10' });
    const picture = await card('Euer schönster Jubel');
    expect(linksIn(picture)).toEqual([['STÖBERN', '/challenge/challenge-picture']]);
    expect(within(picture).getByText('Ergebnisse folgen in Kürze')).toBeInTheDocument();
    expect(linksIn(await card('Euer bester Schlachtruf'))).toEqual([['STÖBERN', '/challenge/challenge-text']]);
    expect(linksIn(await card('Die große Torjagd'))).toEqual([]);
  });

  it('when every challenge is upcoming a starting-soon teaser with the first start date comes first', async () => {
    renderChallenges({ today: '2026-02-01' });
    const teaser = await screen.findByRole('region', { name: 'Erste Challenge beginnt bald' });
    expect(teaser).toHaveTextContent('Los geht’s am 01.03.');
    expect(within(teaser).getByRole('link', { name: 'Teilnehmen' })).toHaveAttribute('href', '/login');
    // It stands above the list.
    const firstCard = screen.getByRole('article', { name: 'Volle Hütte beim Pokalfinale' });
    expect(teaser.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getAllByText(/^Startet am/)).toHaveLength(4);
  });
});

describe('prizes and points', () => {
  beforeEach(() => mockFetch({ [SPACEDATA]: { body: spaceData() } }));

  it('shows each challenge’s prizes with at most 4 images', async () => {
    renderChallenges();
    const prizes = await screen.findByRole('region', { name: 'Die Preise' });
    const jerseys = within(prizes).getByRole('article', { name: 'Neuer Trikotsatz' });
    expect(within(jerseys).getByText('Untertitel Neuer Trikotsatz')).toBeInTheDocument();
    expect(within(jerseys).getByText('Beschreibung Neuer Trikotsatz')).toBeInTheDocument();
    expect(within(jerseys).getByText('#1')).toBeInTheDocument();
    expect(within(jerseys).getAllByRole('img')).toHaveLength(4);
    expect(within(prizes).getByRole('article', { name: 'Fassbier-Fest' })).toBeInTheDocument();
    expect(within(within(prizes).getByRole('article', { name: 'Trainingslager' })).getAllByRole('img')).toHaveLength(2);
    // The goals challenge has no prizes.
    expect(within(prizes).getAllByRole('article')).toHaveLength(3);
  });

  it('shows the shared points table once, with the every-other row and a link to the overall table', async () => {
    renderChallenges();
    const points = await screen.findByRole('region', { name: 'Punkteverteilung' });
    const tables = within(points).getAllByRole('table');
    expect(tables).toHaveLength(1);
    const rows = within(tables[0]!)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows[0]).toEqual(['1. Platz', '100 Punkte']);
    expect(rows[5]).toEqual(['6.–10. Platz', '40 Punkte']);
    expect(rows.at(-1)).toEqual(['Jeder weitere teilnehmende Verein', '5 Punkte']);
    expect(rows).toHaveLength(9);
    expect(within(points).getByRole('link', { name: 'Zur Tabelle' })).toHaveAttribute('href', '/tabelle');
  });
});
