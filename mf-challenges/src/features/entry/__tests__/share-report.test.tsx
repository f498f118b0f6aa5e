import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '@erd/shared-contracts/testing';
import { OBJECT, pictureEntry, renderChallenges, SEARCH, SPACEDATA, spaceData, textEntry } from '../../../testing/fixtures';
import { mockHttp } from '../../../testing/http';

const url = 'http://localhost/challenge/challenge-text/t-12';
/** Shared links carry their channel (issue 23): the device share `via=share`, a copied link `via=copy`; its fallbacks are tested with the share kit (shared-contracts/src/share-kit). */
const shared = `${url}?via=share`;
const copied = `${url}?via=copy`;

function setNavigator(key: 'share' | 'canShare' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

beforeEach(() => {
  mockHttp({});
  mockFetch({
    [SPACEDATA]: { body: spaceData() },
    [OBJECT('t-12')]: { body: textEntry(12) },
    [OBJECT('p-3')]: { body: pictureEntry(3) },
    [SEARCH]: { body: { items: [], total: 0 } },
  });
});

afterEach(() => {
  const nav = navigator as unknown as Record<string, unknown>;
  delete nav.share;
  delete nav.canShare;
});

it('"Melden" opens a pre-filled e-mail to the service team: subject, entry link, entry ID, reason', async () => {
  renderChallenges({ route: '/challenge/challenge-text/t-12', today: '2026-06-20' });
  const link = await screen.findByRole('link', { name: 'Melden' });
  const href = link.getAttribute('href')!;
  expect(href.startsWith('mailto:service@punktejagd.example?')).toBe(true);
  const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
  expect(query.get('subject')).toBe('Meldung eines Beitrags');
  const body = query.get('body')!;
  expect(body).toContain(`Link: ${url}`);
  expect(body).toContain('Beitrags-ID: t-12');
  expect(body).toContain('Grund: …');
  // Encoded for mail programs: spaces as %20, line breaks as %0D%0A.
  expect(href).toContain('subject=Meldung%20eines%20Beitrags');
  expect(href).toContain('%0D%0A');
});

it('the entry link follows the configured public address', async () => {
  const { unmount } = renderChallenges({ route: '/challenge/challenge-text/t-12', today: '2026-06-20' });
  unmount();
  const { renderWithProviders } = await import('@erd/shared-contracts/testing');
  const { default: ChallengesApp } = await import('../../../exposes/challenges-app');
  renderWithProviders(<ChallengesApp />, {
    route: '/challenge/challenge-text/t-12',
    path: '/challenge/*',
    config: { publicUrl: 'https://punktejagd.example/' },
  });
  const href = (await screen.findByRole('link', { name: 'Melden' })).getAttribute('href')!;
  expect(decodeURIComponent(href)).toContain('Link: https://punktejagd.example/challenge/challenge-text/t-12');
});

it('"Teilen" uses the device share function with headline, slogan and entry link (marked via=share)', async () => {
  const share = jest.fn().mockResolvedValue(undefined);
  setNavigator('share', share);
  const user = userEvent.setup();
  renderChallenges({ route: '/challenge/challenge-text/t-12', today: '2026-06-20' });
  await user.click(await screen.findByRole('button', { name: 'Teilen' }));
  expect(share).toHaveBeenCalledWith({ title: 'Euer bester Schlachtruf', text: 'Spruch Nummer 12', url: shared });
  expect(screen.queryByText('Link kopiert')).not.toBeInTheDocument();
});

it('a picture is shared without text', async () => {
  const share = jest.fn().mockResolvedValue(undefined);
  setNavigator('share', share);
  const user = userEvent.setup();
  renderChallenges({ route: '/challenge/challenge-picture/p-3', today: '2026-05-01' });
  await user.click(await screen.findByRole('button', { name: 'Teilen' }));
  expect(share).toHaveBeenCalledWith({
    title: 'Euer schönster Jubel',
    url: 'http://localhost/challenge/challenge-picture/p-3?via=share',
  });
});

it('when copying is impossible too, the link is shown to copy by hand', async () => {
  const user = userEvent.setup();
  setNavigator('clipboard', undefined);
  renderChallenges({ route: '/challenge/challenge-text/t-12', today: '2026-06-20' });
  await user.click(await screen.findByRole('button', { name: 'Teilen' }));
  const field = await screen.findByRole('textbox', { name: 'Link zum Beitrag' });
  expect(field).toHaveValue(copied);
  expect(screen.queryByText('Link kopiert')).not.toBeInTheDocument();
  expect(within(screen.getByRole('article')).getByRole('link', { name: 'Melden' })).toBeInTheDocument();
});
