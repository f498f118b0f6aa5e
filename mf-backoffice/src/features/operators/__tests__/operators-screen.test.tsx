import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorAccountDto } from '@erd/shared-contracts/backoffice';
import { mockXhr } from '@erd/shared-contracts/testing';
import { ADMIN_EMAIL, fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';

const LIST = 'GET /api/operator/operators';
const CREATE = 'POST /api/operator/operators';
const patchCall = (id: string) => `PATCH /api/operator/operators/${id}`;
const GOOD_PASSWORD = 'Anstoss!Tabelle2026';

const account = (
  id: string,
  email: string,
  role: OperatorAccountDto['role'],
  overrides: Partial<OperatorAccountDto> = {},
): OperatorAccountDto => ({
  id,
  email,
  role,
  disabledAt: null,
  createdAt: '2026-05-01T08:00:00.000Z',
  lastLoginAt: '2026-06-15T08:00:00.000Z',
  ...overrides,
});

beforeEach(fakeBackofficePage);

/** A fake server with the admin herself and one moderator; refuses the last admin's demotion like the real one. */
function fakeServer() {
  let items = [account('op-1', ADMIN_EMAIL, 'admin'), account('op-2', 'schiri@punktejagd.example', 'moderator', { lastLoginAt: null })];
  const patch = (id: string) => (_url: URL, init: { body?: unknown }) => {
    const body = bodyOf<{ role?: 'admin' | 'moderator'; disabled?: boolean; reason: string }>(init);
    const target = items.find((i) => i.id === id)!;
    if (body.role === 'moderator' && target.role === 'admin' && items.filter((i) => i.role === 'admin' && !i.disabledAt).length === 1) {
      return { status: 409, body: { code: 'LastAdmin', message: 'Es muss mindestens ein aktiver Admin bleiben.' } };
    }
    const updated = {
      ...target,
      ...(body.role ? { role: body.role } : {}),
      ...(body.disabled !== undefined ? { disabledAt: body.disabled ? '2026-06-15T10:00:00.000Z' : null } : {}),
    };
    items = items.map((i) => (i.id === id ? updated : i));
    return { body: updated };
  };
  return mockXhr({
    [LIST]: () => ({ body: { items } }),
    [CREATE]: (_url, init) => {
      const body = bodyOf<{ email: string; role: 'admin' | 'moderator'; password: string }>(init);
      if (items.some((i) => i.email === body.email)) return { status: 409, body: { code: 'OperatorExists', message: 'x', field: 'email' } };
      const created = account('op-3', body.email, body.role, { lastLoginAt: null });
      items = [...items, created];
      return { status: 201, body: created };
    },
    [patchCall('op-1')]: patch('op-1'),
    [patchCall('op-2')]: patch('op-2'),
  });
}

it('a moderator gets "Dafür fehlt dir die Berechtigung." and no call; the bar has no "Operatoren" for them', async () => {
  const xhr = fakeServer();
  renderBackoffice('/backoffice/operatoren', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Dafür fehlt dir die Berechtigung.');
  const bar = screen.getByRole('navigation', { name: 'Backoffice' });
  expect(within(bar).queryByRole('link', { name: 'Operatoren' })).not.toBeInTheDocument();
  expect(within(bar).getByRole('link', { name: 'Protokoll' })).toBeInTheDocument();
  expect(xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/operators')).toHaveLength(0);
});

it('an admin sees the accounts with role, state and last sign-in, and "Operatoren" in the bar; not "Deaktivieren" for herself', async () => {
  fakeServer();
  renderBackoffice('/backoffice/operatoren', signedInAdmin);
  expect(await screen.findByRole('heading', { level: 2, name: '2 Operatoren' })).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Backoffice' })).getByRole('link', { name: 'Operatoren' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = screen.getByRole('table', { name: 'Operatoren, nach E-Mail-Adresse' });
  const me = within(table)
    .getByRole('rowheader', { name: `${ADMIN_EMAIL} (du)` })
    .closest('tr')!;
  expect(within(me).getByText('Administration')).toBeInTheDocument();
  expect(within(me).queryByRole('button', { name: /Deaktivieren/ })).not.toBeInTheDocument();
  const schiri = within(table).getByRole('rowheader', { name: 'schiri@punktejagd.example' }).closest('tr')!;
  expect(within(schiri).getByText('Moderation')).toBeInTheDocument();
  expect(within(schiri).getByText('Noch nie')).toBeInTheDocument();
  expect(within(schiri).getByText('Aktiv')).toBeInTheDocument();
});

it('adds an operator: German messages at the fields for a bad address and a weak password, the 409 at the address, then success', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/operatoren', signedInAdmin);
  await screen.findByRole('heading', { level: 2, name: '2 Operatoren' });
  const email = screen.getByLabelText('E-Mail-Adresse');
  const password = screen.getByLabelText('Erstes Passwort');
  await user.type(email, 'kein-at');
  await user.type(password, 'kurz!A1');
  await user.click(screen.getByRole('button', { name: 'Operator anlegen' }));
  expect(email).toHaveAccessibleDescription('Gib eine gültige E-Mail-Adresse an.');
  expect(email).toHaveFocus();
  expect(password).toHaveAccessibleDescription(expect.stringContaining('Das Passwort braucht mindestens 12 Zeichen'));
  expect(xhr.mock.calls.filter(([url, init]) => url.pathname === '/api/operator/operators' && init.method === 'POST')).toHaveLength(0);

  await user.clear(email);
  await user.type(email, 'Schiri@punktejagd.example');
  await user.clear(password);
  await user.type(password, GOOD_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Operator anlegen' }));
  expect(await screen.findByText('Für diese E-Mail-Adresse gibt es schon einen Operator.')).toBeInTheDocument();
  expect(email).toHaveAttribute('aria-invalid', 'true');

  await user.clear(email);
  await user.type(email, 'neu@punktejagd.example');
  await user.selectOptions(screen.getByLabelText('Rolle'), 'Administration');
  await user.click(screen.getByRole('button', { name: 'Operator anlegen' }));
  expect(await screen.findByText('neu@punktejagd.example ist als Administration angelegt.')).toBeInTheDocument();
  expect(await screen.findByRole('rowheader', { name: 'neu@punktejagd.example' })).toBeInTheDocument();
  const sent = xhr.mock.calls.filter(([url, init]) => url.pathname === '/api/operator/operators' && init.method === 'POST').at(-1)!;
  expect(bodyOf(sent[1])).toEqual({ email: 'neu@punktejagd.example', role: 'admin', password: GOOD_PASSWORD });
  expect(email).toHaveValue('');
});

it('changes a role and disables and enables an account, each with a reason in a dialog; the last admin is refused in German', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/operatoren', signedInAdmin);
  await screen.findByRole('heading', { level: 2, name: '2 Operatoren' });

  await user.click(screen.getByRole('button', { name: `Rolle ändern – ${ADMIN_EMAIL}` }));
  let dialog = screen.getByRole('dialog', { name: `Rolle von ${ADMIN_EMAIL} ändern` });
  await user.type(within(dialog).getByLabelText('Grund'), 'Nur noch Moderation');
  await user.click(within(dialog).getByRole('button', { name: 'Rolle ändern' }));
  expect(await within(dialog).findByText('Es muss mindestens ein aktiver Admin bleiben.')).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Rolle ändern – schiri@punktejagd.example' }));
  dialog = screen.getByRole('dialog', { name: 'Rolle von schiri@punktejagd.example ändern' });
  expect(within(dialog).getByLabelText('Neue Rolle')).toHaveValue('admin');
  await user.click(within(dialog).getByRole('button', { name: 'Rolle ändern' }));
  expect(within(dialog).getByLabelText('Grund')).toHaveAccessibleDescription(
    expect.stringContaining('Bitte gib einen Grund an (3 bis 500 Zeichen).'),
  );
  expect(xhr.mock.calls.filter(([, init]) => init.method === 'PATCH')).toHaveLength(1);
  await user.type(within(dialog).getByLabelText('Grund'), 'Hilft bei den Ergebnissen');
  await user.click(within(dialog).getByRole('button', { name: 'Rolle ändern' }));
  expect(await screen.findByText('schiri@punktejagd.example hat jetzt die Rolle Administration.')).toBeInTheDocument();
  const sent = xhr.mock.calls.filter(([, init]) => init.method === 'PATCH').at(-1)!;
  expect(sent[0].pathname).toBe('/api/operator/operators/op-2');
  expect(bodyOf(sent[1])).toEqual({ role: 'admin', reason: 'Hilft bei den Ergebnissen' });

  await user.click(screen.getByRole('button', { name: 'Deaktivieren – schiri@punktejagd.example' }));
  dialog = screen.getByRole('dialog', { name: 'schiri@punktejagd.example deaktivieren' });
  await user.type(within(dialog).getByLabelText('Grund'), 'Saison vorbei');
  await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
  expect(await screen.findByText('schiri@punktejagd.example ist deaktiviert.')).toBeInTheDocument();
  expect(await screen.findByText('Deaktiviert seit 15.06.2026, 12:00 Uhr')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Aktivieren – schiri@punktejagd.example' }));
  dialog = screen.getByRole('dialog', { name: 'schiri@punktejagd.example wieder aktivieren' });
  await user.type(within(dialog).getByLabelText('Grund'), 'Doch wieder dabei');
  await user.click(within(dialog).getByRole('button', { name: 'Aktivieren' }));
  expect(await screen.findByText('schiri@punktejagd.example ist wieder aktiv.')).toBeInTheDocument();
  expect(bodyOf(xhr.mock.calls.filter(([, init]) => init.method === 'PATCH').at(-1)![1])).toEqual({
    disabled: false,
    reason: 'Doch wieder dabei',
  });
});

it('a 403 from the server (the role changed meanwhile) shows the same refusal', async () => {
  mockXhr({ [LIST]: { status: 403, body: { code: 'Forbidden', message: 'Dafür fehlt dir die Berechtigung.' } } });
  renderBackoffice('/backoffice/operatoren', signedInAdmin);
  expect(await screen.findByRole('alert')).toHaveTextContent('Dafür fehlt dir die Berechtigung.');
});

it('an admin still on the start password is told to choose their own first (not that the right is missing)', async () => {
  mockXhr({ [LIST]: { status: 403, body: { code: 'PasswordChangeRequired', message: 'Bitte wähle zuerst ein eigenes Passwort.' } } });
  renderBackoffice('/backoffice/operatoren', signedInAdmin);
  expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wähle zuerst ein eigenes Passwort.');
  expect(screen.queryByText('Dafür fehlt dir die Berechtigung.')).not.toBeInTheDocument();
});
