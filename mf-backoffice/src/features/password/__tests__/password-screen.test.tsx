import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';

const PASSWORD = 'POST /api/operator/password';
const CURRENT = 'Abpfiff!Tabelle2026';
const NEW = 'Anstoss!Tabelle2027';

beforeEach(fakeBackofficePage);

function fakeServer() {
  return mockXhr({
    [PASSWORD]: (_url, init) => {
      const body = bodyOf<{ currentPassword: string; newPassword: string }>(init);
      if (body.currentPassword !== CURRENT)
        return { status: 400, body: { code: 'WrongPassword', message: 'Das aktuelle Passwort stimmt nicht.', field: 'currentPassword' } };
      return { status: 204 };
    },
  });
}

const posts = (xhr: ReturnType<typeof mockXhr>) => xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/password');

it('is reachable from the bar next to "Abmelden", for any operator', async () => {
  const user = userEvent.setup();
  fakeServer();
  mockXhr({ 'GET /api/operator/participations': { body: { items: [], total: 0, from: 0, size: 20 } } });
  renderBackoffice('/backoffice/protokoll', signedIn);
  const banner = await screen.findByRole('banner');
  await user.click(within(banner).getByRole('link', { name: 'Passwort ändern' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeInTheDocument();
  expect(document.title).toBe('Passwort ändern – Backoffice – Punktejagd');
});

it('checks the rule, the repetition and a changed password here, with German messages at the fields and no call', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/passwort', signedIn);
  const current = await screen.findByLabelText('Aktuelles Passwort');
  const next = screen.getByLabelText('Neues Passwort');
  const repeat = screen.getByLabelText('Neues Passwort wiederholen');

  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  expect(current).toHaveAccessibleDescription('Gib dein aktuelles Passwort ein.');
  expect(current).toHaveFocus();
  expect(next).toHaveAccessibleDescription(expect.stringContaining('Das Passwort braucht mindestens 12 Zeichen'));

  await user.type(current, CURRENT);
  await user.type(next, 'Kurz!1a');
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  expect(next).toHaveFocus();
  expect(next).toHaveAttribute('aria-invalid', 'true');

  await user.clear(next);
  await user.type(next, CURRENT);
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  expect(next).toHaveAccessibleDescription(expect.stringContaining('Das neue Passwort muss sich vom aktuellen unterscheiden.'));

  await user.clear(next);
  await user.type(next, NEW);
  await user.type(repeat, `${NEW}x`);
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  expect(repeat).toHaveAccessibleDescription('Die beiden neuen Passwörter stimmen nicht überein.');
  expect(repeat).toHaveFocus();
  expect(posts(xhr)).toHaveLength(0);
});

it("a wrong current password is the server's WrongPassword at that field; the right one changes it and says so", async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/passwort', signedIn);
  const current = await screen.findByLabelText('Aktuelles Passwort');
  await user.type(current, 'Falsch!Passwort2026');
  await user.type(screen.getByLabelText('Neues Passwort'), NEW);
  await user.type(screen.getByLabelText('Neues Passwort wiederholen'), NEW);
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  expect(await screen.findByText('Das aktuelle Passwort stimmt nicht.')).toBeInTheDocument();
  expect(current).toHaveFocus();
  expect(current).toHaveAttribute('aria-invalid', 'true');

  await user.clear(current);
  await user.type(current, CURRENT);
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  const done = await screen.findByText(/^Dein Passwort ist geändert\./);
  expect(done.closest('[role="status"]')).not.toBeNull();
  expect(done.closest('[role="status"]')!.parentElement).toHaveFocus();
  expect(bodyOf(posts(xhr).at(-1)![1])).toEqual({ currentPassword: CURRENT, newPassword: NEW });
  expect(current).toHaveValue('');
  expect(screen.getByLabelText('Neues Passwort')).toHaveValue('');
});

it('too many tries get their own message', async () => {
  const user = userEvent.setup();
  mockXhr({ [PASSWORD]: { status: 429, body: { code: 'LimitExceeded', message: 'x' } } });
  renderBackoffice('/backoffice/passwort', signedIn);
  await user.type(await screen.findByLabelText('Aktuelles Passwort'), CURRENT);
  await user.type(screen.getByLabelText('Neues Passwort'), NEW);
  await user.type(screen.getByLabelText('Neues Passwort wiederholen'), NEW);
  await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
  expect(await screen.findByText('Zu viele Versuche. Bitte versuche es später erneut.')).toBeInTheDocument();
});
