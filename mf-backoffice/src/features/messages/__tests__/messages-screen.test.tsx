import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorMessageDto } from '@erd/shared-contracts/schemas';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';

const LIST = 'GET /api/operator/messages';
const CREATE = 'POST /api/operator/messages';
const COUNT = 'GET /api/operator/messages/recipients';
const CHALLENGES = 'GET /api/operator/challenges';

const message = (overrides: Partial<OperatorMessageDto> = {}): OperatorMessageDto => ({
  id: 'm-1',
  subject: 'Neue Saison',
  body: 'Liebe Vereine,\n\nes geht los.',
  filter: {},
  status: 'draft',
  createdAt: '2026-06-15T10:00:00.000Z',
  updatedAt: '2026-06-15T10:00:00.000Z',
  sentAt: null,
  recipients: null,
  progress: null,
  ...overrides,
});

const challengeList = {
  yearId: 'year-2026',
  today: '2026-06-15',
  items: [{ id: 'challenge-spruch', number: 1, headline: 'Der beste Schlachtruf', type: 'bfv-erd-text-vote', phase: 'submission' }],
};

beforeEach(fakeBackofficePage);

/** A fake server: counts by filter (Damen: 2, Teilnehmer: 1, else 5), one draft saved under 'm-new'. */
function fakeServer(items: OperatorMessageDto[] = []) {
  let saved: OperatorMessageDto | null = null;
  let polls = 0;
  return mockXhr({
    [LIST]: { body: { items } },
    [CHALLENGES]: { body: challengeList },
    [COUNT]: (url) => ({
      body: { recipients: url.searchParams.get('participated') === 'true' ? 1 : url.searchParams.get('team') === 'w' ? 2 : 5 },
    }),
    [CREATE]: (_url, init) => {
      saved = message({ id: 'm-new', ...bodyOf<object>(init) });
      return { status: 201, body: saved };
    },
    'PUT /api/operator/messages/m-new': (_url, init) => {
      saved = { ...saved!, ...bodyOf<object>(init) };
      return { body: saved };
    },
    'GET /api/operator/messages/m-new/preview': () => ({
      body: {
        subject: saved!.subject,
        html: `<html><body><h1>${saved!.subject}</h1></body></html>`,
        text: `Hallo Vorname,\n\n${saved!.body}\n`,
        recipients: 2,
      },
    }),
    'POST /api/operator/messages/m-new/test': { status: 202, body: { to: 'chefin@punktejagd.example' } },
    'POST /api/operator/messages/m-new/send': () => ({
      body: {
        ...saved!,
        status: 'sending',
        sentAt: '2026-06-15T10:05:00.000Z',
        recipients: 2,
        progress: { queued: 2, sent: 0, failed: 0, skipped: 0 },
      },
    }),
    'GET /api/operator/messages/m-new': () => {
      polls++;
      return {
        body: {
          ...saved!,
          status: 'sent',
          sentAt: '2026-06-15T10:05:00.000Z',
          recipients: 2,
          progress: { queued: 0, sent: 2, failed: 0, skipped: 0 },
          polls,
        },
      };
    },
  });
}

const calls = (xhr: ReturnType<typeof mockXhr>, key: string) =>
  xhr.mock.calls.filter(([url, init]) => `${init.method} ${url.pathname}` === key);

it('a moderator gets the German note instead of the screen, no call is made, and the bar has no "Nachrichten"', async () => {
  const xhr = fakeServer();
  renderBackoffice('/backoffice/nachrichten', signedIn);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Dafür fehlt dir die Berechtigung.');
  expect(alert).toHaveTextContent('Nachrichten an alle Vereinskonten schreiben und senden nur Administratoren.');
  expect(xhr.mock.calls.filter(([url]) => url.pathname.startsWith('/api/operator/messages'))).toEqual([]);
  expect(
    within(screen.getByRole('navigation', { name: 'Backoffice' })).queryByRole('link', { name: 'Nachrichten' }),
  ).not.toBeInTheDocument();
});

it('lists the messages with recipients, date, state and how many went out', async () => {
  fakeServer([
    message({
      id: 'm-2',
      subject: 'Abstimmung läuft',
      filter: { team: 'w', challengeId: 'challenge-spruch', participated: true },
      status: 'sent',
      sentAt: '2026-06-14T08:00:00.000Z',
      recipients: 40,
      progress: { queued: 0, sent: 38, failed: 2, skipped: 0 },
    }),
    message(),
  ]);
  renderBackoffice('/backoffice/nachrichten', signedInAdmin);
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row');
  expect(rows[1]).toHaveTextContent('Abstimmung läuft');
  expect(rows[1]).toHaveTextContent('Damen · Teilnehmer von „Der beste Schlachtruf“');
  expect(rows[1]).toHaveTextContent('14.06.2026, 10:00 Uhr');
  expect(rows[1]).toHaveTextContent('Gesendet');
  expect(rows[1]).toHaveTextContent('38 von 40 Konten');
  expect(rows[1]).toHaveTextContent('2 fehlgeschlagen');
  expect(rows[2]).toHaveTextContent('Alle Vereinskonten');
  expect(rows[2]).toHaveTextContent('Entwurf');
  expect(within(rows[2]!).getByRole('button', { name: 'Entwurf „Neue Saison“ bearbeiten' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Nachrichten' })).toBeInTheDocument();
});

it('writes a message: checks the fields, counts the recipients live, previews it as a club gets it and sends a test to the operator', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/nachrichten', signedInAdmin);
  await user.click(await screen.findByRole('button', { name: 'Neue Nachricht' }));
  expect(await screen.findByText('Geht an 5 Konten')).toBeInTheDocument();

  // Nothing typed: the fields say what is missing, nothing is saved.
  await user.click(screen.getByRole('button', { name: 'Vorschau' }));
  expect(screen.getByText('Gib einen Betreff an (eine Zeile, bis 150 Zeichen).')).toBeInTheDocument();
  expect(screen.getByText('Schreib einen Text (bis 5000 Zeichen).')).toBeInTheDocument();
  expect(calls(xhr, CREATE)).toHaveLength(0);

  await user.type(screen.getByLabelText('Betreff'), 'Dein Verein braucht dich');
  await user.type(screen.getByLabelText('Text', { exact: false }), 'Liebe Vereine,{Enter}{Enter}die Abstimmung beginnt.');
  await user.selectOptions(screen.getByLabelText('Team'), 'Damen');
  expect(await screen.findByText('Geht an 2 Konten')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Challenge'), 'Teilnehmer einer Challenge');
  expect(screen.getByText('Wähle eine Challenge, um die Empfänger zu zählen.')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Welche Challenge?'), '#1 Der beste Schlachtruf');
  expect(await screen.findByText('Geht an 1 Konto')).toBeInTheDocument();
  const lastCount = calls(xhr, COUNT).at(-1)![0];
  expect(Object.fromEntries(lastCount.searchParams)).toEqual({ team: 'w', challengeId: 'challenge-spruch', participated: 'true' });

  await user.click(screen.getByRole('button', { name: 'Vorschau' }));
  // The mail in a shadow root (the site's policy forbids frames): its own styles stay inside.
  const preview = await screen.findByRole('document', { name: 'Vorschau der E-Mail' });
  await waitFor(() => expect(preview.shadowRoot?.querySelector('h1')?.textContent).toBe('Dein Verein braucht dich'));
  expect(bodyOf(calls(xhr, CREATE)[0]![1])).toEqual({
    subject: 'Dein Verein braucht dich',
    body: 'Liebe Vereine,\n\ndie Abstimmung beginnt.',
    filter: { team: 'w', challengeId: 'challenge-spruch', participated: true },
  });
  expect(screen.getByText(/Sie geht jetzt an 2 Konten\./)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Test an mich senden' }));
  expect(await screen.findByText('Die Testmail an chefin@punktejagd.example ist unterwegs.')).toBeInTheDocument();
  // Saved again as the same draft, not a second one.
  expect(calls(xhr, CREATE)).toHaveLength(1);
  expect(calls(xhr, 'PUT /api/operator/messages/m-new')).toHaveLength(1);
  expect(calls(xhr, 'POST /api/operator/messages/m-new/test')).toHaveLength(1);
});

it('sends after a confirmation naming the count, once however often it is clicked, and follows the progress', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/nachrichten', signedInAdmin);
  await user.click(await screen.findByRole('button', { name: 'Neue Nachricht' }));
  await user.type(screen.getByLabelText('Betreff'), 'Saisonfinale');
  await user.type(screen.getByLabelText('Text', { exact: false }), 'Am Samstag ist es so weit.');
  await user.click(screen.getByRole('button', { name: 'Senden …' }));

  const dialog = await screen.findByRole('dialog', { name: 'Nachricht senden?' });
  expect(dialog).toHaveTextContent('„Saisonfinale“ geht jetzt an 2 Konten.');
  expect(calls(xhr, 'POST /api/operator/messages/m-new/send')).toHaveLength(0);
  const send = within(dialog).getByRole('button', { name: 'An 2 Konten senden' });
  await user.dblClick(send);

  expect(await screen.findByText('Wird gesendet …')).toBeInTheDocument();
  expect(calls(xhr, 'POST /api/operator/messages/m-new/send')).toHaveLength(1);
  expect(screen.getByLabelText('Fortschritt')).toHaveTextContent('Wartend2');
  // Read again after a few seconds: all sent.
  expect(await screen.findByText('Gesendet', { selector: 'p' }, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByLabelText('Fortschritt')).toHaveTextContent('Gesendet2');
});
