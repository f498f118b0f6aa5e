import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadSpaceData, setRuntimeConfig } from '@erd/shared-contracts';
import { mockFetch, testConfig } from '@erd/shared-contracts/testing';
import { renderStandingsAt } from '../../../testing/render';
import { apiRoutes, longTable, mixedRows, overallRows, row } from '../../../testing/fixtures';

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);

afterEach(() => {
  document.title = '';
});

it('shows the overall table: top three on the podium in reading order 1-2-3, the rest as a list with shared places', async () => {
  mockFetch(apiRoutes({ overall: overallRows }));
  renderStandingsAt('/tabelle');

  expect(await screen.findByRole('heading', { level: 1, name: 'Gesamttabelle' })).toBeInTheDocument();
  expect(document.title).toBe('Gesamttabelle');

  const podium = screen.getByRole('list', { name: 'Podium' });
  expect(names(podium)).toEqual(['TSV Eching', 'TSV Grünwald', 'FC Dingolfing']);
  const [first] = within(podium).getAllByRole('listitem');
  expect(first).toHaveTextContent('Platz 1.');
  expect(first).toHaveTextContent('245 Punkte');
  expect(within(first).getByText('Herren')).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: 'TSV Eching' })).toHaveAttribute('href', '/club/club-1');
  // the logo sits next to the name: decorative, with an empty alt
  expect(first.querySelector('img')).toHaveAttribute('alt', '');

  const list = screen.getByRole('list', { name: 'Weitere Plätze' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(9);
  expect(items.map((item) => item.textContent)).toEqual([
    'Platz 4.ASV ChamHerrengeteilter 4. Platz150 Punkte',
    'Platz 4.SV MemmelsdorfHerrengeteilter 4. Platz150 Punkte',
    'Platz 6.TSV NördlingenHerren120 Punkte',
    'Platz 7.FC FüssenHerren100 Punkte',
    'Platz 8.SpVgg MögeldorfHerren95 Punkte',
    'Platz 9.TuS HolzkirchenHerren80 Punkte',
    'Platz 10.SV Kirchdorf am InnHerren65 Punkte',
    'Platz 11.TSV PeißenbergHerren40 Punkte',
    'Platz 12.DJK Würzburg-HeuchelhofHerren5 Punkte',
  ]);
  // a short table needs no 'show more'
  expect(screen.queryByRole('button', { name: 'Weitere Plätze anzeigen' })).not.toBeInTheDocument();
  expect(within(items[1]).getByRole('link', { name: 'SV Memmelsdorf' })).toHaveAttribute('href', '/club/club-5');

  // the finished challenges (#1–#4), not the upcoming #5
  const perChallenge = screen.getByRole('navigation', { name: 'Tabelle je Challenge' });
  expect(
    within(perChallenge)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]),
  ).toEqual([
    ['#1 Volle Hütte beim Pokalfinale', '/tabelle/challenge-pokalfinale'],
    ['#2 Euer schönster Jubel', '/tabelle/challenge-jubel'],
    ['#3 Torfabrik', '/tabelle/challenge-tore'],
    ['#4 Der lauteste Schlachtruf', '/tabelle/challenge-schlachtruf'],
  ]);
});

it('sorts rows by place and keeps a short table on the podium only', async () => {
  mockFetch(apiRoutes({ overall: [row('b', 'Zweiter', 2, 80), row('a', 'Erster', 1, 100)] }));
  renderStandingsAt('/tabelle');

  expect(names(await screen.findByRole('list', { name: 'Podium' }))).toEqual(['Erster', 'Zweiter']);
  expect(screen.queryByRole('list', { name: 'Weitere Plätze' })).not.toBeInTheDocument();
});

it('isolates every club name (<bdi>) on the podium and in the list, so its writing direction stays inside it', async () => {
  const rtl = 'SV \u202Eneppahcstuo';
  mockFetch(apiRoutes({ overall: [1, 2, 3, 4].map((place) => row(`c-${place}`, `${rtl} ${place}`, place, 100 - place)) }));
  renderStandingsAt('/tabelle');

  for (const list of [await screen.findByRole('list', { name: 'Podium' }), screen.getByRole('list', { name: 'Weitere Plätze' })]) {
    for (const link of within(list).getAllByRole('link')) {
      expect(link.querySelector('bdi')?.textContent).toBe(link.textContent);
    }
  }
});

it.each([
  ['no results file yet', undefined],
  ['an empty results file', []],
])('shows the empty state for %s', async (_label, overall) => {
  mockFetch(apiRoutes({ overall }));
  renderStandingsAt('/tabelle');

  expect(await screen.findByRole('heading', { name: 'Noch ist es still...' })).toBeInTheDocument();
  expect(screen.getByText('Pssst! Komm wieder wenn die ersten Punkte vergeben wurden!')).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Podium' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Nach oben' })).not.toBeInTheDocument();
  // nothing to filter before the first publication
  expect(screen.queryByRole('group', { name: 'Team' })).not.toBeInTheDocument();
  // the next step (issue 24): the challenges; no results date on the overall table
  expect(screen.getByRole('link', { name: 'Zu den Challenges' })).toHaveAttribute('href', '/challenge');
  expect(screen.queryByText(/^Ergebnisse (ab|folgen)/)).not.toBeInTheDocument();
});

it("shows a challenge's table under its #n and headline, with a link to the overall table", async () => {
  mockFetch(
    apiRoutes({
      challengeResults: {
        'challenge-jubel': [
          row('club-3', 'FC Dingolfing', 1, 100, { votes: 80 }),
          row('club-1', 'TSV Eching', 1, 100, { votes: 80 }),
          row('club-2', 'TSV Grünwald', 3, 65, { team: 'w', votes: 1234 }),
        ],
      },
    }),
  );
  renderStandingsAt('/tabelle/challenge-jubel');

  expect(await screen.findByRole('heading', { level: 1, name: '#2 Euer schönster Jubel' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zur Gesamttabelle' })).toHaveAttribute('href', '/tabelle');
  const podium = screen.getByRole('list', { name: 'Podium' });
  expect(
    within(podium)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Platz 1.1FC DingolfingHerrenStimmen 80geteilter 1. Platz100 Punkte',
    'Platz 1.1TSV EchingHerrenStimmen 80geteilter 1. Platz100 Punkte',
    'Platz 3.3TSV GrünwaldDamenStimmen 1.23465 Punkte',
  ]);
  // a vote challenge has no right answer
  expect(screen.queryByText(/Richtige Antwort/)).not.toBeInTheDocument();
  const current = within(screen.getByRole('navigation', { name: 'Tabelle je Challenge' })).getByRole('link', { current: 'page' });
  expect(current).toHaveTextContent('#2 Euer schönster Jubel');
});

it('shows the empty state for a finished challenge whose results are not published', async () => {
  mockFetch(apiRoutes());
  renderStandingsAt('/tabelle/challenge-tore');

  expect(await screen.findByRole('heading', { level: 1, name: '#3 Torfabrik' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Noch ist es still...' })).toBeInTheDocument();
  expect(screen.getByText('Pssst! Komm wieder wenn die ersten Punkte vergeben wurden!')).toBeInTheDocument();
  // when the results come (issue 24: no date set yet), and the next step
  expect(screen.getByText('Ergebnisse folgen in Kürze')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zu den Challenges' })).toHaveAttribute('href', '/challenge');
});

it("names the day a challenge's results come when the season gives it", async () => {
  mockFetch(apiRoutes());
  // The page keeps the space data it loaded first (loadSpaceData): the date goes on that copy.
  setRuntimeConfig(testConfig);
  const tore = (await loadSpaceData()).year.fields.challenges.find((c) => c.sys.id === 'challenge-tore')!;
  const before = tore.fields.resultsDate;
  tore.fields.resultsDate = '2020-06-12';
  try {
    renderStandingsAt('/tabelle/challenge-tore');
    expect(await screen.findByText('Ergebnisse ab 12.6.')).toBeInTheDocument();
  } finally {
    tore.fields.resultsDate = before;
  }
});

it('shows the 404 screen for an id that is not a challenge of the year', async () => {
  mockFetch(apiRoutes({ overall: overallRows }));
  renderStandingsAt('/tabelle/gibt-es-nicht');

  expect(await screen.findByRole('heading', { name: 'kein Treffer' })).toBeInTheDocument();
  expect(screen.getByText('Aber bei der Punktejagd kassierst du trotzdem Punkte!')).toBeInTheDocument();
});

it("shows what each club entered in a challenge's table: the estimate in small print and the right answer", async () => {
  mockFetch(
    apiRoutes({
      challengeResults: {
        'challenge-pokalfinale': [
          row('club-7', 'FC Füssen', 1, 100, { estimate: 3850, rightEstimate: 3847 }),
          row('club-1', 'TSV Eching', 2, 80, { estimate: 3900, rightEstimate: 3847 }),
          row('club-2', 'TSV Grünwald', 3, 65, { estimate: 3700, rightEstimate: 3847 }),
          row('club-3', 'FC Dingolfing', 4, 55, { team: 'w', estimate: 12000, rightEstimate: 3847 }),
        ],
      },
    }),
  );
  renderStandingsAt('/tabelle/challenge-pokalfinale');

  expect(await screen.findByRole('heading', { level: 1, name: '#1 Volle Hütte beim Pokalfinale' })).toBeInTheDocument();
  expect(screen.getByText('Richtige Antwort:').parentElement).toHaveTextContent('Richtige Antwort: 3.847');
  expect(within(screen.getByRole('list', { name: 'Podium' })).getAllByRole('listitem')[1]).toHaveTextContent(
    'TSV EchingHerrenSchätzung 3.900',
  );
  const [fourth] = within(screen.getByRole('list', { name: 'Weitere Plätze' })).getAllByRole('listitem');
  expect(fourth.textContent).toBe('Platz 4.FC DingolfingDamenSchätzung 12.00055 Punkte');
});

describe('shared places and teams', () => {
  it('shows a shared place on the podium for both clubs, and the team of every row (one club twice)', async () => {
    mockFetch(apiRoutes({ overall: mixedRows }));
    renderStandingsAt('/tabelle');

    const podium = await screen.findByRole('list', { name: 'Podium' });
    expect(
      within(podium)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Platz 1.1TSV EchingHerren245 Punkte',
      'Platz 2.2TSV EchingDamengeteilter 2. Platz210 Punkte',
      'Platz 2.2FC DingolfingHerrengeteilter 2. Platz210 Punkte',
    ]);
    const [herren, damen] = within(podium).getAllByRole('link', { name: 'TSV Eching' });
    expect(herren).toHaveAttribute('href', '/club/club-1');
    expect(damen).toHaveAttribute('href', '/club/club-1-w');
  });
});

describe('team filter', () => {
  const podiumNames = () =>
    within(screen.getByRole('list', { name: 'Podium' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it("filters by team, places the team's rows among themselves (ties included) and keeps the choice in the URL", async () => {
    mockFetch(apiRoutes({ overall: mixedRows }));
    renderStandingsAt('/tabelle');

    const group = await screen.findByRole('group', { name: 'Team' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['all', 'm', 'w']);
    expect(within(group).getByRole('radio', { name: 'Alle' })).toBeChecked();

    await userEvent.click(within(group).getByRole('radio', { name: 'Damen' }));
    expect(within(group).getByRole('radio', { name: 'Damen' })).toBeChecked();
    expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent('/tabelle?team=w');
    expect(podiumNames()).toEqual([
      'Platz 1.1TSV EchingDamen210 Punkte',
      'Platz 2.2SV MemmelsdorfDamengeteilter 2. Platz180 Punkte',
      'Platz 2.2TSV GrünwaldDamengeteilter 2. Platz180 Punkte',
    ]);
    expect(
      within(screen.getByRole('list', { name: 'Weitere Plätze' }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Platz 4.FC FüssenDamen100 Punkte']);
    // the links to the challenge tables keep the team
    expect(within(screen.getByRole('navigation', { name: 'Tabelle je Challenge' })).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/tabelle/challenge-pokalfinale?team=w',
    );

    await userEvent.click(within(group).getByRole('radio', { name: 'Herren' }));
    expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent('/tabelle?team=m');
    expect(podiumNames()).toEqual([
      'Platz 1.1TSV EchingHerren245 Punkte',
      'Platz 2.2FC DingolfingHerren210 Punkte',
      'Platz 3.3ASV ChamHerren150 Punkte',
    ]);
    expect(screen.queryByRole('list', { name: 'Weitere Plätze' })).not.toBeInTheDocument();

    await userEvent.click(within(group).getByRole('radio', { name: 'Alle' }));
    expect(screen.getByRole('status', { name: 'Adresse' }).textContent).toBe('/tabelle');
    expect(podiumNames()).toHaveLength(3);
    expect(within(screen.getByRole('list', { name: 'Weitere Plätze' })).getAllByRole('listitem')).toHaveLength(4);
  });

  it('is usable with the keyboard: Tab into the group, arrow keys choose', async () => {
    mockFetch(apiRoutes({ overall: mixedRows }));
    renderStandingsAt('/tabelle');
    const all = await screen.findByRole('radio', { name: 'Alle' });

    all.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Herren' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Herren' })).toHaveFocus();
    expect(screen.getByRole('status', { name: 'Adresse' })).toHaveTextContent('/tabelle?team=m');
  });

  it('comes back from the URL after a reload, also on a challenge table, whose link to the overall table keeps it', async () => {
    mockFetch(apiRoutes({ overall: mixedRows, challengeResults: { 'challenge-jubel': mixedRows } }));
    const first = renderStandingsAt('/tabelle?team=w');
    expect(await screen.findByRole('radio', { name: 'Damen' })).toBeChecked();
    expect(podiumNames()[0]).toBe('Platz 1.1TSV EchingDamen210 Punkte');
    first.unmount();

    renderStandingsAt('/tabelle/challenge-jubel?team=w');
    expect(await screen.findByRole('radio', { name: 'Damen' })).toBeChecked();
    expect(podiumNames()).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Zur Gesamttabelle' })).toHaveAttribute('href', '/tabelle?team=w');
  });

  it('ignores an unknown team in the URL', async () => {
    mockFetch(apiRoutes({ overall: mixedRows }));
    renderStandingsAt('/tabelle?team=x');
    expect(await screen.findByRole('radio', { name: 'Alle' })).toBeChecked();
    expect(podiumNames()).toHaveLength(3);
  });

  it('says so when the chosen team has no rows in a published table, and offers all teams again', async () => {
    mockFetch(apiRoutes({ overall: overallRows }));
    renderStandingsAt('/tabelle?team=w');

    expect(await screen.findByText('In dieser Tabelle stehen noch keine Damen-Mannschaften.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Podium' })).not.toBeInTheDocument();
    expect(screen.queryByText('Noch ist es still...')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Alle Teams anzeigen' }));
    expect(screen.getByRole('radio', { name: 'Alle' })).toBeChecked();
    expect(screen.getByRole('list', { name: 'Podium' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Adresse' }).textContent).toBe('/tabelle');
  });
});

describe('long tables', () => {
  it('renders the first 100 rows below the podium and 100 more per click, focusing the first new row', async () => {
    mockFetch(apiRoutes({ overall: longTable(250) }));
    renderStandingsAt('/tabelle');

    const list = await screen.findByRole('list', { name: 'Weitere Plätze' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    expect(screen.getByText('103 von 250 Mannschaften angezeigt')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Weitere Plätze anzeigen' }));
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(200);
    expect(within(items[100]).getByRole('link', { name: 'Verein 104' })).toHaveFocus();
    expect(screen.getByText('203 von 250 Mannschaften angezeigt')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Weitere Plätze anzeigen' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(247);
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('Platz 250.Verein 250Damen1 Punkt');
    expect(screen.queryByRole('button', { name: 'Weitere Plätze anzeigen' })).not.toBeInTheDocument();
    expect(screen.getByText('250 von 250 Mannschaften angezeigt')).toBeInTheDocument();
  });

  it('starts again at 100 rows when the team changes', async () => {
    mockFetch(apiRoutes({ overall: longTable(500) }));
    renderStandingsAt('/tabelle');

    await userEvent.click(await screen.findByRole('button', { name: 'Weitere Plätze anzeigen' }));
    expect(within(screen.getByRole('list', { name: 'Weitere Plätze' })).getAllByRole('listitem')).toHaveLength(200);

    await userEvent.click(screen.getByRole('radio', { name: 'Damen' }));
    const list = screen.getByRole('list', { name: 'Weitere Plätze' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    // the Damen are every second row: 250 of them, placed 1, 2, 3, … among themselves
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Platz 4.Verein 8Damen');
    expect(screen.getByText('103 von 250 Mannschaften angezeigt')).toBeInTheDocument();
  });
});

describe("'Nach oben'", () => {
  const originalMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
  });

  const mockReducedMotion = (reduce: boolean) => {
    window.matchMedia = jest.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList);
  };

  it.each([
    [false, 'smooth'],
    [true, 'auto'],
  ])('scrolls to the top (reduced motion: %s → %s) and moves focus to the headline', async (reduce, behavior) => {
    mockReducedMotion(reduce);
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    mockFetch(apiRoutes({ overall: overallRows }));
    renderStandingsAt('/tabelle');

    await userEvent.click(await screen.findByRole('button', { name: 'Nach oben' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior });
    expect(screen.getByRole('heading', { level: 1, name: 'Gesamttabelle' })).toHaveFocus();
  });
});
