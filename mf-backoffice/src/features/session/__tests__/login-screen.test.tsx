import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, LOGIN, ME, OPERATOR_EMAIL, page, QUEUE, signedIn, signedOutState } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';

const emailField = () => screen.getByLabelText('E-Mail-Adresse');
const passwordField = () => screen.getByLabelText('Passwort');
const submit = () => screen.getByRole('button', { name: 'Anmelden' });
const location = () => screen.getByTestId('location');

beforeEach(fakeBackofficePage);

it('asks for e-mail and password with labelled fields and names the tab', () => {
  mockXhr({});
  renderBackoffice('/backoffice/anmeldung', signedOutState);
  expect(screen.getByRole('heading', { level: 1, name: 'Anmeldung' })).toBeInTheDocument();
  expect(emailField()).toHaveAttribute('type', 'email');
  expect(emailField()).toHaveAttribute('autocomplete', 'username');
  expect(passwordField()).toHaveAttribute('type', 'password');
  expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
  expect(document.title).toBe('Anmeldung – Backoffice – Punktejagd');
  // Signed out, the bar shows no screens and no 'Abmelden'.
  expect(screen.queryByRole('navigation', { name: 'Backoffice' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument();
});

it('checks the fields before sending and moves the focus to the first one that is wrong', async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({});
  renderBackoffice('/backoffice/anmeldung', signedOutState);
  await user.click(submit());
  expect(screen.getByText('Bitte gib deine E-Mail-Adresse ein.')).toBeInTheDocument();
  expect(screen.getByText('Bitte gib dein Passwort ein.')).toBeInTheDocument();
  expect(emailField()).toHaveFocus();
  expect(emailField()).toHaveAttribute('aria-invalid', 'true');
  await user.type(emailField(), 'keine-adresse');
  await user.type(passwordField(), 'geheim');
  await user.click(submit());
  expect(screen.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
  expect(xhr).not.toHaveBeenCalled();
});

it("says 'E-Mail-Adresse oder Passwort falsch.' for a wrong address or password and empties the password", async () => {
  const user = userEvent.setup();
  mockXhr({ [LOGIN]: { status: 401, body: { code: 'InvalidCredentials', message: 'E-Mail-Adresse oder Passwort falsch.' } } });
  renderBackoffice('/backoffice/anmeldung', signedOutState);
  await user.type(emailField(), OPERATOR_EMAIL);
  await user.type(passwordField(), 'Falsch#2026xx');
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent(/^E-Mail-Adresse oder Passwort falsch\.$/);
  expect(passwordField()).toHaveValue('');
  expect(location()).toHaveTextContent('/backoffice/anmeldung');
});

it('says when there were too many attempts, and when the server cannot be reached', async () => {
  const user = userEvent.setup();
  let calls = 0;
  mockXhr({ [LOGIN]: () => (++calls === 1 ? { status: 429, body: { code: 'LimitExceeded', message: 'x' } } : { status: 0 }) });
  renderBackoffice('/backoffice/anmeldung', signedOutState);
  await user.type(emailField(), OPERATOR_EMAIL);
  await user.type(passwordField(), 'Pruefer#2026');
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent('Zu viele Anmeldeversuche.');
  await user.type(passwordField(), 'Pruefer#2026');
  await user.click(submit());
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Die Anmeldung ist gerade nicht möglich.'));
});

it('signs in with the anti-forgery header and opens the moderation queue', async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({
    [LOGIN]: { body: { id: 'op-1', email: OPERATOR_EMAIL, role: 'admin', idleTimeoutSeconds: 1800 } },
    [QUEUE]: { body: page([]) },
  });
  renderBackoffice('/backoffice/anmeldung', signedOutState);
  await user.type(emailField(), ` ${OPERATOR_EMAIL} `);
  await user.type(passwordField(), 'Pruefer#2026');
  await user.keyboard('{Enter}');
  expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
  expect(location()).toHaveTextContent(/^\/backoffice$/);
  const [, login] = xhr.mock.calls.find(([url]) => url.pathname === '/api/operator/login')!;
  expect(JSON.parse(login.body!)).toEqual({ email: OPERATOR_EMAIL, password: 'Pruefer#2026' });
  expect(login.headers['x-xsrf-token']).toBe('token-1');
  // Operator calls never carry a club member's access token.
  expect(login.headers.authorization).toBeUndefined();
  expect(screen.getByText(`Angemeldet als ${OPERATOR_EMAIL}`, { exact: false })).toHaveTextContent('Administration');
});

it('sends a signed-in operator from the sign-in to the queue', async () => {
  mockXhr({ [QUEUE]: { body: page([]) } });
  renderBackoffice('/backoffice/anmeldung', signedIn);
  expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
});

it('a reload finds the session through GET /api/operator/me', async () => {
  mockXhr({ [ME]: { body: { id: 'op-1', email: OPERATOR_EMAIL } }, [QUEUE]: { body: page([]) } });
  renderBackoffice('/backoffice');
  expect(screen.getByText('Anmeldung wird geprüft …')).toBeInTheDocument();
  expect(await screen.findByText('Keine Beiträge warten auf Prüfung.')).toBeInTheDocument();
  // The server does not name a role yet: signed in, role unknown.
  expect(screen.getByText(`Angemeldet als ${OPERATOR_EMAIL}`)).toBeInTheDocument();
});

it('without a session, /backoffice leads to the sign-in', async () => {
  mockXhr({ [ME]: { status: 401, body: { code: 'Unauthorized', message: 'x' } } });
  renderBackoffice('/backoffice');
  expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung' })).toBeInTheDocument();
  expect(location()).toHaveTextContent('/backoffice/anmeldung');
  expect(screen.queryByText('Anmeldung wird geprüft …')).not.toBeInTheDocument();
});

it('offers to try again when the session check cannot reach the server', async () => {
  const user = userEvent.setup();
  let calls = 0;
  mockXhr({
    [ME]: () => (++calls === 1 ? { status: 503, body: {} } : { body: { id: 'op-1', email: OPERATOR_EMAIL } }),
    [QUEUE]: { body: page([]) },
  });
  renderBackoffice('/backoffice');
  expect(await screen.findByRole('alert')).toHaveTextContent('Der Server ist gerade nicht erreichbar.');
  await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  expect(await screen.findByText('Keine Beiträge warten auf Prüfung.')).toBeInTheDocument();
});
