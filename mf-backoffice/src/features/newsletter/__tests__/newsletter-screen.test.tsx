import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsletterSubscriberDto } from '@erd/shared-contracts/backoffice';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';

const LIST = 'GET /api/operator/newsletter/subscribers';
const CONSENT = 'GET /api/operator/newsletter/consent-log';
const unsubscribeCall = (id: number) => `POST /api/operator/newsletter/subscribers/${id}/unsubscribe`;

const subscriber = (id: number, email: string, status: NewsletterSubscriberDto['status'] = 'confirmed'): NewsletterSubscriberDto => ({
  id,
  email,
  status,
  consentTextVersion: 'newsletter-2026-01',
  consentedAt: '2026-05-05T12:30:00.000Z',
  confirmedAt: status === 'confirmed' ? '2026-05-05T12:45:00.000Z' : null,
  unsubscribedAt: null,
});

beforeEach(fakeBackofficePage);

/** A fake server: 30 confirmed addresses and one pending; paging, search and status on the server side. */
function fakeServer() {
  let items = [
    ...Array.from({ length: 30 }, (_, i) => subscriber(i + 1, `fan-${String(i + 1).padStart(2, '0')}@verein.example`)),
    subscriber(99, 'offen@verein.example', 'pending'),
  ];
  const xhr = mockXhr({
    [LIST]: (url) => {
      const status = url.searchParams.get('status') ?? 'confirmed';
      const query = url.searchParams.get('query') ?? '';
      const from = Number(url.searchParams.get('from') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 25);
      const matching = items.filter((i) => i.status === status && i.email.includes(query));
      return { body: { items: matching.slice(from, from + size), total: matching.length, from, size } };
    },
    [CONSENT]: (url) => ({
      body: {
        email: url.searchParams.get('email'),
        items: [{ at: '2026-05-05T12:45:00.000Z', action: 'confirm', textVersion: 'newsletter-2026-01', ipHash: 'a1b2c3' }],
      },
    }),
    [unsubscribeCall(1)]: (_url, init) => {
      const reason = bodyOf<{ reason: string }>(init).reason;
      if (reason.length < 3) return { status: 400, body: { code: 'ValidationError', message: 'Grund' } };
      items = items.map((i) => (i.id === 1 ? { ...i, status: 'unsubscribed' as const } : i));
      return { body: { ...items[0], status: 'unsubscribed' } };
    },
  });
  return xhr;
}

const listCalls = (xhr: ReturnType<typeof mockXhr>) =>
  xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/newsletter/subscribers');

it('a moderator gets the German note instead of the screen, no call for addresses, and no "Newsletter" in the bar', async () => {
  const xhr = fakeServer();
  renderBackoffice('/backoffice/newsletter', signedIn);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Dafür fehlt dir die Berechtigung.');
  expect(alert).toHaveTextContent(
    'Die Newsletter-Adressen sind personenbezogene Daten: Nur Administratoren sehen, exportieren und verwalten sie.',
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'CSV exportieren' })).not.toBeInTheDocument();
  expect(xhr.mock.calls.filter(([url]) => url.pathname.startsWith('/api/operator/newsletter'))).toEqual([]);
  expect(
    within(screen.getByRole('navigation', { name: 'Backoffice' })).queryByRole('link', { name: 'Newsletter' }),
  ).not.toBeInTheDocument();
});

it('a 403 of the server (the role changed meanwhile) shows the same note', async () => {
  mockXhr({ [LIST]: { status: 403, body: { code: 'Forbidden', message: 'Dafür fehlt dir die Berechtigung.' } } });
  renderBackoffice('/backoffice/newsletter', signedInAdmin);
  expect(await screen.findByRole('alert')).toHaveTextContent('Dafür fehlt dir die Berechtigung.');
  expect(screen.queryByRole('link', { name: 'CSV exportieren' })).not.toBeInTheDocument();
});

it('lists confirmed addresses page by page from the server for an admin, with the export and the unsubscribe', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/newsletter', signedInAdmin);
  expect(await screen.findByRole('heading', { level: 2, name: '30 Adressen (bestätigt)' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeInTheDocument();
  expect(document.title).toBe('Newsletter – Backoffice – Punktejagd');
  const table = screen.getByRole('table');
  expect(within(table).getAllByRole('row')).toHaveLength(26);
  expect(within(table).getByRole('rowheader', { name: 'fan-01@verein.example' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'CSV exportieren' })).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /abmelden$/ })).toHaveLength(25);
  expect(screen.getByText('Seite 1 von 2')).toBeInTheDocument();
  expect(listCalls(xhr)[0]![0].searchParams.get('status')).toBe('confirmed');

  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  expect(await screen.findByRole('rowheader', { name: 'fan-30@verein.example' })).toBeInTheDocument();
  expect(listCalls(xhr).at(-1)![0].searchParams.get('from')).toBe('25');
  expect(screen.getByRole('button', { name: 'Weiter' })).toBeDisabled();
});

it('searches, filters by status and sorts on the server', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/newsletter', signedInAdmin);
  await screen.findByRole('table');
  expect(listCalls(xhr)[0]![0].searchParams.get('sort')).toBe('email');
  await user.type(screen.getByRole('searchbox', { name: 'E-Mail-Adresse' }), 'offen');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Unbestätigt');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sortierung' }), 'Neueste Einwilligung zuerst');
  await user.click(screen.getByRole('button', { name: 'Suchen' }));
  expect(await screen.findByRole('heading', { level: 2, name: '1 Adresse (unbestätigt)' })).toBeInTheDocument();
  const last = listCalls(xhr).at(-1)![0].searchParams;
  expect(last.get('query')).toBe('offen');
  expect(last.get('status')).toBe('pending');
  expect(last.get('sort')).toBe('-consented');
  expect(last.get('from')).toBe('0');
  expect(screen.getByRole('table', { name: /sortiert nach Neueste Einwilligung zuerst/ })).toBeInTheDocument();
});

it('shows the consent log of an address in a dialog', async () => {
  const user = userEvent.setup();
  fakeServer();
  renderBackoffice('/backoffice/newsletter', signedInAdmin);
  await user.click(await screen.findByRole('button', { name: 'Einwilligungen von fan-02@verein.example' }));
  const dialog = screen.getByRole('dialog', { name: 'Einwilligungen' });
  const log = await within(dialog).findByRole('list', { name: 'Einwilligungsprotokoll' });
  expect(within(log).getByText('Bestätigt')).toBeInTheDocument();
  expect(within(log).getByText(/newsletter-2026-01/)).toBeInTheDocument();
  expect(within(log).getByText('IP (Hash): a1b2c3')).toBeInTheDocument();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('an admin exports as CSV and unsubscribes with a reason; a missing reason stops at the field', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/newsletter', signedInAdmin);
  await screen.findByRole('table');
  expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute('href', '/api/operator/newsletter/subscribers.csv');

  await user.click(screen.getByRole('button', { name: 'fan-01@verein.example abmelden' }));
  const dialog = screen.getByRole('dialog', { name: 'Vom Newsletter abmelden' });
  const reason = within(dialog).getByRole('textbox', { name: 'Grund der Abmeldung' });
  expect(reason).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Abmelden' }));
  expect(reason).toHaveAccessibleDescription(expect.stringContaining('Bitte gib einen Grund an (3 bis 500 Zeichen).'));
  expect(xhr.mock.calls.some(([url, init]) => init.method === 'POST' && url.pathname.endsWith('/unsubscribe'))).toBe(false);

  await user.type(reason, 'Wunsch per Telefon');
  await user.click(within(dialog).getByRole('button', { name: 'Abmelden' }));
  expect(await screen.findByText('fan-01@verein.example ist vom Newsletter abgemeldet.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'fan-01@verein.example' })).not.toBeInTheDocument());
  const post = xhr.mock.calls.find(([url, init]) => init.method === 'POST' && url.pathname.endsWith('/unsubscribe'))!;
  expect(bodyOf(post[1])).toEqual({ reason: 'Wunsch per Telefon' });
});
