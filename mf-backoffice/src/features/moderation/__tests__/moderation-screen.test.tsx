import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorParticipationDto } from '@erd/shared-contracts';
import { mockFetch, mockXhr, type FakeResponse } from '@erd/shared-contracts/testing';
import { page, picture, publishCall, QUEUE, rejectCall, signedIn, slogan, SPACE_DATA, spaceData } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';

type User = ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-1';
  mockFetch({ [SPACE_DATA]: { body: spaceData() } });
});

/** A queue on the fake server: publish and reject take entries out of it, as the real one does. */
function fakeQueue(initial: OperatorParticipationDto[], extra: Record<string, FakeResponse | ((url: URL) => FakeResponse)> = {}) {
  let items = [...initial];
  const remove = (id: string) => {
    items = items.filter((item) => item.id !== id);
  };
  const routes: Parameters<typeof mockXhr>[0] = {
    [QUEUE]: (url) => ({ body: page(items.slice(0, Number(url.searchParams.get('size') ?? 50)), items.length) }),
  };
  for (const item of initial) {
    routes[publishCall(item.id)] = () => {
      remove(item.id);
      return { body: { ...item, state: 'published', publishedAt: '2026-05-07T10:00:00.000Z' } };
    };
    routes[rejectCall(item.id)] = () => {
      remove(item.id);
      return { body: { id: item.id, rejected: true } };
    };
  }
  return mockXhr({ ...routes, ...extra });
}

const queueList = () => screen.getByRole('list', { name: 'Wartende Beiträge' });
const card = (club: RegExp | string) => within(queueList()).getByRole('article', { name: club });
const queueCalls = (xhr: ReturnType<typeof mockXhr>) => xhr.mock.calls.filter(([url]) => url.pathname === '/api/operator/participations');

async function openQueue() {
  renderBackoffice('/backoffice', signedIn);
  await screen.findByRole('list', { name: 'Wartende Beiträge' });
}

it('shows the waiting slogans and pictures with club, challenge and time; pictures large', async () => {
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
  expect(await within(sloganCard).findByText('Der beste Schlachtruf')).toBeInTheDocument();

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

it('publishes an entry with the anti-forgery header, reloads the list and moves the focus to the next entry', async () => {
  const user = userEvent.setup();
  const xhr = fakeQueue([slogan(), picture()]);
  await openQueue();
  await user.click(within(card('TSV Eching (Herren)')).getByRole('button', { name: /^Freigeben/ }));

  expect(await screen.findByText('Der Spruch von TSV Eching (Herren) ist freigegeben.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '1 Beitrag wartet auf Prüfung.' })).toBeInTheDocument());
  expect(screen.queryByRole('article', { name: 'TSV Eching (Herren)' })).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'SV Musterdorf (Damen)' })).toHaveFocus());

  const [, publish] = xhr.mock.calls.find(([url]) => url.pathname === '/api/operator/participations/p-slogan-1/publish')!;
  expect(publish.method).toBe('POST');
  expect(publish.headers['x-xsrf-token']).toBe('token-1');
  expect(publish.headers.authorization).toBeUndefined();
  expect(queueCalls(xhr)).toHaveLength(2);
});

it('after the last entry the empty state shows and gets the focus', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan()]);
  await openQueue();
  await user.click(screen.getByRole('button', { name: /^Freigeben/ }));
  const empty = await screen.findByRole('heading', { level: 2, name: 'Keine Beiträge warten auf Prüfung.' });
  await waitFor(() => expect(empty).toHaveFocus());
});

it('a failed publication says so next to the entry, which stays', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan(), picture()], { [publishCall('p-picture-1')]: { status: 500, body: { code: 'InternalError', message: 'x' } } });
  await openQueue();
  const pictureCard = card('SV Musterdorf (Damen)');
  const button = within(pictureCard).getByRole('button', { name: /^Freigeben/ });
  await user.click(button);
  const alert = await within(pictureCard).findByRole('alert');
  expect(alert).toHaveTextContent('Der Beitrag konnte nicht freigegeben werden. Bitte versuche es noch einmal.');
  expect(button).toHaveAccessibleDescription('Der Beitrag konnte nicht freigegeben werden. Bitte versuche es noch einmal.');
  expect(within(card('TSV Eching (Herren)')).queryByRole('alert')).not.toBeInTheDocument();
});

it('an entry another operator handled meanwhile (409) leaves the list with a notice', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan(), picture()], { [publishCall('p-slogan-1')]: { status: 409, body: { code: 'NotPending', message: 'x' } } });
  await openQueue();
  await user.click(within(card('TSV Eching (Herren)')).getByRole('button', { name: /^Freigeben/ }));
  expect(await screen.findByText('Dieser Beitrag wurde inzwischen schon bearbeitet. Die Liste ist neu geladen.')).toBeInTheDocument();
});

async function openRejectDialog(user: User, club: string) {
  await user.click(within(card(club)).getByRole('button', { name: /^Ablehnen/ }));
  return screen.getByRole('dialog', { name: 'Beitrag ablehnen' });
}

it('rejects an entry with a reason asked for in a dialog', async () => {
  const user = userEvent.setup();
  const xhr = fakeQueue([slogan(), picture()]);
  await openQueue();
  const dialog = await openRejectDialog(user, 'SV Musterdorf (Damen)');
  expect(dialog).toHaveAccessibleDescription('Das Bild von SV Musterdorf (Damen) wird gelöscht, mit seinen Stimmen. Der Verein kann danach neu teilnehmen.');
  const reason = within(dialog).getByLabelText('Grund der Ablehnung');
  expect(reason).toHaveFocus();

  // A reason is needed (3 to 500 characters).
  await user.type(reason, ' x ');
  await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
  expect(within(dialog).getByText('Bitte gib einen Grund an (3 bis 500 Zeichen).')).toBeInTheDocument();
  expect(reason).toHaveFocus();
  expect(xhr.mock.calls.some(([url]) => url.pathname.endsWith('/reject'))).toBe(false);

  await user.clear(reason);
  await user.type(reason, ' Zeigt eine Werbung ');
  await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
  expect(await screen.findByText('Das Bild von SV Musterdorf (Damen) ist abgelehnt und gelöscht.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const [, reject] = xhr.mock.calls.find(([url]) => url.pathname === '/api/operator/participations/p-picture-1/reject')!;
  expect(JSON.parse(reject.body!)).toEqual({ reason: 'Zeigt eine Werbung' });
  expect(reject.headers['x-xsrf-token']).toBe('token-1');
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
  expect(xhr.mock.calls.some(([url]) => url.pathname.endsWith('/reject'))).toBe(false);
});

it('a failed rejection says so in the dialog, which stays open', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan()], { [rejectCall('p-slogan-1')]: { status: 0 } });
  await openQueue();
  const dialog = await openRejectDialog(user, 'TSV Eching (Herren)');
  await user.type(within(dialog).getByLabelText('Grund der Ablehnung'), 'Beleidigend');
  await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Der Beitrag konnte nicht abgelehnt werden. Bitte versuche es noch einmal.');
  expect(within(dialog).getByLabelText('Grund der Ablehnung')).toHaveValue('Beleidigend');
});

it('a reason the server refuses is marked at the field', async () => {
  const user = userEvent.setup();
  fakeQueue([slogan()], { [rejectCall('p-slogan-1')]: { status: 400, body: { code: 'ValidationError', message: 'Gib einen Grund an (3 bis 500 Zeichen).' } } });
  await openQueue();
  const dialog = await openRejectDialog(user, 'TSV Eching (Herren)');
  await user.type(within(dialog).getByLabelText('Grund der Ablehnung'), 'abc\u0007');
  await user.click(within(dialog).getByRole('button', { name: 'Ablehnen' }));
  expect(await within(dialog).findByText('Bitte gib einen Grund an (3 bis 500 Zeichen).')).toBeInTheDocument();
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
  const many = Array.from({ length: 23 }, (_, i) => slogan({ id: `p-${i}`, club: { id: `club-${i}`, clubname: `Verein ${i}`, clubnumber: `${i}`, team: 'm' } }));
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
  const many = Array.from({ length: 205 }, (_, i) => slogan({ id: `p-${i}`, club: { id: `club-${i}`, clubname: `Verein ${i}`, clubnumber: `${i}`, team: 'm' } }));
  const xhr = mockXhr({ [QUEUE]: (url) => ({ body: page(many.slice(0, Math.min(200, Number(url.searchParams.get('size')))), many.length) }) });
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
  fakeQueue([slogan()], { [publishCall('p-slogan-1')]: { status: 401, body: { code: 'Unauthorized', message: 'x' } } });
  await openQueue();
  await user.click(screen.getByRole('button', { name: /^Freigeben/ }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Anmeldung' })).toBeInTheDocument();
  expect(screen.getByText('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/backoffice/anmeldung');
});
