import { act, screen } from '@testing-library/react';
import { sessionStore, storageKeys, useNavigate } from '@erd/shared-contracts';
import { loggedInSession, mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import { LocationDisplay } from '../../testing/location';
import { AppRoutes } from '../router';

// The remote areas themselves are not under test: their loader never settles.
jest.mock('../remotes/federation', () => ({ loadRemoteModule: () => new Promise(() => {}), loadedRemoteModule: () => undefined }));

let navigate: ReturnType<typeof useNavigate> = () => undefined;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderAt(route: string, loggedIn: boolean) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <LocationDisplay />
      <Navigator />
    </>,
    { route, session: loggedIn ? loggedInSession : null },
  );
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  // Content (space data, the header's club logo) stays unanswered: not under test here.
  mockFetch({
    'GET /content/public/spaces/erd/spacedata': () => new Promise(() => {}),
    'GET /content/public/spaces/erd/objects/club-10001-m': () => new Promise(() => {}),
  });
  // The member's club behind the header's profile button (GET /api/me) stays unanswered too.
  mockXhr({ 'GET /api/me': () => new Promise(() => {}) });
  sessionStorage.clear();
  localStorage.setItem(storageKeys.ageConsent, JSON.stringify({ over18: 'approved', timestamp: 1 }));
});

describe('logged-in users', () => {
  it.each(['/login', '/registration', '/confirmation', '/restore-password', '/change-password', '/delete-confirmation'])(
    'are sent from %s to /profil',
    (route) => {
      renderAt(route, true);
      expect(location()).toBe('/profil');
    },
  );

  it.each(['/profil', '/delete', '/challenge', '/'])('may visit %s', (route) => {
    renderAt(route, true);
    expect(location()).toBe(route);
  });
});

describe('visitors', () => {
  it('are sent from /profil to /login, which then leads back to /profil', () => {
    renderAt('/profil', false);
    expect(location()).toBe('/login');
    expect(sessionStorage.getItem(storageKeys.redirectAfterLogin)).toBe('/profil');
  });

  it('are sent from /delete to /login', () => {
    renderAt('/delete', false);
    expect(location()).toBe('/login');
  });

  it.each(['/login', '/registration', '/confirmation', '/restore-password', '/change-password', '/delete-confirmation'])(
    'may visit %s',
    (route) => {
      renderAt(route, false);
      expect(location()).toBe(route);
    },
  );
});

describe('decided when a route is entered', () => {
  it('a login on /login is not overtaken by the redirect to /profil; the screen navigates on', () => {
    renderAt('/login', false);
    act(() => sessionStore.getState().setSession(loggedInSession));
    expect(location()).toBe('/login');
    act(() => navigate('/challenge'));
    expect(location()).toBe('/challenge');
    act(() => navigate('/login'));
    expect(location()).toBe('/profil');
  });

  it('the logout right after the deletion on /delete leads to /delete-confirmation, not to /login', () => {
    renderAt('/delete', true);
    act(() => sessionStore.getState().clear());
    expect(location()).toBe('/delete');
    act(() => navigate('/delete-confirmation', { replace: true }));
    expect(location()).toBe('/delete-confirmation');
  });
});
