import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '@erd/shared-contracts';
import { mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp, { loadScreen } from '../../../exposes/auth-app';
import { LocationDisplay } from '../../../testing/location';

// The screen is a chunk of its own, which the AuthApp fetches when it first shows it: here before the tests.
beforeAll(() => loadScreen('restore-password'));

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../../testing/fake-cognito').fakeCognitoModule);

const FORGOT = 'POST /content/public/spaces/erd/frontend-users/forgot-password';

function renderRestore() {
  return renderWithProviders(
    <>
      <AuthApp screen="restore-password" />
      <LocationDisplay />
    </>,
    { route: '/restore-password' },
  );
}

const emailField = () => screen.getByLabelText('E-Mail-Adresse');
const submit = () => screen.getByRole('button', { name: 'Code anfordern' });

beforeEach(() => localStorage.clear());

it('validates the e-mail after touch and keeps the submit disabled meanwhile', async () => {
  const user = userEvent.setup();
  renderRestore();
  expect(screen.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  expect(submit()).toBeDisabled();
  await user.type(emailField(), 'erika@');
  expect(screen.queryByText('Gib eine gültige Emailadresse an')).not.toBeInTheDocument();
  await user.tab();
  expect(screen.getByText('Gib eine gültige Emailadresse an')).toBeInTheDocument();
  expect(submit()).toBeDisabled();
});

it('asks for a code, keeps the e-mail and goes to /change-password', async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({ [FORGOT]: { body: {} } });
  renderRestore();
  await user.type(emailField(), 'Erika@TSV-Eching.example');
  await user.click(submit());
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/change-password'));
  expect(JSON.parse(xhr.mock.calls[0]![1].body ?? '')).toEqual({ email: 'erika@tsv-eching.example' });
  expect(localStorage.getItem(storageKeys.resetEmail)).toBe('erika@tsv-eching.example');
});

it.each([
  [500, 'InternalError'],
  [429, 'LimitExceededException'],
  [404, 'UserNotFoundException'],
])('shows the failure text for %s', async (status, code) => {
  const user = userEvent.setup();
  mockXhr({ [FORGOT]: { status, body: { code, message: code } } });
  renderRestore();
  await user.type(emailField(), 'erika@tsv-eching.example');
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Es ist ein Fehler aufgetreten\. Bitte versuche es später erneut\.$/);
  expect(screen.getByTestId('location')).toHaveTextContent('/restore-password');
  expect(localStorage.getItem(storageKeys.resetEmail)).toBeNull();
});
