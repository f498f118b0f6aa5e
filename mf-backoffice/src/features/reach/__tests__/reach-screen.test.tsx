import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReachReportDto, ReachRowDto } from '@erd/shared-contracts/schemas';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';

const REPORT = 'GET /api/operator/reach';
const CHALLENGES = 'GET /api/operator/challenges';

const row = (overrides: Partial<ReachRowDto>): ReachRowDto => ({
  day: '2026-06-15',
  challengeId: 'spruch',
  challengeTitle: 'Der beste Spruch',
  participationId: 'p-eching',
  clubId: 'club-10001-m',
  clubName: 'TSV Eching',
  team: 'm',
  channel: 'whatsapp',
  previews: 0,
  visits: 0,
  votes: 0,
  ...overrides,
});

const ROWS: ReachRowDto[] = [
  row({ day: '2026-06-16', channel: 'whatsapp', previews: 3, visits: 40, votes: 12 }),
  row({ day: '2026-06-15', channel: 'whatsapp', visits: 1000, votes: 8 }),
  row({ day: '2026-06-15', channel: 'qr', visits: 5, votes: 2 }),
  row({ day: '2026-06-15', channel: 'direct', previews: 7 }),
  row({ participationId: 'p-muster', clubId: 'club-20002-w', clubName: 'SV Musterdorf', team: 'w', channel: 'story', visits: 4, votes: 1 }),
  row({
    challengeId: null,
    challengeTitle: null,
    participationId: null,
    clubId: 'club-30003-m',
    clubName: 'FC Vorstadt',
    channel: 'copy',
    visits: 2,
  }),
];

function report(rows: ReachRowDto[], truncated = false): ReachReportDto {
  const channels = ['whatsapp', 'qr', 'story', 'copy', 'share', 'direct'] as const;
  const byChannel = channels.map((channel) => {
    const of = rows.filter((r) => r.channel === channel);
    return {
      channel,
      previews: of.reduce((s, r) => s + r.previews, 0),
      visits: of.reduce((s, r) => s + r.visits, 0),
      votes: of.reduce((s, r) => s + r.votes, 0),
    };
  });
  const totals = byChannel.reduce(
    (s, c) => ({ previews: s.previews + c.previews, visits: s.visits + c.visits, votes: s.votes + c.votes }),
    {
      previews: 0,
      visits: 0,
      votes: 0,
    },
  );
  return { rows, totals, byChannel, truncated };
}

/** A fake server: the rows above, filtered by challenge and days on the server side. */
function fakeServer(options: { truncated?: boolean } = {}) {
  return mockXhr({
    [REPORT]: (url) => {
      const challengeId = url.searchParams.get('challengeId');
      const from = url.searchParams.get('from');
      const to = url.searchParams.get('to');
      const rows = ROWS.filter((r) => (!challengeId || r.challengeId === challengeId) && (!from || r.day >= from) && (!to || r.day <= to));
      return { body: report(rows, options.truncated) };
    },
    [CHALLENGES]: {
      body: {
        yearId: 'y',
        today: '2026-06-16',
        items: [
          { id: 'spruch', headline: 'Der beste Spruch', type: 'bfv-erd-text-vote' },
          { id: 'bild', headline: 'Das schönste Bild', type: 'bfv-erd-picture-vote' },
          { id: 'tore', headline: 'Tore schätzen', type: 'bfv-erd-estimate' },
        ],
      },
    },
  });
}

/** The texts of a table row's cells. */
const cells = (tr: HTMLElement) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent);

const reportCalls = (xhr: ReturnType<typeof mockXhr>) =>
  xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/reach').map(([url]) => url.searchParams);

beforeEach(fakeBackofficePage);

it('shows the totals, the figures per channel and per entry and club page, with German labels, for a moderator', async () => {
  fakeServer();
  renderBackoffice('/backoffice/reichweite', signedIn);
  expect(await screen.findByRole('heading', { level: 2, name: '10 Vorschauen, 1.051 Besuche, 23 Stimmen' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Reichweite' })).toBeInTheDocument();
  expect(document.title).toBe('Reichweite – Backoffice – Punktejagd');
  expect(within(screen.getByRole('navigation', { name: 'Backoffice' })).getByRole('link', { name: 'Reichweite' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const channels = screen.getByRole('table', { name: 'Reichweite nach Kanal' });
  const channelRows = within(channels).getAllByRole('row').map(cells);
  expect(channelRows).toEqual([
    ['Kanal', 'Vorschauen', 'Besuche', 'Stimmen'],
    ['WhatsApp', '3', '1.040', '20'],
    ['QR-Code', '0', '5', '2'],
    ['Story', '0', '4', '1'],
    ['Link kopiert', '0', '2', '0'],
    ['Teilen', '0', '0', '0'],
    ['Direkt', '7', '0', '0'],
    ['Gesamt', '10', '1.051', '23'],
  ]);

  // Per target: the days summed per channel, the one with most votes first, a sum where it has several channels.
  const targets = screen.getByRole('table', { name: /Reichweite nach Beitrag und Verein/ });
  const groups = within(targets).getAllByRole('rowgroup').slice(1);
  expect(groups.map((g) => within(g).getAllByRole('row').map(cells))).toEqual([
    [
      ['TSV Eching (Herren)Beitrag: Der beste Spruch'],
      ['WhatsApp', '3', '1.040', '20'],
      ['QR-Code', '0', '5', '2'],
      ['Direkt', '7', '0', '0'],
      ['Zusammen', '10', '1.045', '22'],
    ],
    [['SV Musterdorf (Damen)Beitrag: Der beste Spruch'], ['Story', '0', '4', '1']],
    [['FC Vorstadt (Herren)Vereinsseite'], ['Link kopiert', '0', '2', '0']],
  ]);
  expect(within(targets).getByRole('rowheader', { name: /TSV Eching \(Herren\)/ })).toHaveAttribute('scope', 'rowgroup');
  expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute('href', '/api/operator/reach.csv');
});

it('filters by challenge and days on the server; the export link takes the same filter', async () => {
  const user = userEvent.setup();
  const xhr = fakeServer();
  renderBackoffice('/backoffice/reichweite', signedInAdmin);
  await screen.findByRole('table', { name: 'Reichweite nach Kanal' });
  const select = screen.getByRole('combobox', { name: 'Challenge' });
  // Only vote challenges have public entries, so only they have figures.
  await waitFor(() =>
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle Challenges und Vereinsseiten', 'Der beste Spruch', 'Das schönste Bild']),
  );
  await user.selectOptions(select, 'Der beste Spruch');
  await user.type(screen.getByLabelText('Von (Tag)'), '2026-06-16');
  await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
  expect(await screen.findByRole('heading', { level: 2, name: '3 Vorschauen, 40 Besuche, 12 Stimmen' })).toBeInTheDocument();
  const last = reportCalls(xhr).at(-1)!;
  expect([last.get('challengeId'), last.get('from'), last.get('to')]).toEqual(['spruch', '2026-06-16', null]);
  expect(screen.getByRole('link', { name: 'CSV exportieren' })).toHaveAttribute(
    'href',
    '/api/operator/reach.csv?challengeId=spruch&from=2026-06-16',
  );

  await user.type(screen.getByLabelText('Bis (Tag)'), '2026-06-20');
  await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
  await waitFor(() => expect(reportCalls(xhr).at(-1)!.get('to')).toBe('2026-06-20'));
  await user.clear(screen.getByLabelText('Von (Tag)'));
  await user.type(screen.getByLabelText('Von (Tag)'), '2026-07-01');
  await user.selectOptions(select, 'Alle Challenges und Vereinsseiten');
  await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
  expect(await screen.findByLabelText('Bis (Tag)')).toHaveAccessibleDescription('Das Ende liegt vor dem Beginn.');
  expect(screen.getByLabelText('Bis (Tag)')).toHaveAttribute('aria-invalid', 'true');
  expect(reportCalls(xhr).at(-1)!.get('to')).toBe('2026-06-20');
});

it('says when nothing was counted, and when the table holds only the newest days', async () => {
  mockXhr({ [REPORT]: { body: report([]) }, [CHALLENGES]: { body: { yearId: 'y', today: '2026-06-16', items: [] } } });
  renderBackoffice('/backoffice/reichweite', signedIn);
  expect(await screen.findByRole('heading', { level: 2, name: 'Für diesen Filter wurde noch nichts gezählt.' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('tells when the rows were cut to the newest days', async () => {
  fakeServer({ truncated: true });
  renderBackoffice('/backoffice/reichweite', signedIn);
  expect(await screen.findByText(/Es wurde mehr gezählt, als hier Platz hat/)).toBeInTheDocument();
});

it('a failed load offers to load again; a 400 shows the server’s German message; an expired session goes to the sign-in', async () => {
  const user = userEvent.setup();
  let answer: { status: number; body: unknown } = { status: 500, body: { code: 'InternalError', message: 'x' } };
  mockXhr({ [REPORT]: () => answer, [CHALLENGES]: { status: 500, body: {} } });
  renderBackoffice('/backoffice/reichweite', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Reichweite konnte gerade nicht geladen werden.');
  answer = { status: 200, body: report(ROWS) };
  await user.click(screen.getByRole('button', { name: 'Erneut laden' }));
  expect(await screen.findByRole('table', { name: 'Reichweite nach Kanal' })).toBeInTheDocument();
  // The challenge list failed: the filter still offers all.
  expect(within(screen.getByRole('combobox', { name: 'Challenge' })).getAllByRole('option')).toHaveLength(1);

  answer = { status: 400, body: { code: 'ValidationError', message: 'from: Bitte ein gültiges Datum im Format JJJJ-MM-TT angeben.' } };
  await user.type(screen.getByLabelText('Von (Tag)'), '2026-06-01');
  await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('from: Bitte ein gültiges Datum im Format JJJJ-MM-TT angeben.');

  answer = { status: 401, body: { code: 'Unauthorized', message: 'Bitte melde dich als Operator an.' } };
  await user.clear(screen.getByLabelText('Von (Tag)'));
  await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/backoffice/anmeldung'));
});
