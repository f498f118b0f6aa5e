import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionStore, storageKeys } from '@erd/shared-contracts';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp from '../../../exposes/auth-app';
import { resetSessionForTests } from '../../../lib/identity/session';
import { cognitoError, fakeCognito, fakeSession } from '../../../testing/fake-cognito';
import { LocationDisplay } from '../../../testing/location';

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../../testing/fake-cognito').fakeCognitoModule);

function renderLogin(state?: unknown) {
  return renderWithProviders(
    <>
      <AuthApp screen="login" />
      <LocationDisplay />
    </>,
    { route: state ? ({ pathname: '/login', state } as unknown as string) : '/login' },
  );
}

const emailField = () => screen.getByLabelText('E-Mail-Adresse');
const passwordField = () => screen.getByLabelText('Passwort');
const submit = () => screen.getByRole('button', { name: 'Einloggen' });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  resetSessionForTests();
  fakeCognito.reset();
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => resetSessionForTests());

it('has the German title, the links of spec §2 and a disabled submit while the form is invalid', async () => {
  const user = userEvent.setup();
  renderLogin();
  expect(screen.getByRole('heading', { level: 1, name: 'Einloggen' })).toBeInTheDocument();
  expect(document.title).toBe('Einloggen – Punktejagd');
  expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/restore-password');
  expect(screen.getByRole('link', { name: 'Mannschaft registrieren' })).toHaveAttribute('href', '/registration');
  expect(screen.getByRole('link', { name: 'E-Mail-Adresse bestätigen' })).toHaveAttribute('href', '/confirmation');

  expect(submit()).toBeDisabled();
  await user.type(emailField(), 'trainer@tsv-eching.example');
  expect(submit()).toBeDisabled();
  await user.type(passwordField(), 'Geheim#123');
  expect(submit()).toBeEnabled();
});

it('shows the hint for an invalid form only after a field was touched', async () => {
  const user = userEvent.setup();
  renderLogin();
  expect(screen.queryByText('Bitte gib deine E-Mail-Adresse und dein Passwort ein')).not.toBeInTheDocument();
  await user.type(emailField(), 'kein-at-zeichen');
  expect(screen.queryByText('Bitte gib deine E-Mail-Adresse und dein Passwort ein')).not.toBeInTheDocument();
  await user.tab();
  expect(screen.getByRole('alert')).toHaveTextContent('Bitte gib deine E-Mail-Adresse und dein Passwort ein');
  expect(emailField()).toHaveAttribute('aria-invalid', 'true');

  await user.clear(emailField());
  await user.type(emailField(), 'trainer@tsv-eching.example');
  await user.click(passwordField());
  await user.tab();
  expect(screen.getByRole('alert')).toHaveTextContent('Bitte gib deine E-Mail-Adresse und dein Passwort ein');
  await user.type(passwordField(), 'x');
  expect(screen.queryByText('Bitte gib deine E-Mail-Adresse und dein Passwort ein')).not.toBeInTheDocument();
});

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(emailField(), 'Trainer@TSV-Eching.example');
  await user.type(passwordField(), 'Geheim#123');
  await user.click(submit());
}

it('shows "E-Mail-Adresse oder Passwort falsch." for wrong credentials, without the confirmation link', async () => {
  const user = userEvent.setup();
  fakeCognito.authenticate.mockImplementation((_u, _d, cb) =>
    cb.onFailure(cognitoError('NotAuthorizedException', 'Incorrect username or password.')),
  );
  renderLogin();
  await fillAndSubmit(user);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(/^E-Mail-Adresse oder Passwort falsch\.$/);
  expect(within(alert).queryByRole('link')).not.toBeInTheDocument();
  expect(location()).toBe('/login');
  expect(sessionStore.getState().status).toBe('LOGIN_FAILED');
});

it('mentions the lock after too many attempts', async () => {
  const user = userEvent.setup();
  fakeCognito.authenticate.mockImplementation((_u, _d, cb) =>
    cb.onFailure(cognitoError('NotAuthorizedException', 'Password attempts exceeded')),
  );
  renderLogin();
  await fillAndSubmit(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'E-Mail-Adresse oder Passwort falsch. Nach mehreren Fehlversuchen ist die Anmeldung für 15 Minuten gesperrt.',
  );
});

it('links an unconfirmed account to the confirmation and keeps its e-mail for it', async () => {
  const user = userEvent.setup();
  fakeCognito.authenticate.mockImplementation((_u, _d, cb) =>
    cb.onFailure(cognitoError('UserNotConfirmedException', 'User is not confirmed.')),
  );
  renderLogin();
  await fillAndSubmit(user);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('E-Mail-Adresse oder Passwort falsch.');
  expect(within(alert).getByRole('link', { name: 'E-Mail-Adresse bestätigen' })).toHaveAttribute('href', '/confirmation');
  expect(localStorage.getItem(storageKeys.confirmEmail)).toBe('trainer@tsv-eching.example');
});

it('says the login is unavailable when the identity service cannot be reached', async () => {
  const user = userEvent.setup();
  fakeCognito.authenticate.mockImplementation((_u, _d, cb) => cb.onFailure(cognitoError('NetworkError', 'Network error')));
  renderLogin();
  await fillAndSubmit(user);
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Anmeldung ist gerade nicht möglich. Bitte versuche es später erneut.');
});

it('disables the submit while signing in, then goes to /challenge', async () => {
  const user = userEvent.setup();
  let finish: (() => void) | undefined;
  fakeCognito.authenticate.mockImplementation((_u, _d, cb) => {
    finish = () => cb.onSuccess(fakeSession());
  });
  renderLogin();
  await fillAndSubmit(user);
  expect(submit()).toBeDisabled();
  expect(submit()).toHaveAttribute('aria-busy', 'true');
  finish?.();
  await waitFor(() => expect(location()).toBe('/challenge'));
  expect(sessionStore.getState().status).toBe('LOGGED_IN');
});

it('goes to /profil when the profile asked for the login, and forgets that wish', async () => {
  const user = userEvent.setup();
  sessionStorage.setItem(storageKeys.redirectAfterLogin, '/profil');
  fakeCognito.authenticate.mockImplementation((_u, _d, cb) => cb.onSuccess(fakeSession()));
  renderLogin();
  await fillAndSubmit(user);
  await waitFor(() => expect(location()).toBe('/profil'));
  expect(sessionStorage.getItem(storageKeys.redirectAfterLogin)).toBeNull();
});

it('shows the notice and the e-mail another screen handed over', () => {
  renderLogin({ notice: 'Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt einloggen.', email: 'trainer@tsv-eching.example' });
  expect(screen.getByText('Deine E-Mail-Adresse ist bestätigt. Du kannst dich jetzt einloggen.').closest('[role="status"]')).not.toBeNull();
  expect(emailField()).toHaveValue('trainer@tsv-eching.example');
});
