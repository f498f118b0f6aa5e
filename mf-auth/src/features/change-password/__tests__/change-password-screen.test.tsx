import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '@erd/shared-contracts';
import { mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp, { loadScreen } from '../../../exposes/auth-app';
import { LocationDisplay } from '../../../testing/location';

// The screen is a chunk of its own, which the AuthApp fetches when it first shows it: here before the tests.
beforeAll(() => loadScreen('change-password'));

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../../testing/fake-cognito').fakeCognitoModule);

const CONFIRM = 'POST /content/public/spaces/erd/frontend-users/forgot-password/confirm';

function renderChange() {
  return renderWithProviders(
    <>
      <AuthApp screen="change-password" />
      <LocationDisplay />
    </>,
    { route: '/change-password' },
  );
}

const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Passwort ändern' });

beforeEach(() => localStorage.clear());

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Code'), '135790');
  await user.type(field('Neues Passwort'), 'Neues#Pass1');
  await user.type(field('Passwort wiederholen'), 'Neues#Pass1');
}

it('prefills the e-mail of the request and shows every message after touch', async () => {
  const user = userEvent.setup();
  localStorage.setItem(storageKeys.resetEmail, 'erika@tsv-eching.example');
  renderChange();
  expect(screen.getByRole('heading', { level: 1, name: 'Neues Passwort' })).toBeInTheDocument();
  expect(field('E-Mail-Adresse')).toHaveValue('erika@tsv-eching.example');
  expect(submit()).toBeDisabled();

  await user.clear(field('E-Mail-Adresse'));
  await user.tab();
  expect(screen.getByText('Gib eine gültige Emailadresse an')).toBeInTheDocument();
  await user.tab();
  expect(screen.getByText('Gib einen gültigen Code ein')).toBeInTheDocument();
  await user.type(field('Code'), '123');
  expect(screen.getByText('Der Code besteht aus 6 Ziffern')).toBeInTheDocument();
  await user.click(field('Neues Passwort'));
  await user.tab();
  expect(screen.getByText('Gib ein Passwort ein')).toBeInTheDocument();
  await user.type(field('Neues Passwort'), 'kurz');
  expect(
    screen.getByText(
      'Das Passwort muss mindestens 8 Zeichen lang sein und einen Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen enthalten',
    ),
  ).toBeInTheDocument();
  await user.click(field('Passwort wiederholen'));
  await user.tab();
  expect(screen.getByText('Wiederhole das Passwort')).toBeInTheDocument();
  await user.type(field('Passwort wiederholen'), 'anders');
  expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
  expect(submit()).toBeDisabled();
});

it('sets the new password, forgets the kept e-mail and goes to the login', async () => {
  const user = userEvent.setup();
  localStorage.setItem(storageKeys.resetEmail, 'erika@tsv-eching.example');
  const xhr = mockXhr({ [CONFIRM]: { body: {} } });
  renderChange();
  await fill(user);
  await user.click(submit());
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
  expect(JSON.parse(xhr.mock.calls[0]![1].body ?? '')).toEqual({
    email: 'erika@tsv-eching.example',
    code: '135790',
    password: 'Neues#Pass1',
  });
  expect(localStorage.getItem(storageKeys.resetEmail)).toBeNull();
});

it.each([
  [400, 'CodeMismatchException', 'Der Code ist falsch oder abgelaufen.', 'Neuen Code anfordern', '/restore-password'],
  [400, 'ExpiredCodeException', 'Der Code ist falsch oder abgelaufen.', 'Neuen Code anfordern', '/restore-password'],
  [404, 'UserNotFoundException', 'Zu dieser E-Mail-Adresse gibt es kein Konto.', 'Jetzt registrieren', '/registration'],
])('%s %s: "%s" with a link', async (status, code, text, link, href) => {
  const user = userEvent.setup();
  localStorage.setItem(storageKeys.resetEmail, 'erika@tsv-eching.example');
  mockXhr({ [CONFIRM]: { status, body: { code, message: code } } });
  renderChange();
  await fill(user);
  await user.click(submit());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(text);
  expect(within(alert).getByRole('link', { name: link })).toHaveAttribute('href', href);
});

it('any other failure: the generic text', async () => {
  const user = userEvent.setup();
  localStorage.setItem(storageKeys.resetEmail, 'erika@tsv-eching.example');
  mockXhr({ [CONFIRM]: { status: 500, body: { code: 'InternalError', message: 'x' } } });
  renderChange();
  await fill(user);
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent(
    /^Bei der Änderung ist ein Fehler aufgetreten, bitte versuche es später erneut\.$/,
  );
});
