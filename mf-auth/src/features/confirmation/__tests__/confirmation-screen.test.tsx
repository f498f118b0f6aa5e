import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '@erd/shared-contracts';
import { mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp, { loadScreen } from '../../../exposes/auth-app';
import { LocationDisplay } from '../../../testing/location';
import { encodeMagicLink } from '../lib/magic-link';

// The screen is a chunk of its own, which the AuthApp fetches when it first shows it: here before the tests.
beforeAll(() => loadScreen('confirmation'));

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../../testing/fake-cognito').fakeCognitoModule);

const CONFIRM = 'POST /content/public/spaces/erd/frontend-users/signup/confirm';
const RESEND = 'POST /content/public/spaces/erd/frontend-users/signup/code';

function renderConfirmation(route = '/confirmation') {
  return renderWithProviders(
    <>
      <AuthApp screen="confirmation" />
      <LocationDisplay />
    </>,
    { route },
  );
}

const emailField = () => screen.getByLabelText('E-Mail-Adresse');
const codeField = () => screen.getByLabelText('Code');
const submit = () => screen.getByRole('button', { name: 'Bestätigen' });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
});

it('prefills the e-mail kept from the registration', () => {
  localStorage.setItem(storageKeys.confirmEmail, 'erika@tsv-eching.example');
  renderConfirmation();
  expect(screen.getByRole('heading', { level: 1, name: 'E-Mail bestätigen' })).toBeInTheDocument();
  expect(emailField()).toHaveValue('erika@tsv-eching.example');
  expect(submit()).toBeDisabled();
});

it('validates e-mail and code after touch', async () => {
  const user = userEvent.setup();
  renderConfirmation();
  await user.click(emailField());
  await user.tab();
  expect(screen.getByText('Gib eine gültige Emailadresse an')).toBeInTheDocument();
  await user.tab();
  expect(screen.getByText('Gib einen gültigen Code ein')).toBeInTheDocument();
  await user.type(codeField(), '12a');
  expect(screen.getByText('Gib einen gültigen Code ein')).toBeInTheDocument();
  await user.clear(codeField());
  await user.type(codeField(), '12345');
  expect(screen.getByText('Der Code besteht aus 6 Ziffern')).toBeInTheDocument();
  await user.type(codeField(), '6');
  expect(screen.queryByText('Der Code besteht aus 6 Ziffern')).not.toBeInTheDocument();
  expect(codeField()).toHaveAttribute('maxlength', '6');
});

async function submitWith(user: ReturnType<typeof userEvent.setup>, code = '123456') {
  await user.type(emailField(), 'Erika@TSV-Eching.example');
  await user.type(codeField(), code);
  await user.click(submit());
}

it('confirms, forgets the kept e-mail and goes to the login', async () => {
  const user = userEvent.setup();
  localStorage.setItem(storageKeys.confirmEmail, 'other@example.org');
  const xhr = mockXhr({ [CONFIRM]: { body: {} } });
  renderConfirmation();
  await user.clear(emailField());
  await submitWith(user);
  await waitFor(() => expect(location()).toBe('/login'));
  expect(JSON.parse(xhr.mock.calls[0]![1].body ?? '')).toEqual({ email: 'erika@tsv-eching.example', code: '123456' });
  expect(localStorage.getItem(storageKeys.confirmEmail)).toBeNull();
});

it('400 NotAuthorizedException: already confirmed, with a link to the login', async () => {
  const user = userEvent.setup();
  mockXhr({ [CONFIRM]: { status: 400, body: { code: 'NotAuthorizedException', message: 'NotAuthorizedException' } } });
  renderConfirmation();
  await submitWith(user);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Deine E-Mail-Adresse ist bereits bestätigt.');
  expect(within(alert).getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
});

it('other 400: wrong or expired code; "Neuen Code anfordern" resends, clears the error and empties the code', async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({
    [CONFIRM]: { status: 400, body: { code: 'CodeMismatchException', message: 'Invalid verification code provided, please try again.' } },
    [RESEND]: { body: {} },
  });
  renderConfirmation();
  await submitWith(user, '654321');
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Der Code ist falsch oder abgelaufen.');

  await user.click(within(alert).getByRole('button', { name: 'Neuen Code anfordern' }));

  await waitFor(() => expect(xhr.mock.calls.some(([url]) => url.pathname.endsWith('/signup/code'))).toBe(true));
  const resend = xhr.mock.calls.find(([url]) => url.pathname.endsWith('/signup/code'))!;
  expect(JSON.parse(resend[1].body ?? '')).toEqual({ email: 'erika@tsv-eching.example' });
  expect(screen.queryByText('Der Code ist falsch oder abgelaufen.')).not.toBeInTheDocument();
  expect(codeField()).toHaveValue('');
  expect(screen.queryByText('Gib einen gültigen Code ein')).not.toBeInTheDocument();
  expect(await screen.findByText('Wir haben dir einen neuen Code geschickt. Schau auch im Spam-Ordner nach.')).toBeInTheDocument();
});

it('404: no such account, with a link to the registration', async () => {
  const user = userEvent.setup();
  mockXhr({ [CONFIRM]: { status: 404, body: { code: 'UserNotFoundException', message: 'User does not exist.' } } });
  renderConfirmation();
  await submitWith(user);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Zu dieser E-Mail-Adresse gibt es kein Konto.');
  expect(within(alert).getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute('href', '/registration');
});

it('any other failure: the generic text', async () => {
  const user = userEvent.setup();
  mockXhr({ [CONFIRM]: { status: 500, body: { code: 'InternalError', message: 'x' } } });
  renderConfirmation();
  await submitWith(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(
    /^Bei der Bestätigung ist ein Fehler aufgetreten, bitte versuche es später erneut\.$/,
  );
});

it('resends a code with the link under the form; a second request within a minute is refused politely', async () => {
  const user = userEvent.setup();
  let calls = 0;
  const xhr = mockXhr({
    [RESEND]: () => (++calls === 1 ? { body: {} } : { status: 429, body: { code: 'LimitExceededException', message: 'x' } }),
  });
  renderConfirmation();
  await user.click(screen.getByRole('button', { name: 'Code erneut senden' }));
  expect(xhr).not.toHaveBeenCalled();
  expect(screen.getByText('Gib eine gültige Emailadresse an')).toBeInTheDocument();

  await user.type(emailField(), 'erika@tsv-eching.example');
  await user.click(screen.getByRole('button', { name: 'Code erneut senden' }));
  expect(await screen.findByText('Wir haben dir einen neuen Code geschickt. Schau auch im Spam-Ordner nach.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Code erneut senden' }));
  expect(
    await screen.findByText('Einen neuen Code kannst du höchstens einmal pro Minute anfordern. Bitte warte kurz.'),
  ).toBeInTheDocument();
});

describe('magic link', () => {
  it('is removed from the address, fills e-mail and code and sends them', async () => {
    const xhr = mockXhr({ [CONFIRM]: { body: {} } });
    const value = encodeMagicLink({ email: 'erika@tsv-eching.example', challengeAnswer: '246810' });
    renderConfirmation(`/confirmation?MAGIC_LINK=${value}&utm_source=mail`);

    await waitFor(() => expect(location()).toBe('/login'));
    expect(xhr).toHaveBeenCalledTimes(1);
    expect(JSON.parse(xhr.mock.calls[0]![1].body ?? '')).toEqual({ email: 'erika@tsv-eching.example', code: '246810' });
  });

  it('strips the parameter and shows the fields when the code answer is refused', async () => {
    mockXhr({ [CONFIRM]: { status: 400, body: { code: 'ExpiredCodeException', message: 'x' } } });
    const value = encodeMagicLink({ email: 'erika@tsv-eching.example', challengeAnswer: '246810' });
    renderConfirmation(`/confirmation?MAGIC_LINK=${value}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Code ist falsch oder abgelaufen.');
    expect(location()).toBe('/confirmation');
    expect(emailField()).toHaveValue('erika@tsv-eching.example');
    expect(codeField()).toHaveValue('246810');
  });

  it('ignores a malformed value (but still removes it)', async () => {
    const xhr = mockXhr({ [CONFIRM]: { body: {} } });
    localStorage.setItem(storageKeys.confirmEmail, 'kept@example.org');
    renderConfirmation('/confirmation?MAGIC_LINK=kaputt');
    await waitFor(() => expect(location()).toBe('/confirmation'));
    expect(emailField()).toHaveValue('kept@example.org');
    expect(codeField()).toHaveValue('');
    expect(xhr).not.toHaveBeenCalled();
  });
});
