import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paths, sessionStore, storageKeys } from '@erd/shared-contracts';
import { loggedInMe, loggedInSession, mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import { LocationDisplay } from '../../../testing/location';
import { Header } from '../components/header';

function renderHeader(options: Parameters<typeof renderWithProviders>[1] = {}, onSignOut?: () => Promise<void>) {
  return renderWithProviders(
    <>
      <Header onSignOut={onSignOut} />
      <LocationDisplay />
    </>,
    options,
  );
}

const location = () => screen.getByTestId('location').textContent;
const banner = () => screen.getByRole('banner');

const ME_PATH = 'GET /api/me';
/** GET /api/me of the signed-in member: the club comes from here, not from a token claim. */
const me = (logourl?: string) =>
  loggedInMe('club-10001-m', {
    sys: { id: 'club-10001-m', objectTypeId: 'bfv-erd-club' },
    fields: { clubname: 'TSV Eching', clubnumber: '10001', team: 'm', ...(logourl ? { logourl } : {}) },
  });

beforeEach(() => {
  sessionStorage.clear();
  document.body.className = '';
  // The member's club behind the profile button: unanswered unless a test says otherwise.
  mockXhr({ [ME_PATH]: () => new Promise(() => {}) });
  // The header's and footer's content (space data) stays unanswered: not under test here.
  mockFetch({ 'GET /content/public/spaces/erd/spacedata': () => new Promise(() => {}) });
});

describe('header', () => {
  it('links the logo to the home page', () => {
    renderHeader({ route: '/tabelle' });
    expect(within(banner()).getByRole('link', { name: /Punktejagd/ })).toHaveAttribute('href', paths.home);
  });

  it('sends visitors to the login with the join button', () => {
    renderHeader();
    expect(within(banner()).getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/login');
  });

  it('sends logged-in users to the challenges with the join button', () => {
    renderHeader({ session: loggedInSession });
    expect(within(banner()).getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/challenge');
  });

  it('sends logged-in users to their profile', async () => {
    const user = userEvent.setup();
    renderHeader({ session: loggedInSession });
    const profile = within(banner()).getByRole('link', { name: 'Profil' });
    expect(profile).toHaveAttribute('href', '/profil');
    await user.click(profile);
    expect(location()).toBe('/profil');
    expect(sessionStorage.getItem(storageKeys.redirectAfterLogin)).toBeNull();
  });

  it('sends visitors from the profile button to the login and remembers /profil as the target after login', async () => {
    const user = userEvent.setup();
    renderHeader();
    const profile = within(banner()).getByRole('link', { name: 'Profil' });
    expect(profile).toHaveAttribute('href', '/login');
    await user.click(profile);
    expect(location()).toBe('/login');
    expect(sessionStorage.getItem('bfv-erd-redirectAfterLogin')).toBe('/profil');
  });

  it('shows the club logo of the signed-in account on the profile button, from our API (the token has no club claim)', async () => {
    expect(loggedInSession.claims).not.toHaveProperty(['custom:club']);
    const xhr = mockXhr({ [ME_PATH]: { body: me('/media/eching.png') } });
    // Two parts that need the club (as header and entry page): one request.
    renderWithProviders(
      <>
        <Header />
        <Header />
      </>,
      { session: loggedInSession },
    );
    const profiles = screen.getAllByRole('link', { name: 'Profil' });
    await waitFor(() => expect(profiles[0]!.querySelector('img')).not.toBeNull());
    expect(profiles[0]!.querySelector('img')).toHaveAttribute('src', 'http://localhost/media/eching.png');
    expect(profiles[0]!.querySelector('img')).toHaveAttribute('alt', '');
    expect(profiles[1]!.querySelector('img')).toHaveAttribute('src', 'http://localhost/media/eching.png');
    expect(xhr).toHaveBeenCalledTimes(1);
    expect(xhr.mock.calls[0]![1].headers.authorization).toBe('Bearer access');
  });

  it('falls back to the user icon when the club has no logo or cannot be loaded, and for visitors', async () => {
    const fetch = mockXhr({ [ME_PATH]: { body: me() } });
    renderHeader({ session: loggedInSession });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const profile = within(banner()).getByRole('link', { name: 'Profil' });
    expect(profile.querySelector('img')).toBeNull();
    expect(profile.querySelector('svg')).not.toBeNull();
  });

  it('follows the session store: logging in elsewhere changes the targets at once', () => {
    renderHeader();
    expect(within(banner()).getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/login');
    act(() => sessionStore.getState().setSession(loggedInSession));
    expect(within(banner()).getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/challenge');
  });
});

describe('menu', () => {
  const menuButton = () => within(banner()).getByRole('button', { name: /^Menü/ });
  const menu = () => screen.getByRole('navigation', { name: 'Hauptmenü' });

  it('opens with focus inside and a body shift style, and closes with Escape returning the focus', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = menuButton();
    expect(button).toHaveAccessibleName('Menü öffnen');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Hauptmenü' })).not.toBeInTheDocument();
    const controlled = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    expect(controlled).not.toBeVisible();

    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAccessibleName('Menü schließen');
    expect(controlled).toBeVisible();
    expect(controlled).toContainElement(menu());
    expect(document.body).toHaveClass('erd-menu-open');
    expect(within(menu()).getByRole('link', { name: 'Home' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Hauptmenü' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('erd-menu-open');
    expect(button).toHaveFocus();
  });

  it('lists the pages, login and the social links of the configuration', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    const nav = menu();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Challenges' })).toHaveAttribute('href', '/challenge');
    expect(within(nav).getByRole('link', { name: 'Tabelle' })).toHaveAttribute('href', '/tabelle');
    expect(within(nav).getByRole('link', { name: 'Teilnahme' })).toHaveAttribute('href', '/terms');
    expect(within(nav).getByRole('link', { name: 'Einloggen' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('button', { name: 'Ausloggen' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Punktejagd auf Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.example/punktejagd',
    );
    expect(within(nav).getByRole('link', { name: 'Punktejagd auf YouTube' })).toHaveAttribute('href', 'https://youtube.example/punktejagd');
    expect(within(nav).getByRole('link', { name: 'Punktejagd auf TikTok' })).toHaveAttribute('href', 'https://tiktok.example/punktejagd');
    expect(within(nav).getByRole('link', { name: 'Punktejagd auf Instagram' })).toHaveAttribute(
      'href',
      'https://instagram.example/punktejagd',
    );
  });

  it('leaves out social networks without a URL', async () => {
    const user = userEvent.setup();
    renderHeader({ config: { social: { facebook: 'https://fb.example/x', youtube: '', tiktok: '', instagram: '' } } });
    await user.click(menuButton());
    expect(within(menu()).getByRole('link', { name: 'Punktejagd auf Facebook' })).toBeInTheDocument();
    expect(within(menu()).queryByRole('link', { name: /YouTube|TikTok|Instagram/ })).not.toBeInTheDocument();
  });

  it('closes when a link is clicked and navigates there', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('link', { name: 'Tabelle' }));
    expect(location()).toBe('/tabelle');
    expect(screen.queryByRole('navigation', { name: 'Hauptmenü' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('erd-menu-open');
  });

  it('closes on a click on the backdrop and with the menu button', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(menuButton());
    await user.click(screen.getByTestId('menu-backdrop'));
    expect(screen.queryByRole('navigation', { name: 'Hauptmenü' })).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();

    await user.click(menuButton());
    await user.click(menuButton());
    expect(screen.queryByRole('navigation', { name: 'Hauptmenü' })).not.toBeInTheDocument();
  });

  it('can be used with the keyboard: Enter opens, Tab cycles between the menu and its button', async () => {
    const user = userEvent.setup();
    renderHeader({ config: { social: { facebook: '', youtube: '', tiktok: '', instagram: '' } } });
    menuButton().focus();
    await user.keyboard('{Enter}');
    expect(within(menu()).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(menu()).getByRole('link', { name: 'Einloggen' })).toHaveFocus();
    await user.tab();
    expect(menuButton()).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(menu()).getByRole('link', { name: 'Einloggen' })).toHaveFocus();
  });

  it('Ausloggen signs out, clears the session and goes to the home page', async () => {
    const user = userEvent.setup();
    let finish: (() => void) | undefined;
    const onSignOut = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderHeader({ route: '/tabelle', session: loggedInSession }, onSignOut);
    await user.click(menuButton());
    expect(within(menu()).queryByRole('link', { name: 'Einloggen' })).not.toBeInTheDocument();

    await user.click(within(menu()).getByRole('button', { name: 'Ausloggen' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(within(menu()).getByRole('button', { name: 'Ausloggen' })).toBeDisabled();
    expect(location()).toBe('/tabelle');
    await act(async () => finish?.());

    await waitFor(() => expect(location()).toBe('/'));
    expect(sessionStore.getState().status).toBeNull();
    expect(sessionStore.getState().tokens).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Hauptmenü' })).not.toBeInTheDocument();
    expect(within(banner()).getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/login');
  });

  it('Ausloggen still clears the session when the sign-out fails', async () => {
    const user = userEvent.setup();
    renderHeader({ route: '/profil', session: loggedInSession }, () => Promise.reject(new Error('offline')));
    await user.click(menuButton());
    await user.click(within(menu()).getByRole('button', { name: 'Ausloggen' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(sessionStore.getState().tokens).toBeNull();
  });
});
