import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountAdminDto } from '@erd/shared-contracts/backoffice';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';

const LIST = 'GET /api/operator/accounts';

const account = (sub: string, email: string, overrides: Partial<AccountAdminDto> = {}): AccountAdminDto => ({
  sub,
  email,
  club: { id: 'club-10001-m', clubnumber: '10001', clubname: 'TSV Eching', team: 'm' },
  state: 'CONFIRMED',
  createdAt: '2026-05-05T12:30:00.000Z',
  confirmedAt: '2026-05-05T12:45:00.000Z',
  blocked: false,
  blockedAt: null,
  blockedReason: null,
  ...overrides,
});

beforeEach(fakeBackofficePage);

/** A fake server holding two accounts; block, unblock, resend and delete change it as the real one does. */
function fakeServer() {
  let items = [
    account('s-anna', 'anna@verein.example'),
    account('s-bert', 'bert@verein.example', { state: 'UNCONFIRMED', confirmedAt: null, club: null }),
  ];
  const find = (sub: string) => items.find((i) => i.sub === sub)!;
  const update = (sub: string, change: Partial<AccountAdminDto>) => {
    items = items.map((i) => (i.sub === sub ? { ...i, ...change } : i));
    return { body: find(sub) };
  };
  const reasonOf = (body?: string) => (JSON.parse(body ?? '{}') as { reason?: string }).reason ?? '';
  return mockXhr({
    [LIST]: (url) => {
      const query = url.searchParams.get('query') ?? '';
      const matching = items.filter(
        (i) => i.email.startsWith(query) || (i.club?.clubname ?? '').toLowerCase().includes(query.toLowerCase()),
      );
      return { body: { items: matching, total: matching.length, from: 0, size: 25 } };
    },
    'GET /api/operator/accounts/s-anna': () => ({ body: find('s-anna') }),
    'GET /api/operator/accounts/s-bert': () => ({ body: find('s-bert') }),
    'POST /api/operator/accounts/s-anna/block': (_url, init) =>
      update('s-anna', { blocked: true, blockedAt: '2026-06-15T10:00:00.000Z', blockedReason: reasonOf(init.body) }),
    'POST /api/operator/accounts/s-anna/unblock': () => update('s-anna', { blocked: false, blockedAt: null, blockedReason: null }),
    'POST /api/operator/accounts/s-bert/resend-code': () => ({
      status: 429,
      body: { code: 'LimitExceeded', message: 'Ein Code wurde gerade erst gesendet. Bitte warte eine Minute.' },
    }),
    'POST /api/operator/accounts/s-bert/delete': () => {
      items = items.filter((i) => i.sub !== 's-bert');
      return { body: { sub: 's-bert', deleted: true } };
    },
  });
}

const posts = (xhr: ReturnType<typeof mockXhr>) => xhr.mock.calls.filter(([, init]) => init.method === 'POST');

it('a moderator finds accounts and reads their state, without any action', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/konten', signedIn);
  expect(await screen.findByRole('heading', { level: 2, name: '2 Konten' })).toBeInTheDocument();
  expect(document.title).toBe('Konten – Backoffice – Punktejagd');
  const table = screen.getByRole('table');
  const anna = within(table).getByRole('row', { name: /anna@verein\.example/ });
  // The club's name isolated (<bdi>) from the team and number beside it.
  expect(within(anna).getByRole('cell', { name: 'TSV Eching (Herren), Nr. 10001' }).querySelector('bdi')).toHaveTextContent('TSV Eching');
  expect(within(anna).getByText('Bestätigt')).toBeInTheDocument();

  await user.type(screen.getByRole('searchbox', { name: 'E-Mail, Verein oder Vereinsnummer' }), 'bert');
  await user.click(screen.getByRole('button', { name: 'Suchen' }));
  expect(await screen.findByRole('heading', { level: 2, name: '1 Konto' })).toBeInTheDocument();
  expect(
    xhr.mock.calls
      .filter(([url]) => url.pathname === '/api/operator/accounts')
      .at(-1)![0]
      .searchParams.get('query'),
  ).toBe('bert');

  // The order is the server's: chosen with the search, sent with it, named in the table's caption.
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sortierung' }), 'Neueste Anmeldung zuerst');
  await user.click(screen.getByRole('button', { name: 'Suchen' }));
  await waitFor(() =>
    expect(
      xhr.mock.calls
        .filter(([url]) => url.pathname === '/api/operator/accounts')
        .at(-1)![0]
        .searchParams.get('sort'),
    ).toBe('-created'),
  );
  expect(await screen.findByRole('table', { name: /sortiert nach Neueste Anmeldung zuerst/ })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Details zu bert@verein.example' }));
  const detail = screen.getByRole('region', { name: 'Konto bert@verein.example' });
  expect(within(detail).getByRole('heading', { name: 'Konto bert@verein.example' })).toHaveFocus();
  expect(within(detail).getByText('Unbestätigt')).toBeInTheDocument();
  for (const name of ['Code erneut senden', 'Sperren', 'Entsperren', 'Löschen']) {
    expect(within(detail).queryByRole('button', { name })).not.toBeInTheDocument();
  }
  expect(posts(xhr)).toHaveLength(0);
});

it('an admin blocks with a reason (not without one) and unblocks; the state shows at once', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/konten', signedInAdmin);
  await user.click(await screen.findByRole('button', { name: 'Details zu anna@verein.example' }));
  const detail = screen.getByRole('region', { name: 'Konto anna@verein.example' });
  expect(within(detail).queryByRole('button', { name: 'Code erneut senden' })).not.toBeInTheDocument();
  await user.click(within(detail).getByRole('button', { name: 'Sperren' }));

  const dialog = screen.getByRole('dialog', { name: 'Konto sperren' });
  const reason = within(dialog).getByRole('textbox', { name: 'Grund der Sperre' });
  expect(reason).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
  expect(reason).toHaveAccessibleDescription(expect.stringContaining('Bitte gib einen Grund an (3 bis 500 Zeichen).'));
  expect(posts(xhr)).toHaveLength(0);

  await user.type(reason, 'Beleidigungen');
  await user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
  expect(await screen.findByText('anna@verein.example ist gesperrt.')).toBeInTheDocument();
  const blocked = screen.getByRole('region', { name: 'Konto anna@verein.example' });
  expect(within(blocked).getByText('Beleidigungen')).toBeInTheDocument();
  expect(bodyOf(posts(xhr)[0]![1])).toEqual({ reason: 'Beleidigungen' });
  await waitFor(() => expect(within(screen.getByRole('table')).getByText('gesperrt')).toBeInTheDocument());

  await user.click(within(blocked).getByRole('button', { name: 'Entsperren' }));
  const unblock = screen.getByRole('dialog', { name: 'Konto entsperren' });
  await user.type(within(unblock).getByRole('textbox', { name: 'Grund der Entsperrung' }), 'Geklärt');
  await user.click(within(unblock).getByRole('button', { name: 'Entsperren' }));
  expect(await screen.findByText('anna@verein.example ist entsperrt.')).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'Konto anna@verein.example' })).getByRole('button', { name: 'Sperren' }),
  ).toBeInTheDocument();
});

it('an admin sees the server’s refusal of a resend and deletes an account after a reason', async () => {
  const user = userEvent.setup();
  fakeServer();
  renderBackoffice('/backoffice/konten', signedInAdmin);
  await user.click(await screen.findByRole('button', { name: 'Details zu bert@verein.example' }));
  await user.click(screen.getByRole('button', { name: 'Code erneut senden' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Code erneut senden' })).getByRole('button', { name: 'Code senden' }));
  expect(await screen.findByText('Ein Code wurde gerade erst gesendet. Bitte warte eine Minute.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Löschen' }));
  const dialog = screen.getByRole('dialog', { name: 'Konto löschen' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Grund der Löschung' }), 'Auf Wunsch per Brief');
  await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
  expect(await screen.findByText('Das Konto bert@verein.example ist gelöscht.')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Konto bert@verein.example' })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '1 Konto' })).toBeInTheDocument());
});
