import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@erd/shared-contracts';
import { loggedInSession, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import ProfileApp from '../../../exposes/profile-app';
import { me, ME_PATH, MY_ENTRIES_GET, noEntries } from '../../../testing/fixtures';
import { LocationDisplay } from '../../../testing/location';
import { signOutEverywhereTexts as texts } from '../components/sign-out-everywhere-section';

const NOTIFICATIONS_ON = { challenges: true, entries: true, results: true, messages: true };

async function renderProfile() {
  mockXhr({ [ME_PATH]: { body: me() }, [MY_ENTRIES_GET]: { body: noEntries }, 'GET /api/me/notifications': { body: NOTIFICATIONS_ON } });
  renderWithProviders(
    <>
      <ProfileApp screen="profile" />
      <LocationDisplay />
    </>,
    { route: '/profil', session: loggedInSession },
  );
  return screen.findByRole('region', { name: texts.title });
}

const location = () => screen.getByTestId('location').textContent;
const action = () => screen.getByRole('button', { name: texts.action });

afterEach(() => sessionStore.getState().setSignOutEverywhere(null));

it("explains that 'Ausloggen' ends this device only and offers to sign out everywhere", async () => {
  const region = await renderProfile();
  expect(region).toHaveTextContent(texts.intro);
  expect(action()).toBeEnabled();
});

it('asks first; cancelling changes nothing and gives the focus back', async () => {
  const user = userEvent.setup();
  const endAll = jest.fn(async () => true);
  sessionStore.getState().setSignOutEverywhere(endAll);
  await renderProfile();
  await user.click(action());
  expect(screen.getByText(texts.question)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: texts.confirm })).toHaveFocus();
  expect(screen.getByRole('button', { name: texts.confirm })).toHaveAccessibleDescription(texts.question);
  await user.click(screen.getByRole('button', { name: texts.cancel }));
  expect(screen.queryByText(texts.question)).not.toBeInTheDocument();
  expect(action()).toHaveFocus();
  // Escape cancels too.
  await user.click(action());
  await user.keyboard('{Escape}');
  expect(screen.queryByText(texts.question)).not.toBeInTheDocument();
  expect(action()).toHaveFocus();
  expect(endAll).not.toHaveBeenCalled();
});

it('keeps the focus on the confirmation while it runs and says so; a second press does nothing', async () => {
  const user = userEvent.setup();
  let finish: (ended: boolean) => void = () => undefined;
  const endAll = jest.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
  sessionStore.getState().setSignOutEverywhere(endAll);
  await renderProfile();
  await user.click(action());
  await user.keyboard('{Enter}');
  const confirm = screen.getByRole('button', { name: texts.confirm });
  expect(confirm).toHaveFocus();
  expect(confirm).toHaveAttribute('aria-disabled', 'true');
  expect(within(screen.getByRole('region', { name: texts.title })).getByRole('status')).toHaveTextContent(texts.busy);
  await user.keyboard('{Enter}');
  expect(endAll).toHaveBeenCalledTimes(1);
  finish(false);
  expect(await screen.findByText(texts.failed)).toBeInTheDocument();
  expect(action()).toHaveFocus();
});

it("sends to the login when this device's session had ended already", async () => {
  const user = userEvent.setup();
  sessionStore.getState().setSignOutEverywhere(
    jest.fn(async () => {
      sessionStore.getState().clear();
      return false;
    }),
  );
  await renderProfile();
  await user.click(action());
  await user.click(screen.getByRole('button', { name: texts.confirm }));
  expect(await screen.findByText(texts.sessionEnded)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  expect(location()).toBe('/profil');
});

it('signs out on every device through the session module and goes home', async () => {
  const user = userEvent.setup();
  const endAll = jest.fn(async () => {
    sessionStore.getState().clear();
    return true;
  });
  sessionStore.getState().setSignOutEverywhere(endAll);
  await renderProfile();
  await user.click(action());
  await user.keyboard('{Enter}');
  await waitFor(() => expect(location()).toBe('/'));
  expect(endAll).toHaveBeenCalledTimes(1);
  expect(sessionStore.getState().status).toBeNull();
});

it.each([
  ['the identity service does not confirm it', jest.fn(async () => false)],
  ['the session module fails', jest.fn(async () => Promise.reject(new Error('offline')))],
])('says so and stays signed in when %s', async (_case, endAll) => {
  const user = userEvent.setup();
  sessionStore.getState().setSignOutEverywhere(endAll);
  await renderProfile();
  await user.click(action());
  await user.click(screen.getByRole('button', { name: texts.confirm }));
  expect(await screen.findByText(texts.failed)).toBeInTheDocument();
  expect(sessionStore.getState().status).toBe('LOGGED_IN');
  expect(location()).toBe('/profil');
  expect(action()).toBeEnabled();
  expect(action()).toHaveFocus();
});

it('says so when no session module is running (mf-auth could not be loaded)', async () => {
  const user = userEvent.setup();
  await renderProfile();
  await user.click(action());
  await user.click(screen.getByRole('button', { name: texts.confirm }));
  expect(await screen.findByText(texts.failed)).toBeInTheDocument();
  expect(sessionStore.getState().status).toBe('LOGGED_IN');
});
