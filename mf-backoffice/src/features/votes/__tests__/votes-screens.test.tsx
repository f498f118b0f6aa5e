import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VoteEntryDetailDto, VoteEntryDto, VoteRecordDto } from '@erd/shared-contracts/backoffice';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';

const LIST = 'GET /api/operator/vote-review/entries';
const DETAIL = 'GET /api/operator/vote-review/entries/p-burst';
const VOTES = 'GET /api/operator/vote-review/entries/p-burst/votes';
const REMOVE = 'POST /api/operator/vote-review/entries/p-burst/remove';
const BURST_HASH = 'abcdef1234567890abcdef1234567890';
const OTHER_HASH = '99887766554433221100ffeeddccbbaa';

beforeEach(fakeBackofficePage);

const entry = (id: string, n: number, overrides: Partial<VoteEntryDto> = {}): VoteEntryDto => ({
  participationId: id,
  challengeId: 'spruch',
  challengeHeadline: 'Der beste Spruch',
  objectTypeId: 'bfv-erd-text-participation',
  club: { id: `club-${n}-m`, clubname: `Verein ${String(n).padStart(2, '0')}`, clubnumber: String(n), team: 'm' },
  slogan: `Spruch ${n}`,
  image: null,
  votes: 1,
  removed: 0,
  maxPerAddress: 1,
  maxPerMinute: 1,
  flagged: false,
  ...overrides,
});

/** The list: 30 entries (one with a burst); filter, sort and paging on the server's side. */
function listServer() {
  const items = [
    entry('p-burst', 0, { votes: 15, maxPerAddress: 12, maxPerMinute: 15, flagged: true }),
    ...Array.from({ length: 29 }, (_, i) => entry(`p-${i + 1}`, i + 1, { challengeId: i < 10 ? 'bild' : 'spruch' })),
  ];
  return mockXhr({
    [LIST]: (url) => {
      const from = Number(url.searchParams.get('from') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 25);
      const challengeId = url.searchParams.get('challengeId');
      const matching = items.filter(
        (e) => (!challengeId || e.challengeId === challengeId) && (url.searchParams.get('flagged') !== 'true' || e.flagged),
      );
      return {
        body: {
          items: matching.slice(from, from + size),
          total: matching.length,
          from,
          size,
          challenges: [
            { id: 'spruch', headline: 'Der beste Spruch' },
            { id: 'bild', headline: 'Das schönste Bild' },
          ],
        },
      };
    },
  });
}

const listCalls = (xhr: ReturnType<typeof mockXhr>) =>
  xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/vote-review/entries');

it('lists the entries with their votes and flags bursts; filters and pages on the server', async () => {
  const user = userEvent.setup();
  const xhr = listServer();
  renderBackoffice('/backoffice/stimmen', signedIn);
  expect(await screen.findByRole('heading', { level: 2, name: '30 Beiträge' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Stimmen' })).toBeInTheDocument();
  expect(document.title).toBe('Stimmen – Backoffice – Punktejagd');
  expect(screen.getByText(/Auffällig: ab 10 gezählten Stimmen von einer Adresse oder ab 5 in einer Minute\./)).toBeInTheDocument();
  const table = screen.getByRole('table');
  expect(within(table).getAllByRole('row')).toHaveLength(26);
  const burstRow = within(table)
    .getByRole('rowheader', { name: /Verein 00 \(Herren\)/ })
    .closest('tr')!;
  expect(within(burstRow).getByText('Auffällig')).toBeInTheDocument();
  expect(within(burstRow).getByRole('link', { name: 'Stimmen prüfen – Verein 00 (Herren), Der beste Spruch' })).toHaveAttribute(
    'href',
    '/backoffice/stimmen/p-burst',
  );
  expect(listCalls(xhr)[0]![0].searchParams.get('sort')).toBe('-votes');

  await user.click(screen.getByRole('button', { name: 'Weiter' }));
  expect(await screen.findByRole('rowheader', { name: /Verein 29/ })).toBeInTheDocument();
  expect(listCalls(xhr).at(-1)![0].searchParams.get('from')).toBe('25');

  await user.selectOptions(screen.getByRole('combobox', { name: 'Challenge' }), 'Der beste Spruch');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sortierung' }), 'Auffällige zuerst');
  await user.click(screen.getByRole('checkbox', { name: 'Nur auffällige' }));
  await user.click(screen.getByRole('button', { name: 'Filtern' }));
  expect(await screen.findByRole('heading', { level: 2, name: '1 Beitrag' })).toBeInTheDocument();
  const last = listCalls(xhr).at(-1)![0].searchParams;
  expect([last.get('challengeId'), last.get('sort'), last.get('flagged'), last.get('from')]).toEqual(['spruch', '-burst', 'true', '0']);
});

it('a failed list says so and loads again', async () => {
  const user = userEvent.setup();
  let fail = true;
  mockXhr({
    [LIST]: () =>
      fail ? { status: 500, body: { code: 'InternalError' } } : { body: { items: [], total: 0, from: 0, size: 25, challenges: [] } },
  });
  renderBackoffice('/backoffice/stimmen', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Beiträge konnten gerade nicht geladen werden.');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Erneut laden' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Kein Beitrag passt zum Filter.' })).toBeInTheDocument();
});

const vote = (id: number, ipHash: string, removed = false): VoteRecordDto => ({
  id,
  ipHash,
  userAgent: 'Firefox',
  member: false,
  createdAt: '2026-06-15T10:00:20.000Z',
  removedAt: removed ? '2026-06-15T11:00:00.000Z' : null,
  removedBy: removed ? 'moderation@punktejagd.example' : null,
  removalReason: removed ? 'Bot-Welle' : null,
});

/** One entry: 12 votes from a flagged address and 3 from others; removal changes the fake server's state. */
function entryServer() {
  let votes = [
    ...Array.from({ length: 12 }, (_, i) => vote(i + 1, BURST_HASH)),
    ...[13, 14, 15].map((id) => vote(id, `${OTHER_HASH.slice(0, -2)}${id}`)),
  ];
  const detail = (): VoteEntryDetailDto => {
    const counted = votes.filter((v) => !v.removedAt);
    const burst = counted.filter((v) => v.ipHash === BURST_HASH).length;
    const removed = votes.length - counted.length;
    return {
      entry: entry('p-burst', 0, {
        votes: counted.length,
        removed,
        maxPerAddress: Math.max(1, burst),
        maxPerMinute: counted.length,
        flagged: burst >= 10 || counted.length >= 5,
      }),
      thresholds: { addressMinVotes: 10, minuteMinVotes: 5 },
      total: votes.length,
      addresses: 4,
      timeline: [{ at: '2026-06-15T10:00:00.000Z', counted: counted.length, removed }],
      topAddresses: [
        {
          ipHash: BURST_HASH,
          counted: burst,
          removed: 12 - burst,
          first: '2026-06-15T10:00:20.000Z',
          last: '2026-06-15T10:00:20.000Z',
          flagged: burst >= 10,
        },
        ...votes
          .filter((v) => v.ipHash !== BURST_HASH)
          .map((v) => ({
            ipHash: v.ipHash,
            counted: v.removedAt ? 0 : 1,
            removed: v.removedAt ? 1 : 0,
            first: v.createdAt,
            last: v.createdAt,
            flagged: false,
          })),
      ],
      burstMinutes: counted.length >= 5 ? [{ minute: '2026-06-15T10:00:00.000Z', counted: counted.length, addresses: 4 }] : [],
      removals: removed ? [{ reason: 'Bot-Welle', count: removed, at: '2026-06-15T11:00:00.000Z' }] : [],
    };
  };
  const xhr = mockXhr({
    [DETAIL]: () => ({ body: detail() }),
    [VOTES]: (url) => {
      const ipHash = url.searchParams.get('ipHash');
      const state = url.searchParams.get('state');
      const matching = votes.filter(
        (v) => (!ipHash || v.ipHash === ipHash) && (state !== 'removed' || v.removedAt) && (state !== 'counted' || !v.removedAt),
      );
      return { body: { items: matching, total: matching.length, from: 0, size: 50 } };
    },
    [REMOVE]: (_url, init) => {
      const body = bodyOf<{ ids?: number[]; ipHash?: string; reason: string }>(init);
      if (body.reason.length < 3) return { status: 400, body: { code: 'ValidationError', message: 'Grund', field: 'reason' } };
      const hit = (v: VoteRecordDto) => !v.removedAt && (body.ids ? body.ids.includes(v.id) : v.ipHash === body.ipHash);
      const removed = votes.filter(hit).length;
      votes = votes.map((v) => (hit(v) ? { ...v, removedAt: '2026-06-15T11:00:00.000Z', removalReason: body.reason } : v));
      return { body: { removed, votes: votes.filter((v) => !v.removedAt).length } };
    },
  });
  return xhr;
}

const removeCalls = (xhr: ReturnType<typeof mockXhr>) => xhr.mock.calls.filter(([, init]) => init.method === 'POST');

it('shows an entry’s counts, bursts and addresses; a moderator removes all votes of the flagged address with a reason and the count follows', async () => {
  const user = userEvent.setup();
  const xhr = entryServer();
  renderBackoffice('/backoffice/stimmen/p-burst', signedIn);
  expect(await screen.findByRole('heading', { level: 1, name: 'Stimmen: Verein 00 (Herren)' })).toBeInTheDocument();
  expect(screen.getByTestId('counted-votes')).toHaveTextContent('15');
  expect(
    screen.getByText(/Auffällig sind ab 10 gezählte Stimmen von einer Adresse oder ab 5 gezählte Stimmen in einer Minute/),
  ).toBeInTheDocument();
  const addresses = screen.getByRole('region', { name: 'Adressen' });
  const burstRow = within(addresses)
    .getByRole('rowheader', { name: /abcdef12…/ })
    .closest('tr')!;
  expect(within(burstRow).getByText('Auffällig')).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'Auffällige Minuten' })).getByRole('rowheader', { name: '15.06.2026, 12:00 Uhr' }),
  ).toBeInTheDocument();

  await user.click(within(burstRow).getByRole('button', { name: 'Alle entfernen – Adresse abcdef12…' }));
  const dialog = screen.getByRole('dialog', { name: 'Stimmen entfernen' });
  expect(dialog).toHaveAccessibleDescription(
    expect.stringContaining('Alle 12 Stimmen von der Adresse abcdef12… zählen danach nicht mehr.'),
  );
  const reason = within(dialog).getByRole('textbox', { name: 'Grund' });
  expect(reason).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Stimmen entfernen' }));
  expect(reason).toHaveAccessibleDescription(expect.stringContaining('Bitte gib einen Grund an (3 bis 500 Zeichen).'));
  expect(removeCalls(xhr)).toHaveLength(0);

  await user.type(reason, 'Bot-Welle');
  await user.click(within(dialog).getByRole('button', { name: 'Stimmen entfernen' }));
  expect(await screen.findByText('12 Stimmen entfernt. Jetzt zählen 3 Stimmen.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByTestId('counted-votes')).toHaveTextContent('3');
  expect(bodyOf(removeCalls(xhr)[0]![1])).toEqual({ ipHash: BURST_HASH, reason: 'Bot-Welle' });
  expect(await screen.findByRole('heading', { level: 2, name: 'Entfernte Stimmen' })).toBeInTheDocument();
  expect(screen.getByText(/12 Stimmen: Bot-Welle/)).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Alle entfernen – Adresse abcdef12…' })).not.toBeInTheDocument());
});

it('filters the votes by address on the server and removes votes picked one by one', async () => {
  const user = userEvent.setup();
  const xhr = entryServer();
  renderBackoffice('/backoffice/stimmen/p-burst', signedIn);
  const votesRegion = await screen.findByRole('region', { name: 'Einzelne Stimmen' });
  expect(within(votesRegion).getAllByRole('checkbox')).toHaveLength(16);
  expect(screen.getByRole('button', { name: 'Stimmen entfernen (0)' })).toBeDisabled();

  await user.click(
    within(screen.getByRole('region', { name: 'Adressen' })).getByRole('button', { name: 'Stimmen zeigen – Adresse abcdef12…' }),
  );
  await waitFor(() => expect(within(screen.getByRole('region', { name: 'Einzelne Stimmen' })).getAllByRole('row')).toHaveLength(13));
  const voteCalls = xhr.mock.calls.filter(([url]) => url.pathname.endsWith('/votes'));
  expect(voteCalls.at(-1)![0].searchParams.get('ipHash')).toBe(BURST_HASH);
  expect(screen.getByRole('textbox', { name: 'Adresse (Hash)' })).toHaveValue(BURST_HASH);

  const list = screen.getByRole('region', { name: 'Einzelne Stimmen' });
  const boxes = within(list).getAllByRole('checkbox', { name: /^Stimme vom/ });
  await user.click(boxes[0]!);
  await user.click(boxes[1]!);
  await user.click(screen.getByRole('button', { name: 'Stimmen entfernen (2)' }));
  const dialog = screen.getByRole('dialog', { name: 'Stimmen entfernen' });
  expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Die 2 ausgewählten Stimmen zählen danach nicht mehr.'));
  await user.type(within(dialog).getByRole('textbox', { name: 'Grund' }), 'Doppelt');
  await user.click(within(dialog).getByRole('button', { name: 'Stimmen entfernen' }));
  expect(await screen.findByText('2 Stimmen entfernt. Jetzt zählen 13 Stimmen.')).toBeInTheDocument();
  expect(bodyOf(removeCalls(xhr)[0]![1])).toEqual({ ids: [1, 2], reason: 'Doppelt' });
  await waitFor(() =>
    expect(within(screen.getByRole('region', { name: 'Einzelne Stimmen' })).getAllByText(/^Entfernt: Doppelt/)).toHaveLength(2),
  );
});

it('an entry that is gone says so', async () => {
  mockXhr({
    [DETAIL]: { status: 404, body: { code: 'NotFound', message: 'Diese Teilnahme gibt es nicht (oder sie ist nicht veröffentlicht).' } },
    [VOTES]: { status: 404, body: { code: 'NotFound' } },
  });
  renderBackoffice('/backoffice/stimmen/p-burst', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Diesen Beitrag gibt es nicht (mehr), oder er ist nicht veröffentlicht.');
  expect(screen.getByRole('link', { name: 'Zurück zu den Stimmen' })).toHaveAttribute('href', '/backoffice/stimmen');
});

it('an operator still on the start password an admin chose is sent to "Passwort ändern"', async () => {
  const refused = { status: 403, body: { code: 'PasswordChangeRequired', message: 'Bitte wähle zuerst ein eigenes Passwort.' } };
  mockXhr({ [LIST]: refused, [DETAIL]: refused, [VOTES]: refused });
  const first = renderBackoffice('/backoffice/stimmen', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wähle zuerst ein eigenes Passwort.');
  expect(screen.getByRole('link', { name: 'Jetzt Passwort ändern' })).toBeInTheDocument();
  first.unmount();
  renderBackoffice('/backoffice/stimmen/p-burst', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wähle zuerst ein eigenes Passwort.');
});
