import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr, loggedInSession, renderWithProviders } from '@erd/shared-contracts/testing';
import type { NotificationSettingsDto } from '@erd/shared-contracts/schemas';
import ProfileApp from '../../../exposes/profile-app';
import { me, ME_PATH, MY_ENTRIES_GET, noEntries } from '../../../testing/fixtures';

/**
 * 'Benachrichtigungen' on the profile (issue 25): one switch per kind with its label and
 * description, all on by default, saved as soon as one changes (the whole set), the state said in
 * German; a failed save puts the switch back; usable with the keyboard; the mails' anchor.
 */

const SETTINGS_GET = 'GET /api/me/notifications';
const SETTINGS_PUT = 'PUT /api/me/notifications';
const ALL_ON: NotificationSettingsDto = { challenges: true, entries: true, results: true, messages: true };

const renderProfile = () => renderWithProviders(<ProfileApp screen="profile" />, { route: '/profil', session: loggedInSession });
const section = () => screen.getByRole('region', { name: 'Benachrichtigungen' });
const base = { [ME_PATH]: { body: me() }, [MY_ENTRIES_GET]: { body: noEntries } };

it('shows one switch per kind with its label and description, all on, and that codes always come', async () => {
  mockXhr({ ...base, [SETTINGS_GET]: { body: ALL_ON } });
  renderProfile();
  const results = await screen.findByRole('switch', { name: 'Ergebnisse' });
  expect(section()).toHaveAttribute('id', 'benachrichtigungen');
  expect(
    within(section())
      .getAllByRole('switch')
      .map((s) => s.getAttribute('aria-checked') ?? String((s as HTMLInputElement).checked)),
  ).toEqual(['true', 'true', 'true', 'true']);
  expect(
    within(section())
      .getAllByRole('switch')
      .map((s) => s.closest('li')!.querySelector('label')!.textContent),
  ).toEqual(['Challenges und Erinnerungen', 'Meine Beiträge', 'Ergebnisse', 'Nachrichten der Veranstalter']);
  expect(results).toHaveAccessibleDescription(/Euer Platz und eure Punkte/);
  expect(section()).toHaveTextContent('Codes zur Anmeldung und Sicherheitsmails bekommst du immer.');
});

it('saves a change at once (every switch, anti-forgery header) and says so; keyboard works', async () => {
  const user = userEvent.setup();
  const puts: unknown[] = [];
  const xhr = mockXhr({
    ...base,
    [SETTINGS_GET]: { body: { ...ALL_ON, messages: false } },
    [SETTINGS_PUT]: (_url, init) => {
      const body = JSON.parse(init.body!);
      puts.push(body);
      return { body };
    },
  });
  renderProfile();
  const messages = await screen.findByRole('switch', { name: 'Nachrichten der Veranstalter' });
  expect(messages).not.toBeChecked();
  const results = screen.getByRole('switch', { name: 'Ergebnisse' });
  await user.click(results);
  expect(results).not.toBeChecked();
  expect(await within(section()).findByRole('status')).toHaveTextContent('Gespeichert.');
  expect(puts).toEqual([{ ...ALL_ON, results: false, messages: false }]);
  const put = xhr.mock.calls.find(([url, init]) => url.pathname === '/api/me/notifications' && init.method === 'PUT')!;
  expect(put[1].headers['x-xsrf-token']).toBeTruthy();
  expect(put[1].headers.authorization).toBe('Bearer access');

  // Keyboard: focus the switch and press Space.
  messages.focus();
  await user.keyboard(' ');
  await waitFor(() => expect(puts).toHaveLength(2));
  expect(puts[1]).toEqual({ ...ALL_ON, results: false });
  expect(messages).toBeChecked();
});

it('a failed save puts the switch back and says so in German; a new try works', async () => {
  const user = userEvent.setup();
  let fail = true;
  mockXhr({
    ...base,
    [SETTINGS_GET]: { body: ALL_ON },
    [SETTINGS_PUT]: (_url, init) =>
      fail ? { status: 500, body: { code: 'InternalError', message: 'x' } } : { body: JSON.parse(init.body!) },
  });
  renderProfile();
  const entries = await screen.findByRole('switch', { name: 'Meine Beiträge' });
  await user.click(entries);
  expect(await within(section()).findByRole('alert')).toHaveTextContent('Das hat nicht geklappt – deine Einstellung ist unverändert.');
  expect(entries).toBeChecked();
  fail = false;
  await user.click(entries);
  expect(await within(section()).findByRole('status')).toHaveTextContent('Gespeichert.');
  expect(entries).not.toBeChecked();
  expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
});

it('when loading fails offers to load again; the rest of the profile stays usable', async () => {
  const user = userEvent.setup();
  let fail = true;
  mockXhr({ ...base, [SETTINGS_GET]: () => (fail ? { status: 500, body: { code: 'InternalError', message: 'x' } } : { body: ALL_ON }) });
  renderProfile();
  expect(await within(await screen.findByRole('region', { name: 'Benachrichtigungen' })).findByRole('alert')).toHaveTextContent(
    'Deine Benachrichtigungen konnten gerade nicht geladen werden.',
  );
  expect(screen.getByLabelText('Vorname')).toHaveValue('Erika');
  fail = false;
  await user.click(within(section()).getByRole('button', { name: 'Erneut laden' }));
  expect(await screen.findAllByRole('switch')).toHaveLength(4);
});

it('points to the login when the session has ended meanwhile', async () => {
  const user = userEvent.setup();
  mockXhr({ ...base, [SETTINGS_GET]: { body: ALL_ON }, [SETTINGS_PUT]: { status: 401, body: { code: 'Unauthorized', message: 'x' } } });
  renderProfile();
  await user.click(await screen.findByRole('switch', { name: 'Ergebnisse' }));
  expect(await within(section()).findByRole('alert')).toHaveTextContent('Deine Sitzung ist abgelaufen.');
  expect(within(section()).getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('switch', { name: 'Ergebnisse' })).toBeChecked();
});

it('scrolls to itself when opened from a mail’s link (/profil#benachrichtigungen)', async () => {
  const scrolled = jest.fn();
  Element.prototype.scrollIntoView = scrolled;
  window.history.replaceState(null, '', '/profil#benachrichtigungen');
  mockXhr({ ...base, [SETTINGS_GET]: { body: ALL_ON } });
  renderProfile();
  await screen.findAllByRole('switch');
  await waitFor(() => expect(scrolled).toHaveBeenCalled());
  window.history.replaceState(null, '', '/');
});
