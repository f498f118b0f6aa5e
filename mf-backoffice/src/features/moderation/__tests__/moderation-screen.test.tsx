import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorParticipationDto } from '@erd/shared-contracts';
import type { ModerationDecisionInput, ModerationDecisionItemDto, ModerationLookupDto } from '@erd/shared-contracts/backoffice';
import { mockFetch, mockXhr, type FakeResponse } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, OPERATOR_EMAIL, page, picture, QUEUE, signedIn, slogan, SPACE_DATA } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';

type User = ReturnType<typeof userEvent.setup>;
type Handler = FakeResponse | ((url: URL, init: { body?: string | null }) => FakeResponse);

const DECISIONS = 'POST /api/operator/moderation/decisions';
const lookupCall = (id: string) => `GET /api/operator/moderation/entries/${id}`;
const POINTS = [
  'Spricht keine Minderjährigen an',
  'Kein Alkohol im Straßenverkehr',
  'Keine Aussage über sportliche Leistung durch Alkohol',
  'Kein übermäßiger Konsum',
] as const;
const ALL_OK = { minors: true, traffic: true, performance: true, excess: true };

beforeEach(fakeBackofficePage);

/**
 * A queue on the fake server: decisions take pending entries out of it and answer per entry, as
 * the real one does (`taken`: ids another operator decided first).
 */
function fakeQueue(initial: OperatorParticipationDto[], extra: Record<string, Handler> = {}, taken: string[] = []) {
  let items = [...initial];
  const routes: Record<string, Handler> = {
    [QUEUE]: (url) => ({ body: page(items.slice(0, Number(url.searchParams.get('size') ?? 50)), items.length) }),
    [DECISIONS]: (_url, init) => {
      const input = JSON.parse(init.body!) as ModerationDecisionInput;
      const results: ModerationDecisionItemDto[] = input.ids.map((id) => {
        if (taken.includes(id)) return { id, outcome: 'already-decided', current: 'published' };
        if (!items.some((item) => item.id === id)) return { id, outcome: 'not-found' };
        items = items.filter((item) => item.id !== id);
        return { id, outcome: input.decision === 'publish' ? 'published' : 'rejected' };
      });
      items = items.filter((item) => !taken.includes(item.id));
      return {
        body: {
          decision: input.decision,
          items: results,
          done: results.filter((r) => r.outcome === 'published' || r.outcome === 'rejected').length,
        },
      };
    },
  };
  return mockXhr({ ...routes, ...extra } as Parameters<typeof mockXhr>[0]);
}

const queueList = () => screen.getByRole('list', { name: 'Wartende Beiträge' });
const card = (club: RegExp | string) => within(queueList()).getByRole('article', { name: club });
const queueCalls = (xhr: ReturnType<typeof mockXhr>) => xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/participations');
const decisionCalls = (xhr: ReturnType<typeof mockXhr>) =>
  xhr.mock.calls
    .filter(([url]) => url.pathname === '/api/operator/moderation/decisions')
    .map(([, init]) => JSON.parse(init.body!) as ModerationDecisionInput);

async function openQueue() {
  renderBackoffice('/backoffice', signedIn);
  await screen.findByRole('list', { name: 'Wartende Beiträge' });
}

async function tickAll(user: User, within_: HTMLElement) {
  for (const point of POINTS) await user.click(within(within_).getByRole('checkbox', { name: point }));
}

it('shows the waiting slogans and pictures with club, challenge and time; pictures large; the checklist beside each', async () => {
  const xhr = fakeQueue([slogan(), picture()]);
  await openQueue();
  expect(screen.getByRole('heading', { level: 1, name: 'Moderation' })).toBeInTheDocument();
  expect(document.title).toBe('Moderation – Backoffice – Punktejagd');
  expect(screen.getByRole('heading', { level: 2, name: '2 Beiträge warten auf Prüfung.' })).toBeInTheDocument();
  expect(queueCalls(xhr)[0]![0].searchParams.get('state')).toBe('pending');

  const sloganCard = card('TSV Eching (Herren)');
  expect(within(sloganCard).getByText('Auf geht’s, Eching!')).toBeInTheDocument();
  expect(within(sloganCard).getByText('Spruch')).toBeInTheDocument();
  expect(within(sloganCard).getByText('05.05.2026, 14:30 Uhr')).toBeInTheDocument();
  expect(within(sloganCard).getByText('10001')).toBeInTheDocument();
  expect(within(sloganCard).getByText('p-slogan-1')).toBeInTheDocument();
  expect(await within(sloganCard).findByText('Der beste Schlachtruf')).toBeInTheDocument();
  const checklist = within(sloganCard).getByRole('group', { name: 'Werberat-Checkliste' });
  for (const point of POINTS) expect(within(checklist).getByRole('checkbox', { name: point })).not.toBeChecked();
  expect(within(sloganCard).getByRole('checkbox', { name: 'Auswählen – der Spruch von TSV Eching (Herren)' })).not.toBeChecked();

  const pictureCard = card('SV Musterdorf (Damen)');
  const img = within(pictureCard).getByRole('img', { name: 'Bild von SV Musterdorf (Damen)' });
  expect(img).toHaveAttribute('src', 'http://localhost/media/uploads/abc-w1024.webp');
  expect(within(pictureCard).getByRole('link', { name: 'Bild in voller Größe öffnen (neuer Tab)' })).toHaveAttribute(
    'href',
    'http://localhost/media/uploads/abc.jpg',
  );
  expect(within(pictureCard).getByText('Schönster Jubel')).toBeInTheDocument();
  expect(within(pictureCard).getByText('06.05.2026, 10:05 Uhr')).toBeInTheDocument();
  // Each button says which entry it acts on.
  expect(within(pictureCard).getByRole('button', { name: 'Freigeben – das Bild von SV Musterdorf (Damen)' })).toBeInTheDocument();
  expect(within(pictureCard).getByRole('button', { name: 'Ablehnen – das Bild von SV Musterdorf (Damen)' })).toBeInTheDocument();
});

it('shows slogans as text, never as markup', async () => {
  fakeQueue([slogan({ slogan: '<b>Fett</b> & <script>alert(1)</script>' })]);
  await openQueue();
  expect(within(card('TSV Eching (Herren)')).getByText('<b>Fett</b> & <script>alert(1)</script>')).toBeInTheDocument();
});

it('names the challenge by its id when the season data cannot be loaded', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  mockFetch({ [SPACE_DATA]: { status: 503, body: {} } });
  fakeQueue([slogan({ challengeId: 'challenge-unbekannt' })]);
  await openQueue();
  expect(within(card('TSV Eching (Herren)')).getByText('challenge-unbekannt')).toBeInTheDocument();
});

it("says 'Keine Beiträge warten auf Prüfung.' when the queue is empty", async () => {
  fakeQueue([]);
  renderBackoffice('/backoffice', signedIn);
  expect(await screen.findByRole('heading', { level: 2, name: 'Keine Beiträge warten auf Prüfung.' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: 'Wartende Beiträge' })).not.toBeInTheDocument();
});

it('publishing needs the whole checklist: refused at the checklist with the focus on the first open point, nothing sent', async () => {
  const user = userEvent.setup();
  const xhr = fakeQueue([slogan()]);
  await openQueue();
  const sloganCard = card('TSV Eching (Herren)');
  await user.click(within(sloganCard).getByRole('checkbox', { name: POINTS[0] }));
  await user.click(within(sloganCard).getByRole('button', { name: /^Freigeben/ }));
  expect(within(sloganCard).getByRole('alert')).toHaveTextContent('Bitte bestätige alle vier Punkte der Checkliste, bevor du freigibst.');
  expect(within(sloganCard).getByRole('checkbox', { name: POINTS[1] })).toHaveFocus();
  expect(within(sloganCard).getByRole('group', { name: 'Werberat-Checkliste' })).toHaveAccessibleDescription(
    'Bitte bestätige alle vier Punkte der Checkliste, bevor du freigibst.',
  );
  expect(decisionCalls(xhr)).toEqual([]);
  // Ticking the rest clears the message.
  for (const point of POINTS.slice(1)) await user.click(within(sloganCard).getByRole('checkbox', { name: point }));
  expect(within(sloganCard).queryByRole('alert')).not.toBeInTheDocument();
});

it('publishes an entry with its checklist and the anti-forgery header, reloads the list and moves the focus to the next entry', async () => {
  const user = userEvent.setup();
  const xhr = fakeQueue([slogan(), picture()]);
  await openQueue();
  await tickAll(user, card('TSV Eching (Herren)'));
  await user.click(within(card('TSV Eching (Herren)')).getByRole('button', { name: /^Freigeben/ }));

  expect(await screen.findByText('Der Spruch von TSV Eching (Herren) ist freigegeben.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '1 Beitrag wartet auf Prüfung.' })).toBeInTheDocument());
  expect(screen.queryByRole('article', { name: 'TSV Eching (Herren)' })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'SV Musterdorf (Damen)' })).toHaveFocus());

  expect(decisionCalls(xhr)).toEqual([{ decision: 'publish', ids: ['p-slogan-1'], checklist: ALL_OK }]);
  const [, call] = xhr.mock.calls.find(([url]) => url.pathname === '/api/operator/moderation/decisions')!;
  expect(call.method).toBe('POST');
  expect(call.headers['x-xsrf-token']).toBe('token-1');
  expect(call.headers.authorization).toBeUndefined();
  expect(queueCalls(xhr)).toHaveLength(2);
  // The next entry's checklist starts empty.
  expect(within(card('SV Musterdorf (Damen)')).getByRole('checkbox', { name: POINTS[0] })).not.toBeChecked();
});

it('after the last entry the empty state shows and gets the focus', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan()]);
  await openQueue();
  await tickAll(user, card('TSV Eching (Herren)'));
  await user.click(screen.getByRole('button', { name: /^Freigeben/ }));
  const empty = await screen.findByRole('heading', { level: 2, name: 'Keine Beiträge warten auf Prüfung.' });
  await waitFor(() => expect(empty).toHaveFocus());
});

it('a failed publication says so next to the entry, which stays', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan(), picture()], { [DECISIONS]: { status: 500, body: { code: 'InternalError', message: 'x' } } });
  await openQueue();
  const pictureCard = card('SV Musterdorf (Damen)');
  await tickAll(user, pictureCard);
  const button = within(pictureCard).getByRole('button', { name: /^Freigeben/ });
  await user.click(button);
  const alert = await within(pictureCard).findByRole('alert');
  expect(alert).toHaveTextContent('Der Beitrag konnte nicht freigegeben werden. Bitte versuche es noch einmal.');
  expect(button).toHaveAccessibleDescription('Der Beitrag konnte nicht freigegeben werden. Bitte versuche es noch einmal.');
  expect(within(card('TSV Eching (Herren)')).queryByRole('alert')).not.toBeInTheDocument();
});

it('an entry another operator decided first leaves the list with a notice', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan(), picture()], {}, ['p-slogan-1']);
  await openQueue();
  await tickAll(user, card('TSV Eching (Herren)'));
  await user.click(within(card('TSV Eching (Herren)')).getByRole('button', { name: /^Freigeben/ }));
  expect(await screen.findByText('Dieser Beitrag wurde inzwischen schon bearbeitet. Die Liste ist neu geladen.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('article', { name: 'TSV Eching (Herren)' })).not.toBeInTheDocument());
});

async function openRejectDialog(user: User, club: string) {
  await user.click(within(card(club)).getByRole('button', { name: /^Ablehnen/ }));
  return screen.getByRole('dialog', { name: 'Beitrag ablehnen' });
}

it('rejects an entry with a reason and the checklist (as ticked beside it) asked for in a dialog', async () => {
  const user = userEvent.setup();
  const xhr = fakeQueue([slogan(), picture()]);
  await openQueue();
  // Three points fine; the picture shows a car: 'Kein Alkohol im Straßenverkehr' stays open.
  for (const point of [POINTS[0], POINTS[2], POINTS[3]])
    await user.click(within(card('SV Musterdorf (Damen)')).getByRole('checkbox', { name: point }));
  const dialog = await openRejectDialog(user, 'SV Musterdorf (Damen)');
  expect(dialog).toHaveAccessibleDescription(
    'Das Bild von SV Musterdorf (Damen) wird gelöscht, mit seinen Stimmen. Der Verein kann danach neu teilnehmen.',
  );
  const reason = within(dialog).getByLabelText('Grund der Ablehnung');
  expect(reason).toHaveFocus();
  const checklist = within(dialog).getByRole('group', { name: 'Werberat-Checkliste (nicht angehakt = Regel verletzt)' });
  expect(within(checklist).getByRole('checkbox', { name: POINTS[1] })).not.toBeChecked();
  expect(within(checklist).getByRole('checkbox', { name: POINTS[0] })).toBeChecked();

  // A reason is needed (3 to 500 characters).
  await user.type(reason, ' x ');
  await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
  expect(within(dialog).getByText('Bitte gib einen Grund an (3 bis 500 Zeichen).')).toBeInTheDocument();
  expect(reason).toHaveFocus();
  expect(decisionCalls(xhr)).toEqual([]);

  await user.clear(reason);
  await user.type(reason, ' Bierflasche am Steuer ');
  await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
  expect(await screen.findByText('Das Bild von SV Musterdorf (Damen) ist abgelehnt und gelöscht.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(decisionCalls(xhr)).toEqual([
    { decision: 'reject', ids: ['p-picture-1'], checklist: { ...ALL_OK, traffic: false }, reason: 'Bierflasche am Steuer' },
  ]);
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '1 Beitrag wartet auf Prüfung.' })).toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'TSV Eching (Herren)' })).toHaveFocus());
});

it('the dialog keeps the focus inside; Escape and "Abbrechen" close it without changes and give the focus back', async () => {
  const user = userEvent.setup();
  const xhr = fakeQueue([slogan()]);
  await openQueue();
  const opener = within(card('TSV Eching (Herren)')).getByRole('button', { name: /^Ablehnen/ });
  let dialog = await openRejectDialog(user, 'TSV Eching (Herren)');
  const reason = within(dialog).getByLabelText('Grund der Ablehnung');
  for (const point of POINTS) {
    await user.tab();
    expect(within(dialog).getByRole('checkbox', { name: point })).toHaveFocus();
  }
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
  await user.tab();
  expect(within(dialog).getByRole('button', { name: 'Ablehnen' })).toHaveFocus();
  await user.tab();
  expect(reason).toHaveFocus();
  await user.tab({ shift: true });
  expect(within(dialog).getByRole('button', { name: 'Ablehnen' })).toHaveFocus();

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();

  dialog = await openRejectDialog(user, 'TSV Eching (Herren)');
  await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
  expect(decisionCalls(xhr)).toEqual([]);
});

it('a failed rejection says so in the dialog, which stays open', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan()], { [DECISIONS]: { status: 0 } });
  await openQueue();
  const dialog = await openRejectDialog(user, 'TSV Eching (Herren)');
  await user.type(within(dialog).getByLabelText('Grund der Ablehnung'), 'Beleidigend');
  await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Der Beitrag konnte nicht abgelehnt werden. Bitte versuche es noch einmal.',
  );
  expect(within(dialog).getByLabelText('Grund der Ablehnung')).toHaveValue('Beleidigend');
});

it('a reason the server refuses is marked at the field', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan()], { [DECISIONS]: { status: 400, body: { code: 'ValidationError', field: 'body.reason', message: 'x' } } });
  await openQueue();
  const dialog = await openRejectDialog(user, 'TSV Eching (Herren)');
  await user.type(within(dialog).getByLabelText('Grund der Ablehnung'), 'abc\u0007');
  await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
  expect(await within(dialog).findByText('Bitte gib einen Grund an (3 bis 500 Zeichen).')).toBeInTheDocument();
});

describe('several at once', () => {
  it("'Ausgewählte freigeben': one checklist for all; the outcome per entry, honestly", async () => {
    const user = userEvent.setup();
    const third = slogan({ id: 'p-slogan-3', club: { id: 'club-3', clubname: 'FC Dritte', clubnumber: '30003', team: 'm' } });
    const xhr = fakeQueue([slogan(), picture(), third], {}, ['p-picture-1']);
    await openQueue();
    const publishMany = screen.getByRole('button', { name: 'Ausgewählte freigeben' });
    expect(publishMany).toBeDisabled();
    expect(screen.getByText('Nichts ausgewählt')).toBeInTheDocument();
    await user.click(within(card('TSV Eching (Herren)')).getByRole('checkbox', { name: /^Auswählen/ }));
    await user.click(within(card('SV Musterdorf (Damen)')).getByRole('checkbox', { name: /^Auswählen/ }));
    expect(screen.getByText('2 Beiträge ausgewählt')).toBeInTheDocument();
    await user.click(publishMany);
    const dialog = screen.getByRole('dialog', { name: '2 Beiträge freigeben' });
    expect(within(dialog).getByRole('checkbox', { name: POINTS[0] })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(within(dialog).getByText('Bitte bestätige alle vier Punkte der Checkliste, bevor du freigibst.')).toBeInTheDocument();
    expect(decisionCalls(xhr)).toEqual([]);
    await tickAll(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(
      await screen.findByText('1 Beitrag ist freigegeben. 1 Beitrag war schon von jemand anderem bearbeitet. Die Liste ist neu geladen.'),
    ).toBeInTheDocument();
    expect(decisionCalls(xhr)).toEqual([{ decision: 'publish', ids: ['p-slogan-1', 'p-picture-1'], checklist: ALL_OK }]);
    await waitFor(() => expect(within(queueList()).getAllByRole('article')).toHaveLength(1));
    expect(card('FC Dritte (Herren)')).toBeInTheDocument();
    expect(screen.getByText('Nichts ausgewählt')).toBeInTheDocument();
  });

  it("'Alle angezeigten auswählen' and 'Ausgewählte ablehnen': one reason and checklist for all", async () => {
    const user = userEvent.setup();
    const xhr = fakeQueue([slogan(), picture()]);
    await openQueue();
    await user.click(screen.getByRole('checkbox', { name: 'Alle angezeigten auswählen' }));
    expect(screen.getByText('2 Beiträge ausgewählt')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ausgewählte ablehnen' }));
    const dialog = screen.getByRole('dialog', { name: '2 Beiträge ablehnen' });
    await user.type(within(dialog).getByLabelText('Grund der Ablehnung'), 'Kampftrinken');
    for (const point of POINTS.slice(0, 3)) await user.click(within(dialog).getByRole('checkbox', { name: point }));
    await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByText('2 Beiträge sind abgelehnt und gelöscht.')).toBeInTheDocument();
    expect(decisionCalls(xhr)).toEqual([
      { decision: 'reject', ids: ['p-slogan-1', 'p-picture-1'], checklist: { ...ALL_OK, excess: false }, reason: 'Kampftrinken' },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Keine Beiträge warten auf Prüfung.' })).toBeInTheDocument();
  });
});

describe('keyboard shortcuts', () => {
  it('are listed on the screen and announced on the current entry’s controls', async () => {
    fakeQueue([slogan(), picture()]);
    await openQueue();
    const help = screen.getByRole('region', { name: 'Tastenkürzel' });
    for (const text of [
      'Nächster Beitrag',
      'Vorheriger Beitrag',
      'Beitrag auswählen oder abwählen',
      'Freigeben (alle vier Punkte der Checkliste bestätigt)',
      'Ablehnen (öffnet den Dialog für den Grund)',
    ])
      expect(within(help).getByText(text)).toBeInTheDocument();
    const first = card('TSV Eching (Herren)');
    expect(within(first).getByRole('button', { name: /^Freigeben/ })).toHaveAttribute('aria-keyshortcuts', 'f');
    expect(within(first).getByRole('button', { name: /^Ablehnen/ })).toHaveAttribute('aria-keyshortcuts', 'a');
    expect(within(first).getByRole('checkbox', { name: /^Auswählen/ })).toHaveAttribute('aria-keyshortcuts', 'x');
    expect(within(first).getByRole('checkbox', { name: POINTS[2] })).toHaveAttribute('aria-keyshortcuts', '3');
    // Only the current entry's controls carry them.
    expect(within(card('SV Musterdorf (Damen)')).getByRole('button', { name: /^Freigeben/ })).not.toHaveAttribute('aria-keyshortcuts');
  });

  it('j/k move between entries, 1–4 tick, x selects, f publishes, a opens the rejection', async () => {
    const user = userEvent.setup();
    const xhr = fakeQueue([slogan(), picture()]);
    await openQueue();
    await user.keyboard('j');
    expect(screen.getByRole('heading', { level: 3, name: 'TSV Eching (Herren)' })).toHaveFocus();
    await user.keyboard('j');
    expect(screen.getByRole('heading', { level: 3, name: 'SV Musterdorf (Damen)' })).toHaveFocus();
    expect(card('SV Musterdorf (Damen)')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('j');
    expect(screen.getByRole('heading', { level: 3, name: 'SV Musterdorf (Damen)' })).toHaveFocus();
    await user.keyboard('k');
    expect(screen.getByRole('heading', { level: 3, name: 'TSV Eching (Herren)' })).toHaveFocus();

    // f with an incomplete checklist: refused at the checklist.
    await user.keyboard('f');
    expect(within(card('TSV Eching (Herren)')).getByRole('alert')).toHaveTextContent('Bitte bestätige alle vier Punkte');
    await user.keyboard('1234');
    for (const point of POINTS) expect(within(card('TSV Eching (Herren)')).getByRole('checkbox', { name: point })).toBeChecked();
    await user.keyboard('x');
    expect(within(card('TSV Eching (Herren)')).getByRole('checkbox', { name: /^Auswählen/ })).toBeChecked();
    await user.keyboard('x');
    expect(within(card('TSV Eching (Herren)')).getByRole('checkbox', { name: /^Auswählen/ })).not.toBeChecked();
    await user.keyboard('f');
    expect(await screen.findByText('Der Spruch von TSV Eching (Herren) ist freigegeben.')).toBeInTheDocument();
    expect(decisionCalls(xhr)).toEqual([{ decision: 'publish', ids: ['p-slogan-1'], checklist: ALL_OK }]);
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'SV Musterdorf (Damen)' })).toHaveFocus());

    await user.keyboard('a');
    const dialog = screen.getByRole('dialog', { name: 'Beitrag ablehnen' });
    // In the dialog the keys are text, never shortcuts.
    await user.keyboard('jkfax');
    expect(within(dialog).getByLabelText('Grund der Ablehnung')).toHaveValue('jkfax');
    expect(decisionCalls(xhr)).toHaveLength(1);
  });

  it('never fire while typing in a field or with a dialog open', async () => {
    const user = userEvent.setup();
    const xhr = fakeQueue([slogan(), picture()]);
    await openQueue();
    await user.click(screen.getByLabelText('Beitrags-ID'));
    await user.keyboard('jx1f');
    expect(screen.getByLabelText('Beitrags-ID')).toHaveValue('jx1f');
    expect(within(card('TSV Eching (Herren)')).getByRole('checkbox', { name: POINTS[0] })).not.toBeChecked();
    expect(within(card('TSV Eching (Herren)')).getByRole('checkbox', { name: /^Auswählen/ })).not.toBeChecked();

    await user.click(within(card('SV Musterdorf (Damen)')).getByRole('button', { name: /^Ablehnen/ }));
    screen.getByRole('dialog', { name: 'Beitrag ablehnen' });
    await user.click(within(screen.getByRole('dialog')).getByRole('checkbox', { name: POINTS[0] }));
    await user.keyboard('fj2');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(decisionCalls(xhr)).toEqual([]);
    expect(within(card('SV Musterdorf (Damen)')).getByRole('checkbox', { name: POINTS[1] })).not.toBeChecked();
  });
});

describe("'Beitrag nachschlagen'", () => {
  const rejected: ModerationLookupDto = {
    id: 'p-gemeldet',
    state: 'rejected',
    entry: slogan({ id: 'p-gemeldet', slogan: 'Ein Kasten für jeden Sieg' }),
    history: [
      { id: 1, at: '2026-05-07T08:00:00.000Z', action: 'publish', actor: 'anna@punktejagd.example', reason: null, checklist: ALL_OK },
      {
        id: 2,
        at: '2026-05-08T09:30:00.000Z',
        action: 'reject',
        actor: 'bernd@punktejagd.example',
        reason: 'Nach Meldung: Kampftrinken',
        checklist: { ...ALL_OK, excess: false },
      },
    ],
  };

  it('finds an entry by the id of a report (or its link) and shows its history with the checklist', async () => {
    const user = userEvent.setup();
    const xhr = fakeQueue([], { [lookupCall('p-gemeldet')]: { body: rejected } });
    renderBackoffice('/backoffice', signedIn);
    const field = await screen.findByLabelText('Beitrags-ID');
    await user.type(field, 'https://punktejagd.example/challenge/challenge-spruch/p-gemeldet');
    await user.click(screen.getByRole('button', { name: 'Nachschlagen' }));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Beitrag p-gemeldet: Abgelehnt (gelöscht)' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(xhr.mock.calls.some(([url]) => url.pathname === '/api/operator/moderation/entries/p-gemeldet')).toBe(true);
    expect(screen.getByText('Ein Kasten für jeden Sieg')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Entscheidungen zu Beitrag p-gemeldet, älteste zuerst' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Freigegeben')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Abgelehnt')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('bernd@punktejagd.example')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Nach Meldung: Kampftrinken')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('08.05.2026, 11:30 Uhr')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Kein übermäßiger Konsum: nicht erfüllt')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Spricht keine Minderjährigen an: bestätigt')).toBeInTheDocument();
  });

  it("takes the line of the e-mail as it is ('Beitrags-ID: …'); a rejected picture is not shown (its files are gone)", async () => {
    const user = userEvent.setup();
    const gone: ModerationLookupDto = { ...rejected, id: 'p-bild', entry: picture({ id: 'p-bild' }), history: [rejected.history[1]!] };
    const xhr = fakeQueue([], { [lookupCall('p-bild')]: { body: gone } });
    renderBackoffice('/backoffice', signedIn);
    await user.type(await screen.findByLabelText('Beitrags-ID'), 'Beitrags-ID: p-bild');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 3, name: 'Beitrag p-bild: Abgelehnt (gelöscht)' })).toBeInTheDocument();
    expect(xhr.mock.calls.some(([url]) => url.pathname === '/api/operator/moderation/entries/p-bild')).toBe(true);
    expect(screen.getByText('Das Bild wurde mit der Ablehnung gelöscht.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('a published entry named in a report is withdrawn with a reason and the checklist; the lookup shows it gone', async () => {
    const user = userEvent.setup();
    const entry = slogan({ id: 'p-oeffentlich', slogan: 'Bier macht schneller', state: 'published' });
    const publishedHistory = [
      { id: 1, at: '2026-05-07T08:00:00.000Z', action: 'publish', actor: 'anna@punktejagd.example', reason: null, checklist: ALL_OK },
    ];
    let state: ModerationLookupDto = { id: 'p-oeffentlich', state: 'published', entry, history: publishedHistory };
    const xhr = fakeQueue([], {
      [lookupCall('p-oeffentlich')]: () => ({ body: state }),
      [DECISIONS]: (_url, init) => {
        const input = JSON.parse(init.body!) as ModerationDecisionInput;
        state = {
          ...state,
          state: 'rejected',
          history: [
            ...publishedHistory,
            {
              id: 2,
              at: '2026-05-08T09:30:00.000Z',
              action: 'reject',
              actor: OPERATOR_EMAIL,
              reason: input.reason!,
              checklist: input.checklist,
            },
          ],
        };
        return { body: { decision: 'withdraw', items: [{ id: 'p-oeffentlich', outcome: 'withdrawn' }], done: 1 } };
      },
    });
    renderBackoffice('/backoffice', signedIn);
    await user.type(await screen.findByLabelText('Beitrags-ID'), 'p-oeffentlich');
    await user.click(screen.getByRole('button', { name: 'Nachschlagen' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Beitrag p-oeffentlich: Freigegeben (öffentlich)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Beitrag zurückziehen' }));
    const dialog = screen.getByRole('dialog', { name: 'Beitrag zurückziehen' });
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
    expect(within(dialog).getByLabelText('Grund für das Zurückziehen')).toHaveAccessibleDescription(
      expect.stringContaining('Bitte gib einen Grund an'),
    );
    expect(decisionCalls(xhr)).toEqual([]);
    for (const point of POINTS.slice(0, 3)) await user.click(within(dialog).getByRole('checkbox', { name: point }));
    await user.type(within(dialog).getByLabelText('Grund für das Zurückziehen'), 'Gemeldet: verharmlost Rausch');
    await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));

    expect(await screen.findByText('Der Beitrag ist zurückgezogen und gelöscht.')).toBeInTheDocument();
    expect(decisionCalls(xhr)).toEqual([
      { decision: 'withdraw', ids: ['p-oeffentlich'], checklist: { ...ALL_OK, excess: false }, reason: 'Gemeldet: verharmlost Rausch' },
    ]);
    expect(await screen.findByRole('heading', { level: 3, name: 'Beitrag p-oeffentlich: Abgelehnt (gelöscht)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Beitrag zurückziehen' })).not.toBeInTheDocument();
  });

  it('an unknown id, or none, gets a German message at the field', async () => {
    const user = userEvent.setup();
    fakeQueue([], { [lookupCall('p-gibtsnicht')]: { status: 404, body: { code: 'NotFound', message: 'x' } } });
    renderBackoffice('/backoffice', signedIn);
    const field = await screen.findByLabelText('Beitrags-ID');
    await user.click(screen.getByRole('button', { name: 'Nachschlagen' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Bitte gib eine Beitrags-ID ein.'));
    expect(field).toHaveFocus();
    await user.type(field, ' p-gibtsnicht ');
    await user.click(screen.getByRole('button', { name: 'Nachschlagen' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('Zu dieser ID gibt es keinen Beitrag und keinen Eintrag im Protokoll.'),
      ),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

it('a list that cannot be loaded says so and loads again on request', async () => {
  const user = userEvent.setup();
  let calls = 0;
  mockXhr({ [QUEUE]: () => (++calls === 1 ? { status: 503, body: {} } : { body: page([slogan()]) }) });
  renderBackoffice('/backoffice', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Beiträge konnten gerade nicht geladen werden.');
  await user.click(screen.getByRole('button', { name: 'Erneut laden' }));
  expect(await screen.findByRole('article', { name: 'TSV Eching (Herren)' })).toBeInTheDocument();
});

it("'Aktualisieren' loads the list again; 'Weitere Beiträge laden' shows more", async () => {
  const user = userEvent.setup();
  const many = Array.from({ length: 23 }, (_, i) =>
    slogan({ id: `p-${i}`, club: { id: `club-${i}`, clubname: `Verein ${i}`, clubnumber: `${i}`, team: 'm' } }),
  );
  const xhr = fakeQueue(many);
  await openQueue();
  expect(within(queueList()).getAllByRole('article')).toHaveLength(20);
  expect(screen.getByRole('heading', { level: 2, name: '23 Beiträge warten auf Prüfung.' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Weitere Beiträge laden' }));
  await waitFor(() => expect(within(queueList()).getAllByRole('article')).toHaveLength(23));
  expect(queueCalls(xhr).at(-1)![0].searchParams.get('size')).toBe('40');
  expect(screen.queryByRole('button', { name: 'Weitere Beiträge laden' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Aktualisieren' }));
  await waitFor(() => expect(queueCalls(xhr)).toHaveLength(3));
});

it('shows at most the oldest 200 (what the server answers at once) and says so', async () => {
  const user = userEvent.setup();
  const many = Array.from({ length: 205 }, (_, i) =>
    slogan({ id: `p-${i}`, club: { id: `club-${i}`, clubname: `Verein ${i}`, clubnumber: `${i}`, team: 'm' } }),
  );
  const xhr = mockXhr({
    [QUEUE]: (url) => ({ body: page(many.slice(0, Math.min(200, Number(url.searchParams.get('size')))), many.length) }),
  });
  const { container } = renderBackoffice('/backoffice', signedIn);
  await screen.findByRole('list', { name: 'Wartende Beiträge' });
  // Text and element queries: role queries over 200 cards are slow in jsdom.
  const cards = () => container.querySelectorAll('article').length;
  for (let shown = 20; shown < 200; shown += 20) {
    await user.click(screen.getByText('Weitere Beiträge laden'));
    await waitFor(() => expect(cards()).toBe(shown + 20));
  }
  expect(queueCalls(xhr).at(-1)![0].searchParams.get('size')).toBe('200');
  expect(screen.queryByText('Weitere Beiträge laden')).not.toBeInTheDocument();
  expect(screen.getByText('Die ältesten 200 werden angezeigt; bearbeitete machen Platz für die nächsten.')).toBeInTheDocument();
});

it('an ended session (401) leads to the sign-in with a note', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan()], { [DECISIONS]: { status: 401, body: { code: 'Unauthorized', message: 'x' } } });
  await openQueue();
  await tickAll(user, card('TSV Eching (Herren)'));
  await user.click(screen.getByRole('button', { name: /^Freigeben/ }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung' })).toBeInTheDocument();
  expect(screen.getByText('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/backoffice/anmeldung');
});
