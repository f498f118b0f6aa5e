import { ThemeProvider } from '@emotion/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { theme } from '@erd/shared-contracts/ui';
import { mockFetch, type FakeResponse } from '@erd/shared-contracts/testing';
import { testConfig } from '@erd/shared-contracts/testing';
import { apiRoutes, mixedRows, overallRows, row, YEAR_ID } from '../../../testing/fixtures';
import type { StandingRowDto } from '@erd/shared-contracts';
import { StandingsWidget } from '../components/standings-widget';
import { normaliseRefreshSeconds } from '../mount';
import { autoMount } from '../../../embed';
import { resetPublicSeasons } from '../../../lib/seasons';

const BASE = 'https://punktejagd.example';
const config = { ...testConfig, publicUrl: 'https://punktejagd.example/' };

function host() {
  const element = document.createElement('div');
  document.body.appendChild(element);
  return element;
}

const shadowOf = (element: HTMLElement) => element.shadowRoot as unknown as HTMLElement;

afterEach(() => {
  document.body.innerHTML = '';
  jest.useRealTimers();
});

it('mounts the top N into a shadow root, loads everything from our server and unmounts cleanly', async () => {
  const fetch = mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes({ overall: overallRows }) });
  const element = host();

  let widget!: { unmount(): void };
  await act(async () => {
    widget = window.PunktejagdStandings!.mount(element, { baseUrl: `${BASE}/`, limit: 3 });
  });
  const shadow = shadowOf(element);
  expect(shadow).not.toBeNull();

  const list = await within(shadow).findByRole('list', { name: 'Gesamttabelle: die ersten 3' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Platz 1.TSV EchingHerren245 Punkte', 'Platz 2.TSV GrünwaldHerren210 Punkte', 'Platz 3.FC DingolfingHerren180 Punkte']);
  expect(within(list).getByRole('link', { name: 'TSV Eching' })).toHaveAttribute('href', `${BASE}/club/club-1`);
  expect(list.querySelector('img')).toHaveAttribute('src', `${BASE}/media/logos/tsv-eching.svg`);
  expect(within(shadow).getByRole('link', { name: 'Zur Gesamttabelle' })).toHaveAttribute('href', `${BASE}/tabelle`);
  expect(within(shadow).getByRole('heading', { name: 'Gesamttabelle' })).toBeInTheDocument();

  // every request went to our server, not to the embedding page's origin
  const urls = fetch.mock.calls.map(([input]) => String(input));
  expect(urls).toEqual(
    expect.arrayContaining([
      `${BASE}/config.json`,
      `${BASE}/content/public/spaces/erd/spacedata?include=4`,
      `${BASE}/results/overall-year-2026.json`,
    ]),
  );
  expect(urls.every((url) => url.startsWith(BASE))).toBe(true);

  // the styles live in the shadow root, none in the page
  expect(shadow.querySelectorAll('style[data-emotion]').length).toBeGreaterThan(0);
  expect(document.head.querySelectorAll('style[data-emotion^="pjst"]')).toHaveLength(0);
  expect(screen.queryByRole('list')).not.toBeInTheDocument();

  act(() => widget.unmount());
  expect(shadow.childNodes).toHaveLength(0);
});

it('shows the empty state texts when no overall table is published', async () => {
  mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes() });
  const element = host();
  await act(async () => {
    window.PunktejagdStandings!.mount(element, { baseUrl: BASE });
  });
  const shadow = shadowOf(element);

  expect(await within(shadow).findByRole('heading', { name: 'Noch ist es still...' })).toBeInTheDocument();
  expect(within(shadow).getByText('Pssst! Komm wieder wenn die ersten Punkte vergeben wurden!')).toBeInTheDocument();
  expect(within(shadow).getByRole('link', { name: 'Zur Gesamttabelle' })).toHaveAttribute('href', `${BASE}/tabelle`);

  act(() => window.PunktejagdStandings!.unmount(element));
  expect(shadow.childNodes).toHaveLength(0);
});

it('defaults to 10 rows and mounting the same element twice replaces the widget', async () => {
  mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes({ overall: overallRows }) });
  const element = host();
  await act(async () => {
    window.PunktejagdStandings!.mount(element, { baseUrl: BASE });
  });
  await act(async () => {
    window.PunktejagdStandings!.mount(element, { baseUrl: BASE });
  });
  const shadow = shadowOf(element);
  await waitFor(() => expect(within(shadow).getAllByRole('list')).toHaveLength(1));
  expect(within(within(shadow).getByRole('list')).getAllByRole('listitem')).toHaveLength(10);
  act(() => window.PunktejagdStandings!.unmount(element));
});

it('shows the team with every row (the same club as Herren and Damen)', async () => {
  mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes({ overall: mixedRows }) });
  const element = host();
  await act(async () => {
    window.PunktejagdStandings!.mount(element, { baseUrl: BASE, limit: 3, refreshSeconds: 0 });
  });
  const list = await within(shadowOf(element)).findByRole('list', { name: 'Gesamttabelle: die ersten 3' });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Platz 1.TSV EchingHerren245 Punkte', 'Platz 2.TSV EchingDamen210 Punkte', 'Platz 2.FC DingolfingHerren210 Punkte']);
  act(() => window.PunktejagdStandings!.unmount(element));
});

it('isolates each club name (<bdi>) so a right-to-left override in it never pulls the team tag into the name', async () => {
  const name = 'SV \u202Eneppahcstuo';
  mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes({ overall: [row('club-9', name, 1, 99)] }) });
  const element = host();
  await act(async () => {
    window.PunktejagdStandings!.mount(element, { baseUrl: BASE, refreshSeconds: 0 });
  });
  const list = await within(shadowOf(element)).findByRole('list', { name: /Gesamttabelle/ });
  const isolated = list.querySelector('bdi');
  expect(isolated?.textContent).toBe(name);
  expect(isolated?.closest('li')?.textContent).toContain('Herren');
  expect(isolated?.textContent).not.toContain('Herren');
  act(() => window.PunktejagdStandings!.unmount(element));
});

describe('refreshing', () => {
  const OVERALL = `GET /results/overall-${YEAR_ID}.json`;

  /** The overall file as the server publishes it: a version (ETag) and its rows. */
  function publishedFile(rows: StandingRowDto[], etag: string) {
    const file = { rows, etag };
    const handler = (): FakeResponse => ({
      body: file.rows,
      headers: { etag: file.etag, 'last-modified': 'Tue, 24 Nov 2026 10:00:00 GMT' },
    });
    const publish = (next: StandingRowDto[], nextEtag: string) => {
      file.rows = next;
      file.etag = nextEtag;
    };
    return { handler, publish };
  }

  const overallCalls = (fetch: jest.Mock) => fetch.mock.calls.filter(([input]) => String(input).includes('/results/overall-'));

  const advance = (ms: number) =>
    act(async () => {
      await jest.advanceTimersByTimeAsync(ms);
    });

  const topThree = [row('club-1', 'TSV Eching', 1, 245), row('club-2', 'TSV Grünwald', 2, 210), row('club-3', 'FC Dingolfing', 3, 180)];
  const afterNextChallenge = [
    row('club-3', 'FC Dingolfing', 1, 280),
    row('club-1', 'TSV Eching', 2, 250),
    row('club-2-w', 'TSV Grünwald', 3, 215, { team: 'w' }),
  ];

  beforeEach(() => {
    jest.useFakeTimers();
  });

  it('asks again every refreshSeconds with a revalidating GET (no custom header) and renders the new version', async () => {
    const file = publishedFile(topThree, '"v1"');
    const fetch = mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes(), [OVERALL]: file.handler });
    const element = host();
    let widget!: { unmount(): void };
    await act(async () => {
      widget = window.PunktejagdStandings!.mount(element, { baseUrl: BASE, limit: 3, refreshSeconds: 30 });
    });
    const shadow = shadowOf(element);
    const names = () =>
      within(within(shadow).getByRole('list'))
        .getAllByRole('link')
        .map((a) => a.textContent);
    await waitFor(() => expect(names()).toEqual(['TSV Eching', 'TSV Grünwald', 'FC Dingolfing']));
    expect(overallCalls(fetch)).toHaveLength(1);

    file.publish(afterNextChallenge, '"v2"');
    await advance(29_000);
    expect(overallCalls(fetch)).toHaveLength(1);
    await advance(1_000);
    expect(overallCalls(fetch)).toHaveLength(2);
    expect(names()).toEqual(['FC Dingolfing', 'TSV Eching', 'TSV Grünwald']);
    expect(within(shadow).getByRole('list')).toHaveTextContent('Platz 3.TSV GrünwaldDamen215 Punkte');

    // every poll: our server, the browser revalidates (cache: no-cache), only safelisted headers
    for (const [input, init] of overallCalls(fetch)) {
      expect(String(input)).toBe(`${BASE}/results/overall-${YEAR_ID}.json`);
      expect(init).toEqual(expect.objectContaining({ cache: 'no-cache' }));
      expect(Object.keys((init as RequestInit).headers as Record<string, string>)).toEqual(['accept']);
    }

    // no polls after unmount
    act(() => widget.unmount());
    await advance(120_000);
    expect(overallCalls(fetch)).toHaveLength(2);
  });

  it('does not render again when the ETag is unchanged, nor when a new version leaves the shown rows as they are', async () => {
    const file = publishedFile(overallRows, '"v1"');
    const fetch = mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes(), [OVERALL]: file.handler });
    const onRender = jest.fn();
    render(
      <Profiler id="widget" onRender={onRender}>
        <ThemeProvider theme={theme}>
          <StandingsWidget baseUrl={BASE} limit={3} refreshSeconds={60} />
        </ThemeProvider>
      </Profiler>,
    );
    const first = await screen.findByRole('link', { name: 'TSV Eching' });
    const renders = onRender.mock.calls.length;

    await advance(60_000);
    expect(overallCalls(fetch)).toHaveLength(2);
    expect(onRender).toHaveBeenCalledTimes(renders);

    // a new version that changes only rows below the top 3
    file.publish([...overallRows.slice(0, 3), row('club-99', 'SV Neu', 4, 170)], '"v2"');
    await advance(60_000);
    expect(overallCalls(fetch)).toHaveLength(3);
    expect(onRender).toHaveBeenCalledTimes(renders);
    expect(screen.getByRole('link', { name: 'TSV Eching' })).toBe(first);

    // the same rows again without an ETag: compared by content
    file.publish([...overallRows.slice(0, 3)], '');
    await advance(60_000);
    expect(overallCalls(fetch)).toHaveLength(4);
    expect(onRender).toHaveBeenCalledTimes(renders);
  });

  it('keeps the table when a poll fails and skips polls while the page is hidden, catching up when it is visible again', async () => {
    const file = publishedFile(topThree, '"v1"');
    let down = false;
    const fetch = mockFetch({
      'GET /config.json': { body: config },
      ...apiRoutes(),
      [OVERALL]: () => (down ? { status: 503, body: { code: 'Unavailable' } } : file.handler()),
    });
    const element = host();
    await act(async () => {
      window.PunktejagdStandings!.mount(element, { baseUrl: BASE, limit: 3, refreshSeconds: 10 });
    });
    const shadow = shadowOf(element);
    await within(shadow).findByRole('link', { name: 'TSV Eching' });

    down = true;
    await advance(10_000);
    expect(overallCalls(fetch)).toHaveLength(2);
    expect(within(shadow).getByRole('link', { name: 'TSV Eching' })).toBeInTheDocument();
    expect(within(shadow).queryByText('Noch ist es still...')).not.toBeInTheDocument();
    down = false;

    const hidden = jest.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    file.publish(afterNextChallenge, '"v2"');
    await advance(60_000);
    expect(overallCalls(fetch)).toHaveLength(2);

    hidden.mockReturnValue(false);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(overallCalls(fetch)).toHaveLength(3);
    expect(within(within(shadow).getByRole('list')).getAllByRole('link')[0]).toHaveTextContent('FC Dingolfing');
    hidden.mockRestore();
    act(() => window.PunktejagdStandings!.unmount(element));
  });

  it('does not poll with refreshSeconds: 0', async () => {
    const fetch = mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes({ overall: overallRows }) });
    const element = host();
    await act(async () => {
      window.PunktejagdStandings!.mount(element, { baseUrl: BASE, refreshSeconds: 0 });
    });
    await within(shadowOf(element)).findByRole('link', { name: 'TSV Eching' });
    await advance(10 * 60_000);
    expect(overallCalls(fetch)).toHaveLength(1);
    act(() => window.PunktejagdStandings!.unmount(element));
  });

  it('takes data-refresh from the declarative form', async () => {
    const fetch = mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes({ overall: overallRows }) });
    const element = host();
    Object.assign(element.dataset, { punktejagdStandings: '', baseUrl: BASE, limit: '2', refresh: '15' });
    await act(async () => {
      autoMount();
    });
    const shadow = shadowOf(element);
    expect(within(await within(shadow).findByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    await advance(15_000);
    expect(overallCalls(fetch)).toHaveLength(2);
    act(() => window.PunktejagdStandings!.unmount(element));
  });
});

it.each([
  [undefined, 60],
  ['', 60],
  ['abc', 60],
  [-5, 60],
  [0, 0],
  ['0', 0],
  [3, 10],
  ['120', 120],
  [90.4, 90],
  [10 ** 9, 86400],
])('refreshSeconds %p → %p', (value, expected) => {
  expect(normaliseRefreshSeconds(value)).toBe(expected);
});

describe('pinned to a season (issue 26)', () => {
  const archive = [row('club-7', 'FC Füssen', 1, 300), row('club-2', 'TSV Grünwald', 2, 250), row('club-9', 'TuS Holzkirchen', 3, 90)];

  afterEach(() => resetPublicSeasons());

  it('data-season="2025" shows that season’s final table and links to /tabelle?saison=2025', async () => {
    const fetch = mockFetch({
      'GET /config.json': { body: config },
      ...apiRoutes({ overall: overallRows, archive: { overall: archive } }),
    });
    const element = host();
    Object.assign(element.dataset, { punktejagdStandings: '', baseUrl: BASE, limit: '2', refresh: '0', season: '2025' });
    await act(async () => {
      autoMount();
    });
    const shadow = shadowOf(element);
    const list = await within(shadow).findByRole('list', { name: 'Gesamttabelle 2025: die ersten 2' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['FC Füssen', 'TSV Grünwald']);
    expect(within(shadow).getByRole('heading', { name: 'Gesamttabelle 2025' })).toBeInTheDocument();
    expect(within(shadow).getByRole('link', { name: 'Zur Gesamttabelle 2025' })).toHaveAttribute('href', `${BASE}/tabelle?saison=2025`);
    const urls = fetch.mock.calls.map(([input]) => String(input));
    expect(urls).toEqual(expect.arrayContaining([`${BASE}/api/public/seasons`, `${BASE}/results/overall-year-2025.json`]));
    expect(urls).not.toContain(`${BASE}/results/overall-${YEAR_ID}.json`);
    act(() => window.PunktejagdStandings!.unmount(element));
  });

  it('the current season’s year, and a year no season can have (1999), show the current table as without the attribute', async () => {
    mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes({ overall: overallRows, archive: { overall: archive } }) });
    const current = host();
    const unknown = host();
    await act(async () => {
      window.PunktejagdStandings!.mount(current, { baseUrl: BASE, limit: 1, refreshSeconds: 0, season: 2026 });
      window.PunktejagdStandings!.mount(unknown, { baseUrl: BASE, limit: 1, refreshSeconds: 0, season: 1999 });
    });
    const list = await within(shadowOf(current)).findByRole('list', { name: 'Gesamttabelle: die ersten 1' });
    expect(within(list).getByRole('link').textContent).toBe('TSV Eching');
    expect(within(shadowOf(current)).getByRole('link', { name: 'Zur Gesamttabelle' })).toHaveAttribute('href', `${BASE}/tabelle`);
    // 1999 is no year a widget can be pinned to: the current season, as without the attribute
    expect(await within(shadowOf(unknown)).findByRole('list', { name: 'Gesamttabelle: die ersten 1' })).toBeInTheDocument();
    act(() => {
      window.PunktejagdStandings!.unmount(current);
      window.PunktejagdStandings!.unmount(unknown);
    });
  });

  it('a season that is not public says the table cannot be loaded', async () => {
    mockFetch({ 'GET /config.json': { body: config }, ...apiRoutes({ overall: overallRows, archive: { overall: archive } }) });
    const element = host();
    await act(async () => {
      window.PunktejagdStandings!.mount(element, { baseUrl: BASE, refreshSeconds: 0, season: '2031' });
    });
    expect(await within(shadowOf(element)).findByRole('alert')).toHaveTextContent('Die Tabelle konnte gerade nicht geladen werden.');
    act(() => window.PunktejagdStandings!.unmount(element));
  });
});
