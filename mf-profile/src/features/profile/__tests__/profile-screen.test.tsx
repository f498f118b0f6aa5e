import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr, loggedInSession, renderWithProviders } from '@erd/shared-contracts/testing';
import ProfileApp from '../../../exposes/profile-app';
import { me, ME_PATH, MY_ENTRIES_GET, noEntries, PROFILE_PUT } from '../../../testing/fixtures';

type User = ReturnType<typeof userEvent.setup>;

/** The profile's calls; 'Meine Teilnahmen' (tested in my-entries.test.tsx) answers an empty list. */
const NOTIFICATIONS_ON = { challenges: true, entries: true, results: true, messages: true };
const mockApi: typeof mockXhr = (routes) =>
  mockXhr({ [MY_ENTRIES_GET]: { body: noEntries }, 'GET /api/me/notifications': { body: NOTIFICATIONS_ON }, ...routes });

const renderProfile = () => renderWithProviders(<ProfileApp screen="profile" />, { route: '/profil', session: loggedInSession });
const field = (label: string) => screen.getByLabelText(label);
const submit = () => screen.getByRole('button', { name: 'Speichern' });
const body = (init: { body?: string }) => JSON.parse(init.body ?? '') as Record<string, unknown>;

async function loaded() {
  await screen.findByLabelText('Vorname');
}

it('loads the account with the access token and shows it with links to the club page and the deletion', async () => {
  const xhr = mockApi({ [ME_PATH]: { body: me() } });
  renderProfile();
  expect(screen.getByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
  await loaded();
  expect(xhr.mock.calls[0]![1].headers.authorization).toBe('Bearer access');
  expect(field('Vorname')).toHaveValue('Erika');
  expect(field('Nachname')).toHaveValue('Musterfrau');
  expect(field('Straße & Hausnummer')).toHaveValue('Hauptstraße 1');
  expect(field('Postleitzahl & Ort')).toHaveValue('85386 Eching');
  expect(field('Telefon (optional)')).toHaveValue('089 123456');
  expect(field('Neues Passwort (optional)')).toHaveValue('');
  expect(screen.getByText('trainer@tsv-eching.example')).toBeInTheDocument();
  expect(screen.getByText(/TSV Eching \(Herren\)/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zur Vereinsseite' })).toHaveAttribute('href', '/club/club-10001-m');
  expect(screen.getByRole('link', { name: 'Konto löschen' })).toHaveAttribute('href', '/delete');
  expect(document.title).toBe('Profil – Punktejagd');
});

it.each([
  ['Vorname', '„Vorname“ ist ein Pflichtfeld'],
  ['Nachname', '„Nachname“ ist ein Pflichtfeld'],
  ['Straße & Hausnummer', '„Straße & Hausnummer“ ist ein Pflichtfeld'],
  ['Postleitzahl & Ort', '„Postleitzahl & Ort“ ist ein Pflichtfeld'],
])('requires "%s"; an invalid form shows the spec\'s hint and cannot be sent', async (label, message) => {
  const user = userEvent.setup();
  mockApi({ [ME_PATH]: { body: me() } });
  renderProfile();
  await loaded();
  expect(submit()).toBeEnabled();
  await user.clear(field(label));
  await user.tab();
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Falscher Nutzer und/oder falsches Passwort');
  expect(submit()).toBeDisabled();
});

it('checks a new password and its repeat', async () => {
  const user = userEvent.setup();
  mockApi({ [ME_PATH]: { body: me() } });
  renderProfile();
  await loaded();
  await user.type(field('Neues Passwort (optional)'), 'kurz');
  await user.tab();
  expect(
    screen.getByText(
      'Das Passwort muss mindestens 8 Zeichen lang sein und einen Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen enthalten',
    ),
  ).toBeInTheDocument();
  await user.clear(field('Neues Passwort (optional)'));
  await user.type(field('Neues Passwort (optional)'), 'Neues#Pass1');
  await user.tab();
  expect(screen.getByText('Wiederhole das Passwort')).toBeInTheDocument();
  await user.type(field('Neues Passwort wiederholen (optional)'), 'Neues#Pass2');
  expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();
  expect(screen.getByText('Falscher Nutzer und/oder falsches Passwort')).toBeInTheDocument();
  expect(submit()).toBeDisabled();
});

async function edit(user: User) {
  await user.clear(field('Vorname'));
  await user.type(field('Vorname'), ' Erika Maria ');
  await user.clear(field('Telefon (optional)'));
}

it('saves without a password when none was typed, with the loaded updatedAt, and then uses the new one', async () => {
  const user = userEvent.setup();
  let version = 1;
  const xhr = mockApi({
    [ME_PATH]: { body: me() },
    [PROFILE_PUT]: (_url, init) => ({
      body: { fields: { ...me().fields, ...(body(init).fields as object) }, updatedAt: `2026-04-0${++version}T10:00:00.000Z` },
    }),
  });
  renderProfile();
  await loaded();
  await edit(user);
  await user.click(submit());
  expect(await screen.findByText('Deine Daten wurden erfolgreich aktualisiert.')).toBeInTheDocument();

  const put = xhr.mock.calls.find(([, init]) => init.method === 'PUT')!;
  expect(body(put[1])).toEqual({
    fields: { firstname: 'Erika Maria', lastname: 'Musterfrau', street: 'Hauptstraße 1', city: '85386 Eching', phone: '' },
    updatedAt: '2026-04-01T10:00:00.000Z',
  });
  expect(put[1].headers.authorization).toBe('Bearer access');

  await user.type(field('Nachname'), '-Huber');
  // Editing again hides the last success message.
  expect(screen.queryByText('Deine Daten wurden erfolgreich aktualisiert.')).not.toBeInTheDocument();
  await user.click(submit());
  await waitFor(() => expect(xhr.mock.calls.filter(([, init]) => init.method === 'PUT')).toHaveLength(2));
  expect(body(xhr.mock.calls.filter(([, init]) => init.method === 'PUT')[1]![1]).updatedAt).toBe('2026-04-02T10:00:00.000Z');
});

it('sends a typed new password and empties the fields afterwards', async () => {
  const user = userEvent.setup();
  const xhr = mockApi({
    [ME_PATH]: { body: me() },
    [PROFILE_PUT]: { body: { fields: me().fields, updatedAt: '2026-04-02T10:00:00.000Z' } },
  });
  renderProfile();
  await loaded();
  await user.type(field('Neues Passwort (optional)'), 'Neues#Pass1');
  await user.type(field('Neues Passwort wiederholen (optional)'), 'Neues#Pass1');
  await user.click(submit());
  expect(await screen.findByText('Deine Daten wurden erfolgreich aktualisiert.')).toBeInTheDocument();
  const put = xhr.mock.calls.find(([, init]) => init.method === 'PUT')!;
  expect(body(put[1]).password).toBe('Neues#Pass1');
  expect(field('Neues Passwort (optional)')).toHaveValue('');
});

it('a stale updatedAt (409) asks to reload; reloading shows the current data', async () => {
  const user = userEvent.setup();
  let loads = 0;
  const xhr = mockApi({
    [ME_PATH]: () => ({
      body: ++loads === 1 ? me() : me({ fields: { ...me().fields, firstname: 'Eri' }, updatedAt: '2026-04-05T10:00:00.000Z' }),
    }),
    [PROFILE_PUT]: { status: 409, body: { code: 'Conflict', message: 'stale' } },
  });
  renderProfile();
  await loaded();
  await edit(user);
  await user.click(submit());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Deine Daten wurden inzwischen an anderer Stelle geändert.');
  await user.click(screen.getByRole('button', { name: 'Daten neu laden' }));
  await waitFor(() => expect(field('Vorname')).toHaveValue('Eri'));
  expect(xhr.mock.calls.filter(([url, init]) => init.method === 'GET' && url.pathname === '/api/me')).toHaveLength(2);
});

it('shows the failure text when saving fails', async () => {
  const user = userEvent.setup();
  mockApi({ [ME_PATH]: { body: me() }, [PROFILE_PUT]: { status: 500, body: { code: 'InternalError', message: 'x' } } });
  renderProfile();
  await loaded();
  await edit(user);
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Bei der Aktualisierung der Daten ist ein Fehler aufgetreten\.$/);
});

it('says when the identity pool does not let the server set a new password', async () => {
  const user = userEvent.setup();
  mockApi({
    [ME_PATH]: { body: me() },
    [PROFILE_PUT]: { status: 400, body: { code: 'PasswordChangeUnavailable', message: 'x', user: ['password'] } },
  });
  renderProfile();
  await loaded();
  await user.type(field('Neues Passwort (optional)'), 'Neues#Pass1');
  await user.type(field('Neues Passwort wiederholen (optional)'), 'Neues#Pass1');
  await user.click(submit());
  expect(await screen.findByRole('alert')).toHaveTextContent('Dein Passwort kann hier gerade nicht geändert werden.');
});

it('offers to load again when the account cannot be loaded', async () => {
  const user = userEvent.setup();
  let loads = 0;
  mockApi({ [ME_PATH]: () => (++loads === 1 ? { status: 503, body: {} } : { body: me() }) });
  renderProfile();
  expect(await screen.findByRole('alert')).toHaveTextContent('Deine Daten konnten gerade nicht geladen werden.');
  await user.click(screen.getByRole('button', { name: 'Erneut laden' }));
  await loaded();
});

it('points to the login when the session has ended', async () => {
  mockApi({ [ME_PATH]: { status: 401, body: { code: 'Unauthorized', message: 'x' } } });
  renderProfile();
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Deine Sitzung ist abgelaufen. Bitte logge dich erneut ein.');
  expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  await userEvent.setup().click(screen.getByRole('link', { name: 'Zum Login' }));
  expect(sessionStorage.getItem('bfv-erd-redirectAfterLogin')).toBe('/profil');
});

it('points to the login, instead of loading for ever, when the session ended before the data were asked for', async () => {
  // E.g. 'Überall abmelden' on another device: another call of the page found the refresh token revoked.
  const xhr = mockApi({ [ME_PATH]: { body: me() } });
  renderWithProviders(<ProfileApp screen="profile" />, { route: '/profil' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Deine Sitzung ist abgelaufen. Bitte logge dich erneut ein.');
  expect(screen.queryByText('Deine Daten werden geladen …')).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
  expect(xhr.mock.calls.some(([url]) => url.pathname === '/api/me')).toBe(false);
});
