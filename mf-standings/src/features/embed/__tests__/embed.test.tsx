import { act, screen, waitFor, within } from '@testing-library/react';
import { mockFetch } from '@erd/shared-contracts/testing';
import { testConfig } from '@erd/shared-contracts/testing';
import { apiRoutes, overallRows } from '../../../testing/fixtures';
import '../../../embed';

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
  expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Platz 1.TSV Eching245 Punkte',
    'Platz 2.TSV Grünwald210 Punkte',
    'Platz 3.FC Dingolfing180 Punkte',
  ]);
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
