import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, LOGOUT, OPERATOR_EMAIL, page, QUEUE, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';

beforeEach(fakeBackofficePage);

it('shows only the screens that work, who is signed in, and a skip link to the content', async () => {
  const user = userEvent.setup();
  mockXhr({ [QUEUE]: { body: page([]) } });
  renderBackoffice('/backoffice', signedIn);
  const nav = screen.getByRole('navigation', { name: 'Backoffice' });
  // A moderator: every screen but 'Newsletter' (subscriber addresses) and 'Operatoren' (admins only).
  expect(
    within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual([
    'Überblick',
    'Moderation',
    'Stimmen',
    'Reichweite',
    'Saisons',
    'Challenges',
    'Ergebnisse',
    'Vereine',
    'Konten',
    'Inhalte',
    'Protokoll',
  ]);
  expect(within(nav).getByRole('link', { name: 'Moderation' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByText(`Angemeldet als ${OPERATOR_EMAIL}`, { exact: false })).toHaveTextContent('Moderation');
  // No public frame: no footer, no age gate.
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.tab();
  const skip = screen.getByRole('link', { name: 'Zum Inhalt springen' });
  expect(skip).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
});

it("'Abmelden' ends the session on the server and shows the sign-in", async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({ [QUEUE]: { body: page([]) }, [LOGOUT]: { status: 204 } });
  renderBackoffice('/backoffice', signedIn);
  await user.click(screen.getByRole('button', { name: 'Abmelden' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung' })).toBeInTheDocument();
  expect(screen.getByText('Du bist abgemeldet.').closest('[role="status"]')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/backoffice/anmeldung');
  const [, logout] = xhr.mock.calls.find(([url]) => url.pathname === '/api/operator/logout')!;
  expect(logout.headers['x-xsrf-token']).toBe('token-1');
  expect(screen.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument();
});

it('a failed sign-out says so next to the button and keeps the operator signed in', async () => {
  const user = userEvent.setup();
  mockXhr({ [QUEUE]: { body: page([]) }, [LOGOUT]: { status: 0 } });
  renderBackoffice('/backoffice', signedIn);
  const button = screen.getByRole('button', { name: 'Abmelden' });
  await user.click(button);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Abmelden hat nicht geklappt. Bitte versuche es noch einmal.');
  expect(button).toHaveAccessibleDescription('Abmelden hat nicht geklappt. Bitte versuche es noch einmal.');
  expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
});

it('an address below /backoffice that is no screen says so and links to the queue', () => {
  mockXhr({});
  renderBackoffice('/backoffice/gibt-es-nicht', signedIn);
  expect(screen.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zur Moderation' })).toHaveAttribute('href', '/backoffice');
});

it("an admin's bar also has 'Newsletter', 'Nachrichten' and 'Operatoren'", () => {
  mockXhr({ [QUEUE]: { body: page([]) } });
  renderBackoffice('/backoffice', signedInAdmin);
  const nav = screen.getByRole('navigation', { name: 'Backoffice' });
  const links = within(nav).getAllByRole('link');
  expect(links.at(-1)).toHaveTextContent('Operatoren');
  expect(links.map((link) => link.textContent)).toContain('Newsletter');
  expect(links.map((link) => link.textContent)).toContain('Nachrichten');
  expect(links).toHaveLength(14);
});

it('with an admin’s start password every screen leads to “Passwort ändern”, the bar offers nothing else, and a changed password opens the rest', async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({ [QUEUE]: { body: page([]) }, 'POST /api/operator/password': { status: 204 } });
  renderBackoffice('/backoffice/stimmen', {
    status: 'signed-in',
    operator: { email: 'neu@punktejagd.example', role: 'moderator', idleTimeoutSeconds: 1800, mustChangePassword: true },
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/backoffice/passwort');
  expect(screen.getByText(/Dein Konto hat noch das Start-Passwort/)).toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Backoffice' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();

  await user.type(screen.getByLabelText('Aktuelles Passwort'), 'Start!Passwort2026');
  await user.type(screen.getByLabelText('Neues Passwort'), 'Eigenes!Passwort2026');
  await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'Eigenes!Passwort2026');
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  expect(await screen.findByText(/Dein Passwort ist geändert/)).toBeInTheDocument();
  expect(xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/password')).toHaveLength(1);
  const nav = screen.getByRole('navigation', { name: 'Backoffice' });
  await user.click(within(nav).getByRole('link', { name: 'Moderation' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
});
