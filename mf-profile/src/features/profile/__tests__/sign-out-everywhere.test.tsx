import { screen, waitFor } from '@testing-library/react';
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
  await user.click(screen.getByRole('button', { name: texts.cancel }));
  expect(screen.queryByText(texts.question)).not.toBeInTheDocument();
  expect(action()).toHaveFocus();
  expect(endAll).not.toHaveBeenCalled();
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
});

it('says so when no session module is running (mf-auth could not be loaded)', async () => {
  const user = userEvent.setup();
  await renderProfile();
  await user.click(action());
  await user.click(screen.getByRole('button', { name: texts.confirm }));
  expect(await screen.findByText(texts.failed)).toBeInTheDocument();
  expect(sessionStore.getState().status).toBe('LOGGED_IN');
});
