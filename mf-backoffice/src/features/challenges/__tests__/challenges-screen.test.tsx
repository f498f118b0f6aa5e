import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_POINTS_TABLE } from '@erd/shared-contracts/wire';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn, signedInAdmin } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';
import type { AdminChallengeDto, PatchChallengeInput } from '../api/types';

const LIST = 'GET /api/operator/challenges';
const ONE = 'GET /api/operator/challenges/est';
const SAVE = 'PATCH /api/operator/challenges/est';

const challenge = (overrides: Partial<AdminChallengeDto> = {}): AdminChallengeDto => ({
  id: 'est',
  number: 1,
  headline: 'Wie viele Zuschauer?',
  type: 'bfv-erd-estimate',
  phase: 'submission',
  startDate: '2026-06-01',
  endDate: '2026-06-30',
  startDateSubmission: null,
  endDateSubmission: null,
  startDateVoting: null,
  endDateVoting: null,
  entries: 3,
  pending: 0,
  yearId: 'year-2026',
  teasertitle: null,
  teasertext: null,
  question: 'Schätze!',
  footnote: null,
  teaserImage: null,
  prizes: null,
  points: [
    { fromPlace: 1, toPlace: 1, points: 100 },
    { fromPlace: 2, toPlace: null, points: 5 },
  ],
  rightAnswer: null,
  scoring: 'closest',
  resultsDate: null,
  running: true,
  published: false,
  updatedAt: '2026-06-10T10:00:00.000Z',
  defaultPoints: DEFAULT_POINTS_TABLE,
  ...overrides,
});

beforeEach(fakeBackofficePage);

function fakeServer() {
  const saved: PatchChallengeInput[] = [];
  const xhr = mockXhr({
    [LIST]: () => ({
      body: {
        yearId: 'year-2026',
        today: '2026-06-15',
        items: [
          challenge(),
          {
            ...challenge({
              id: 'slogan',
              number: 2,
              headline: 'Bester Spruch',
              type: 'bfv-erd-text-vote',
              phase: 'voting',
              entries: 7,
              pending: 2,
            }),
          },
        ],
      },
    }),
    [ONE]: () => ({ body: challenge() }),
    [SAVE]: (_url, init) => {
      const body = bodyOf<PatchChallengeInput>(init);
      saved.push(body);
      if (body.startDate && !body.reason) return { status: 409, body: { code: 'ChallengeRunning', message: 'läuft' } };
      return {
        body: challenge({
          ...(body.points ? { points: body.points } : {}),
          ...(body.startDate ? { startDate: body.startDate } : {}),
          ...(body.resultsDate !== undefined ? { resultsDate: body.resultsDate } : {}),
          updatedAt: '2026-06-15T10:00:00.000Z',
        }),
      };
    },
  });
  return { xhr, saved };
}

it('lists the challenges with type, phase and entries, each a link to its form', async () => {
  fakeServer();
  renderBackoffice('/backoffice/challenges', signedIn);
  const table = await screen.findByRole('table');
  expect(screen.getByRole('heading', { level: 1, name: 'Challenges' })).toBeInTheDocument();
  const row = within(table).getByRole('row', { name: /Bester Spruch/ });
  expect(within(row).getByText('Spruch-Abstimmung')).toBeInTheDocument();
  expect(within(row).getByText('Abstimmung läuft')).toBeInTheDocument();
  expect(within(row).getByText('7')).toBeInTheDocument();
  expect(within(table).getByRole('link', { name: 'Wie viele Zuschauer? ansehen' })).toHaveAttribute('href', '/backoffice/challenges/est');
  expect(screen.getByRole('link', { name: 'Challenges' })).toHaveAttribute('aria-current', 'page');
});

it('shows a moderator the challenge read-only, without saving or editing controls', async () => {
  fakeServer();
  renderBackoffice('/backoffice/challenges/est', signedIn);
  expect(await screen.findByRole('textbox', { name: 'Überschrift' })).toHaveAttribute('readonly');
  expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Zeile hinzufügen' })).not.toBeInTheDocument();
  expect(screen.queryByLabelText(/Neues Bild wählen/)).not.toBeInTheDocument();
});

it('an admin edits the points table: a bad value stops next to its field, a valid table is saved', async () => {
  const user = userEvent.setup();
  const { saved } = fakeServer();
  renderBackoffice('/backoffice/challenges/est', signedInAdmin);
  await screen.findByRole('textbox', { name: 'Überschrift' });

  await user.click(screen.getByRole('button', { name: 'Zeile hinzufügen' }));
  const points = screen.getByRole('textbox', { name: 'Punkte (ab Platz 3)' });
  await user.clear(points);
  await user.type(points, 'viel');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(points).toHaveAccessibleDescription('Eine ganze Zahl ab 0.');
  expect(saved).toHaveLength(0);

  await user.clear(points);
  await user.type(points, '1');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  expect(saved[0]).toEqual({
    expectedUpdatedAt: '2026-06-10T10:00:00.000Z',
    points: [
      { fromPlace: 1, toPlace: 1, points: 100 },
      { fromPlace: 2, toPlace: 2, points: 5 },
      { fromPlace: 3, toPlace: null, points: 1 },
    ],
  });

  await user.click(screen.getByRole('button', { name: 'Auf Standard zurücksetzen' }));
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(saved[1]!.points).toEqual(DEFAULT_POINTS_TABLE);
  expect(saved[1]!.expectedUpdatedAt).toBe('2026-06-15T10:00:00.000Z');
});

it('asks for a reason before the dates of a running challenge change', async () => {
  const user = userEvent.setup();
  const { saved } = fakeServer();
  renderBackoffice('/backoffice/challenges/est', signedInAdmin);
  const start = await screen.findByLabelText('Beginn');
  await user.clear(start);
  await user.type(start, '2026-06-02');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  const dialog = screen.getByRole('dialog', { name: 'Termine einer laufenden Challenge ändern' });
  await user.click(within(dialog).getByRole('button', { name: 'Termine ändern' }));
  expect(within(dialog).getByRole('textbox', { name: 'Grund der Terminänderung' })).toHaveAccessibleDescription(/3 bis 500 Zeichen/);
  expect(saved).toHaveLength(0);
  await user.type(within(dialog).getByRole('textbox', { name: 'Grund der Terminänderung' }), 'Pokalspiel verschoben');
  await user.click(within(dialog).getByRole('button', { name: 'Termine ändern' }));
  expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  expect(saved[0]).toMatchObject({ startDate: '2026-06-02', confirmRunning: true, reason: 'Pokalspiel verschoben' });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('an admin changes the prize pictures: uploads one, moves it first, removes the old one; the order is saved', async () => {
  const user = userEvent.setup();
  const picture = (name: string) => ({
    fields: { file: { url: `/media/${name}.0123456789abcdef.webp`, contentType: 'image/webp', width: 800, height: 600 } },
  });
  const saved: PatchChallengeInput[] = [];
  const withPrizes = challenge({ prizes: { headline: 'Ein Trikotsatz', images: [picture('alt')] } });
  mockXhr({
    [ONE]: () => ({ body: withPrizes }),
    'POST /api/operator/media': () => ({ body: picture('neu') }),
    [SAVE]: (_url, init) => {
      const body = bodyOf<PatchChallengeInput>(init);
      saved.push(body);
      return {
        body: { ...withPrizes, prizes: { headline: 'Ein Trikotsatz', images: body.prizeImages! }, updatedAt: '2026-06-15T10:00:00.000Z' },
      };
    },
  });
  renderBackoffice('/backoffice/challenges/est', signedInAdmin);
  const prizes = await screen.findByRole('group', { name: /^Preisbilder/ });
  expect(within(prizes).getAllByRole('img')).toHaveLength(1);

  await user.upload(within(prizes).getByLabelText(/Bild hinzufügen/), new File(['x'], 'trikot.png', { type: 'image/png' }));
  await waitFor(() => expect(within(prizes).getAllByRole('img')).toHaveLength(2));
  await user.click(within(prizes).getByRole('button', { name: 'Bild 2 nach vorn' }));
  await user.click(within(prizes).getByRole('button', { name: 'Bild 2 entfernen' }));
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  expect(saved).toEqual([{ expectedUpdatedAt: '2026-06-10T10:00:00.000Z', prizeImages: [picture('neu')] }]);
});

it('a challenge without prizes has no prize pictures to edit', async () => {
  fakeServer();
  renderBackoffice('/backoffice/challenges/est', signedInAdmin);
  await screen.findByRole('textbox', { name: 'Überschrift' });
  expect(screen.queryByRole('group', { name: /^Preisbilder/ })).not.toBeInTheDocument();
});

it('an admin sets "Ergebnisse erwartet am" while the challenge runs, without the dates’ confirmation; before the end is refused at the field', async () => {
  const user = userEvent.setup();
  const { saved } = fakeServer();
  renderBackoffice('/backoffice/challenges/est', signedInAdmin);
  const day = await screen.findByLabelText(/^Ergebnisse erwartet am/);
  expect(day).toHaveValue('');
  expect(day).toHaveAttribute('min', '2026-06-30');
  expect(day).toHaveAccessibleDescription(/Ergebnisse ab …/);
  await user.type(day, '2026-06-29');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(day).toHaveAccessibleDescription(expect.stringContaining('Frühestens am letzten Tag der Challenge (30.06.2026).'));
  expect(saved).toHaveLength(0);

  await user.clear(day);
  await user.type(day, '2026-07-03');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(saved).toEqual([{ expectedUpdatedAt: '2026-06-10T10:00:00.000Z', resultsDate: '2026-07-03' }]);
  expect(screen.getByLabelText(/^Ergebnisse erwartet am/)).toHaveValue('2026-07-03');

  await user.clear(screen.getByLabelText(/^Ergebnisse erwartet am/));
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(saved[1]).toEqual({ expectedUpdatedAt: '2026-06-15T10:00:00.000Z', resultsDate: null });
});

it('leads back to the season the challenge was opened from (?saison=)', async () => {
  fakeServer();
  renderBackoffice('/backoffice/challenges/est?saison=year-2027', signedIn);
  expect(await screen.findByRole('link', { name: 'Zurück zur Saison' })).toHaveAttribute('href', '/backoffice/saisons/year-2027');
  expect(screen.queryByRole('link', { name: 'Zurück zu den Challenges' })).not.toBeInTheDocument();
});
