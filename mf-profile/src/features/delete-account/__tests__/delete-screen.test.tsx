import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore } from '@erd/shared-contracts';
import { loggedInSession, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import ProfileApp from '../../../exposes/profile-app';
import { PROFILE_DELETE } from '../../../testing/fixtures';
import { LocationDisplay } from '../../../testing/location';

function renderDelete() {
  return renderWithProviders(
    <>
      <ProfileApp screen="delete" />
      <LocationDisplay />
    </>,
    { route: '/delete', session: loggedInSession },
  );
}

const location = () => screen.getByTestId('location').textContent;

afterEach(() => sessionStore.getState().setSignOut(null));

it('asks for confirmation and offers to go back to the profile', () => {
  renderDelete();
  expect(screen.getByRole('heading', { level: 1, name: 'Konto löschen' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', '/profil');
});

it('deletes the account, logs out through the session module and shows the notice', async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({ [PROFILE_DELETE]: { status: 204 } });
  const signOut = jest.fn(async () => sessionStore.getState().clear());
  sessionStore.getState().setSignOut(signOut);
  renderDelete();
  await user.click(screen.getByRole('button', { name: 'Konto endgültig löschen' }));
  await waitFor(() => expect(location()).toBe('/delete-confirmation'));
  expect(xhr.mock.calls[0]![1]).toMatchObject({ method: 'DELETE', headers: expect.objectContaining({ authorization: 'Bearer access' }) });
  expect(signOut).toHaveBeenCalledTimes(1);
  expect(sessionStore.getState().status).toBeNull();
});

it('clears the session itself when no session module is running', async () => {
  const user = userEvent.setup();
  mockXhr({ [PROFILE_DELETE]: { status: 204 } });
  renderDelete();
  await user.click(screen.getByRole('button', { name: 'Konto endgültig löschen' }));
  await waitFor(() => expect(location()).toBe('/delete-confirmation'));
  expect(sessionStore.getState().tokens).toBeNull();
});

it('shows the failure text and keeps the session when the deletion fails', async () => {
  const user = userEvent.setup();
  mockXhr({ [PROFILE_DELETE]: { status: 500, body: { code: 'InternalError', message: 'x' } } });
  const signOut = jest.fn(async () => undefined);
  sessionStore.getState().setSignOut(signOut);
  renderDelete();
  await user.click(screen.getByRole('button', { name: 'Konto endgültig löschen' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Konto löschen fehlgeschlagen, bitte versuche es erneut$/);
  expect(signOut).not.toHaveBeenCalled();
  expect(sessionStore.getState().status).toBe('LOGGED_IN');
  expect(location()).toBe('/delete');
  expect(screen.getByRole('button', { name: 'Konto endgültig löschen' })).toBeEnabled();
});

it('the deleted notice says so and leads home', () => {
  renderWithProviders(<ProfileApp screen="delete-confirmation" />, { route: '/delete-confirmation' });
  expect(screen.getByRole('heading', { level: 1, name: 'Konto gelöscht' })).toBeInTheDocument();
  expect(screen.getByText('Dein Konto wurde gelöscht. Deine persönlichen Daten haben wir entfernt.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
});
