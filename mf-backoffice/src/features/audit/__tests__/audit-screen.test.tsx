import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntryDto } from '@erd/shared-contracts/backoffice';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { cellTexts } from '../../../testing/requests';

const AUDIT = 'GET /api/operator/audit';

const entry = (id: number, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto => ({
  id,
  at: new Date(Date.UTC(2026, 5, 15, 10, 0) - id * 60_000).toISOString(),
  action: 'publish',
  actor: 'moderation@punktejagd.example',
  operatorId: 'op-1',
  subjectType: 'participation',
  subjectId: `p-${id}`,
  challengeId: 'slogan',
  reason: null,
  details: {},
  ...overrides,
});

/** A fake server: 60 entries, the first a role change with before/after; filters and pages on the server side. */
function fakeServer() {
  const items = [
    entry(1, {
      action: 'operator-role',
      actor: 'chefin@punktejagd.example',
      subjectType: 'operator',
      subjectId: 'op-7',
      challengeId: null,
      reason: 'Hilft jetzt bei den Ergebnissen',
      details: {
        email: 'neu@punktejagd.example',
        before: { role: 'moderator', disabled: false },
        after: { role: 'admin', disabled: false },
      },
    }),
    ...Array.from({ length: 59 }, (_, i) => entry(i + 2)),
  ];
  return mockXhr({
    [AUDIT]: (url) => {
      const action = url.searchParams.get('action');
      const actor = url.searchParams.get('actor');
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const matching = items.filter((i) => (!action || i.action === action) && (!actor || i.actor.includes(actor)));
      return { body: { items: matching.slice((page - 1) * size, page * size), total: matching.length, page, size } };
    },
  });
}

const calls = (xhr: ReturnType<typeof mockXhr>) =>
  xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/audit').map(([url]) => url.searchParams);

beforeEach(fakeBackofficePage);

it('lists the log newest first, 50 to a page from the server; a row opens its details with before and after', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/protokoll', signedIn);
  expect(await screen.findByRole('heading', { level: 2, name: '60 Einträge' })).toBeInTheDocument();
  expect(document.title).toBe('Protokoll – Backoffice – Punktejagd');
  expect(calls(xhr)[0]!.get('page')).toBe('1');
  expect(calls(xhr)[0]!.get('size')).toBe('50');
  const table = screen.getByRole('table', { name: 'Protokoll, neueste zuerst, Seite 1 von 2' });
  expect(within(table).getAllByRole('row')).toHaveLength(51);
  const row = within(table).getByRole('rowheader', { name: 'Rolle geändert' }).closest('tr')!;
  expect(within(row).getByText('chefin@punktejagd.example')).toBeInTheDocument();
  expect(within(row).getByText('Operator op-7')).toBeInTheDocument();
  expect(within(row).getByText('Hilft jetzt bei den Ergebnissen')).toBeInTheDocument();

  const details = within(row).getByRole('button', { name: 'Details: Rolle geändert am 15.06.2026, 11:59 Uhr' });
  expect(details).toHaveAttribute('aria-expanded', 'false');
  await user.click(details);
  expect(details).toHaveAttribute('aria-expanded', 'true');
  const change = screen.getByRole('table', { name: 'Rolle geändert am 15.06.2026, 11:59 Uhr: vorher und nachher' });
  const role = within(change).getByRole('rowheader', { name: 'role (geändert)' }).closest('tr')!;
  expect(cellTexts(role)).toEqual(['moderator', 'admin']);
  expect(within(change).getByRole('rowheader', { name: 'disabled' })).toBeInTheDocument();
  const facts = screen.getByRole('table', { name: 'Rolle geändert am 15.06.2026, 11:59 Uhr: Angaben' });
  expect(within(facts).getByRole('cell', { name: 'neu@punktejagd.example' })).toBeInTheDocument();
  await user.click(details);
  expect(screen.queryByRole('table', { name: /vorher und nachher/ })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  expect(await screen.findByRole('table', { name: 'Protokoll, neueste zuerst, Seite 2 von 2' })).toBeInTheDocument();
  expect(calls(xhr).at(-1)!.get('page')).toBe('2');
  expect(within(screen.getByRole('table', { name: /Seite 2 von 2/ })).getAllByRole('row')).toHaveLength(11);
  expect(screen.getByRole('button', { name: 'Weiter' })).toBeDisabled();
});

it('filters on the server by action, who and days; the CSV link carries the same filters', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/protokoll', signedIn);
  await screen.findByRole('heading', { level: 2, name: '60 Einträge' });
  expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute('href', '/api/operator/audit.csv');

  await user.selectOptions(screen.getByLabelText('Aktion'), 'Rolle geändert');
  await user.type(screen.getByLabelText('Wer'), ' chefin ');
  await user.type(screen.getByLabelText('Von (Tag)'), '2026-06-01');
  await user.type(screen.getByLabelText('Bis (Tag)'), '2026-06-15');
  await user.click(screen.getByRole('button', { name: 'Filtern' }));
  expect(await screen.findByRole('heading', { level: 2, name: '1 Eintrag' })).toBeInTheDocument();
  const last = calls(xhr).at(-1)!;
  expect(Object.fromEntries(last)).toEqual({
    action: 'operator-role',
    actor: 'chefin',
    from: '2026-06-01',
    to: '2026-06-15',
    page: '1',
    size: '50',
  });
  expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute(
    'href',
    '/api/operator/audit.csv?action=operator-role&actor=chefin&from=2026-06-01&to=2026-06-15',
  );

  await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
  expect(await screen.findByRole('heading', { level: 2, name: '60 Einträge' })).toBeInTheDocument();
  expect(screen.getByLabelText('Aktion')).toHaveValue('');
});

it('an end before the start gets a German message at the field and no call', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/protokoll', signedIn);
  await screen.findByRole('heading', { level: 2, name: '60 Einträge' });
  const before = calls(xhr).length;
  await user.type(screen.getByLabelText('Von (Tag)'), '2026-06-15');
  await user.type(screen.getByLabelText('Bis (Tag)'), '2026-06-01');
  await user.click(screen.getByRole('button', { name: 'Filtern' }));
  const to = screen.getByLabelText('Bis (Tag)');
  expect(to).toHaveAttribute('aria-invalid', 'true');
  expect(to).toHaveAccessibleDescription('Das Ende liegt vor dem Beginn.');
  expect(to).toHaveFocus();
  expect(calls(xhr)).toHaveLength(before);
});

it('says when nothing matches, and when loading failed (with a retry)', async () => {
  const user = userEvent.setup();
  let fail = true;
  mockXhr({
    [AUDIT]: () =>
      fail ? { status: 500, body: { code: 'InternalError', message: 'x' } } : { body: { items: [], total: 0, page: 1, size: 50 } },
  });
  renderBackoffice('/backoffice/protokoll', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Das Protokoll konnte gerade nicht geladen werden.');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Erneut laden' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Kein Eintrag passt zu den Filtern.' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('table')).not.toBeInTheDocument());
});

it('is in the bar for moderators too', async () => {
  fakeServer();
  renderBackoffice('/backoffice/protokoll', signedIn);
  const bar = await screen.findByRole('navigation', { name: 'Backoffice' });
  expect(within(bar).getByRole('link', { name: 'Protokoll' })).toHaveAttribute('aria-current', 'page');
});

it('an operator still on the start password is told to choose their own first', async () => {
  mockXhr({ [AUDIT]: { status: 403, body: { code: 'PasswordChangeRequired', message: 'Bitte wähle zuerst ein eigenes Passwort.' } } });
  renderBackoffice('/backoffice/protokoll', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wähle zuerst ein eigenes Passwort.');
  expect(screen.getByRole('link', { name: 'Jetzt Passwort ändern' })).toHaveAttribute('href', '/backoffice/passwort');
});
