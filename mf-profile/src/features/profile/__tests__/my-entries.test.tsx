import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr, loggedInSession, renderWithProviders } from '@erd/shared-contracts/testing';
import ProfileApp from '../../../exposes/profile-app';
import { me, ME_PATH, MY_ENTRIES_GET, myEntry, noEntries } from '../../../testing/fixtures';

/**
 * 'Meine Teilnahmen' on the profile (issue 24): each entry with its challenge, what was sent, its
 * state, votes, place and points, the link to a published entry and its share kit (loaded when
 * opened); the empty state with the way to the challenges; loading and errors in German.
 */

const renderProfile = () => renderWithProviders(<ProfileApp screen="profile" />, { route: '/profil', session: loggedInSession });
const section = () => screen.getByRole('region', { name: 'Meine Teilnahmen' });
const item = (headline: string) => screen.getByRole('article', { name: headline });
/** The list is a lazy chunk: its first import in a test file can take longer than findBy's second on a busy machine. */
const LIST_LOADED = { timeout: 10_000 };

const entries = [
  myEntry({
    challenge: { ended: true, resultsPublished: true },
    votes: 1234,
    result: { place: 3, points: 8, rightAnswer: null },
  }),
  myEntry({
    challenge: { id: 'challenge-bild', number: 2, headline: 'Schönster Jubel', type: 'bfv-erd-picture-vote', submissionOpen: true },
    participationId: 'p-bild',
    state: 'pending',
    slogan: null,
    picture: '/media/uploads/k.w320.webp',
    votes: null,
  }),
  myEntry({
    challenge: { id: 'challenge-schaetzen', number: 3, headline: 'Wie viele Zuschauer?', type: 'bfv-erd-estimate', submissionOpen: true },
    participationId: 'p-schaetzen',
    slogan: null,
    estimate: 4500,
    votes: null,
  }),
  myEntry({
    challenge: { id: 'challenge-tore', number: 4, headline: 'Torjäger', type: 'bfv-erd-goals', ended: true, resultsDate: '2026-05-09' },
    participationId: 'p-tore',
    slogan: null,
    estimate: 37,
    votes: null,
  }),
  myEntry({
    challenge: { id: 'challenge-spruch-2', number: 5, headline: 'Schlachtruf', submissionOpen: true },
    participationId: null,
    state: 'rejected',
    rejectionReason: 'Enthält eine Beleidigung',
    slogan: 'Zu frech',
    votes: null,
  }),
];

it('lists every entry with its challenge, what was sent, its state, votes, place and points', async () => {
  const xhr = mockXhr({ [ME_PATH]: { body: me() }, [MY_ENTRIES_GET]: { body: { yearId: 'year-2026', entries } } });
  renderProfile();
  await screen.findByRole('article', { name: 'Dein Vereinsspruch' }, LIST_LOADED);
  expect(xhr.mock.calls.find(([url]) => url.pathname === '/api/me/participations')![1].headers.authorization).toBe('Bearer access');
  // The season's order, each under its #n.
  expect(
    within(section())
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(['Dein Vereinsspruch', 'Schönster Jubel', 'Wie viele Zuschauer?', 'Torjäger', 'Schlachtruf']);

  const published = item('Dein Vereinsspruch');
  expect(published).toHaveTextContent('Challenge #1: Spruch');
  expect(published).toHaveTextContent('Status: Veröffentlicht');
  expect(published).toHaveTextContent('„Wir sind der Verein!“');
  expect(published).toHaveTextContent('1.234 Stimmen');
  expect(published).toHaveTextContent('Platz 3 · 8 Punkte');
  expect(within(published).getByRole('link', { name: 'Zum Beitrag: Dein Vereinsspruch' })).toHaveAttribute(
    'href',
    '/challenge/challenge-spruch/p-spruch',
  );

  const pending = item('Schönster Jubel');
  expect(pending).toHaveTextContent('Status: Wird geprüft');
  expect(within(pending).getByRole('img', { name: 'Euer Bild zu „Schönster Jubel“' })).toHaveAttribute(
    'src',
    'http://localhost/media/uploads/k.w320.webp',
  );
  expect(pending).toHaveTextContent('Wird in Kürze freigeschaltet');
  expect(within(pending).queryByRole('link', { name: /Zum Beitrag/ })).not.toBeInTheDocument();
  expect(within(pending).queryByRole('button', { name: /Teile/ })).not.toBeInTheDocument();

  const estimate = item('Wie viele Zuschauer?');
  expect(estimate).toHaveTextContent('Deine Schätzung: 4.500');
  expect(estimate).toHaveTextContent('Status: Gespeichert');
  expect(estimate).toHaveTextContent('Änderbar bis zum Ende der Challenge.');
  expect(estimate).not.toHaveTextContent('Stimme');
  expect(within(estimate).getByRole('link', { name: 'Ändern: Wie viele Zuschauer?' })).toHaveAttribute('href', '/challenge');

  const goals = item('Torjäger');
  expect(goals).toHaveTextContent('Eure Tore: 37');
  expect(goals).toHaveTextContent('Ergebnisse ab 9.5.');
  expect(goals).not.toHaveTextContent('Änderbar');

  const rejected = item('Schlachtruf');
  expect(rejected).toHaveTextContent('Status: Nicht freigegeben: Enthält eine Beleidigung');
  expect(rejected).toHaveTextContent('„Zu frech“');
  expect(within(rejected).getByRole('link', { name: 'Neu einreichen: Schlachtruf' })).toHaveAttribute('href', '/challenge');
  expect(within(rejected).queryByRole('link', { name: /Zum Beitrag/ })).not.toBeInTheDocument();
});

it('opens the share kit of a published entry on demand: the WhatsApp text with its link, the story and the poster', async () => {
  const user = userEvent.setup();
  mockXhr({ [ME_PATH]: { body: me() }, [MY_ENTRIES_GET]: { body: { yearId: 'year-2026', entries: [entries[0]] } } });
  renderProfile();
  const published = await screen.findByRole('article', { name: 'Dein Vereinsspruch' }, LIST_LOADED);
  expect(screen.queryByLabelText('Text für WhatsApp')).not.toBeInTheDocument();
  const share = within(published).getByRole('button', { name: 'Teile deinen Beitrag: Dein Vereinsspruch' });
  expect(share).toHaveAttribute('aria-expanded', 'false');
  await user.click(share);
  const text = await within(published).findByLabelText('Text für WhatsApp');
  expect(share).toHaveAttribute('aria-expanded', 'true');
  expect(text).toHaveValue(
    // Voting is over: the entry is shown off rather than voted for.
    'Schau dir unseren Spruch bei der Punktejagd an! Dein Vereinsspruch: http://localhost/challenge/challenge-spruch/p-spruch?via=whatsapp',
  );
  expect(within(published).getByRole('link', { name: 'Story-Bild herunterladen' })).toHaveAttribute(
    'href',
    '/share/story/challenge-spruch/p-spruch.png',
  );
  expect(within(published).getByRole('link', { name: 'Plakat (PDF) herunterladen' })).toHaveAttribute(
    'href',
    '/share/poster/challenge-spruch/p-spruch.pdf',
  );
  expect(within(published).getByRole('button', { name: 'Teilen' })).toBeInTheDocument();
  await user.click(share);
  expect(within(published).queryByLabelText('Text für WhatsApp')).not.toBeInTheDocument();
});

it('without entries: the empty state leads to the challenges', async () => {
  mockXhr({ [ME_PATH]: { body: me() }, [MY_ENTRIES_GET]: { body: noEntries } });
  renderProfile();
  const link = await screen.findByRole('link', { name: 'zu den Challenges' });
  expect(link).toHaveAttribute('href', '/challenge');
  expect(link.parentElement).toHaveTextContent('Noch keine Teilnahmen – zu den Challenges');
  expect(within(section()).queryByRole('list')).not.toBeInTheDocument();
});

it('shows that it loads, and when loading fails offers to load again; the form stays usable', async () => {
  const user = userEvent.setup();
  let fail = true;
  mockXhr({
    [ME_PATH]: { body: me() },
    [MY_ENTRIES_GET]: () =>
      fail ? { status: 500, body: { code: 'InternalError', message: 'x' } } : { body: { yearId: 'year-2026', entries: [entries[0]] } },
  });
  renderProfile();
  await screen.findByLabelText('Vorname');
  expect(within(section()).getByRole('status')).toHaveTextContent('Deine Teilnahmen werden geladen …');
  const alert = await within(section()).findByRole('alert');
  expect(alert).toHaveTextContent('Deine Teilnahmen konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.');
  expect(screen.getByLabelText('Vorname')).toHaveValue('Erika');
  fail = false;
  await user.click(within(section()).getByRole('button', { name: 'Erneut laden' }));
  await screen.findByRole('article', { name: 'Dein Vereinsspruch' }, LIST_LOADED);
  expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
});

it('points to the login when the session has ended meanwhile', async () => {
  mockXhr({ [ME_PATH]: { body: me() }, [MY_ENTRIES_GET]: { status: 401, body: { code: 'Unauthorized', message: 'x' } } });
  renderProfile();
  await waitFor(() => expect(within(section()).getByRole('alert')).toHaveTextContent('Deine Sitzung ist abgelaufen.'));
  expect(within(section()).getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
});
