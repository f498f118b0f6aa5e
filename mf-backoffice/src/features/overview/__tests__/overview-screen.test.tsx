import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OverviewDayDto, OverviewDto } from '@erd/shared-contracts/backoffice';
import { mockXhr } from '@erd/shared-contracts/testing';
import { fakeBackofficePage, signedIn } from '../../../testing/fixtures';
import { renderBackoffice } from '../../../testing/render';
import { cellTexts } from '../../../testing/requests';

const OVERVIEW = 'GET /api/operator/overview';

function daysUpTo(today: string, count: number): OverviewDayDto[] {
  const end = new Date(`${today}T00:00:00Z`).getTime();
  return Array.from({ length: count }, (_, i) => {
    const day = new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, votes: day === today ? 1234 : i % 3, registrations: day === '2026-06-14' ? 2 : 0 };
  });
}

function overview(days: number): OverviewDto {
  return {
    today: '2026-06-15',
    challenges: [
      {
        id: 'est',
        number: 1,
        headline: 'Schätzfrage Mai',
        type: 'bfv-erd-estimate',
        phase: 'ended',
        startDate: '2026-05-01',
        endDate: '2026-05-31',
        entries: 40,
        pending: 0,
      },
      {
        id: 'slogan',
        number: 2,
        headline: 'Der beste Spruch',
        type: 'bfv-erd-text-vote',
        phase: 'voting',
        startDate: '2026-06-01',
        endDate: '2026-06-30',
        entries: 12,
        pending: 1,
      },
      {
        id: 'pics',
        number: 3,
        headline: 'Das schönste Bild',
        type: 'bfv-erd-picture-vote',
        phase: 'submission',
        startDate: '2026-06-15',
        endDate: '2026-07-31',
        entries: 2,
        pending: 2,
      },
    ],
    pendingTotal: 3,
    days: daysUpTo('2026-06-15', days),
    audit: [
      {
        id: 7,
        at: '2026-06-15T08:30:00.000Z',
        action: 'reject',
        actor: 'moderation@punktejagd.example',
        operatorId: 'op-1',
        subjectType: 'participation',
        subjectId: 'p-17',
        challengeId: 'slogan',
        reason: 'Werbung für Alkohol am Steuer',
        details: {},
      },
    ],
  };
}

beforeEach(fakeBackofficePage);

it("shows each challenge's phase today, what waits for review, the activity as charts and as a table, and the latest audit entries", async () => {
  const xhr = mockXhr({ [OVERVIEW]: (url) => ({ body: overview(Number(url.searchParams.get('days'))) }) });
  renderBackoffice('/backoffice/ueberblick', signedIn);
  expect(await screen.findByRole('heading', { level: 1, name: 'Überblick' })).toBeInTheDocument();
  expect(document.title).toBe('Überblick – Backoffice – Punktejagd');
  expect(await screen.findByText('Die Saison auf einen Blick – Stand heute, 15.06.2026.')).toBeInTheDocument();
  expect(xhr.mock.calls[0]![0].searchParams.get('days')).toBe('30');

  const challenges = screen.getByRole('table', { name: 'Challenges der Saison mit ihrer Phase heute' });
  const slogan = within(challenges).getByRole('rowheader', { name: 'Der beste Spruch' }).closest('tr')!;
  expect(within(slogan).getByText('Abstimmung läuft')).toBeInTheDocument();
  expect(within(slogan).getByText('01.06.2026 – 30.06.2026')).toBeInTheDocument();
  const pics = within(challenges).getByRole('rowheader', { name: 'Das schönste Bild' }).closest('tr')!;
  expect(within(pics).getByText('Teilnahme läuft')).toBeInTheDocument();
  expect(within(pics).getAllByRole('cell').at(-1)).toHaveTextContent('2');
  expect(screen.getByText('3 Beiträge warten auf Prüfung.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Zur Moderation' })).toHaveAttribute('href', '/backoffice');

  expect(screen.getByText(/17\.05\.2026 bis 15\.06\.2026: .* Stimmen \(ohne entfernte\), 2 Registrierungen\./)).toBeInTheDocument();
  const perDay = screen.getByRole('table', { name: 'Stimmen und Registrierungen pro Tag' });
  expect(within(perDay).getAllByRole('row')).toHaveLength(31);
  const today = within(perDay).getByRole('rowheader', { name: '15.06.2026' }).closest('tr')!;
  expect(cellTexts(today)).toEqual(['1.234', '0']);
  const yesterday = within(perDay).getByRole('rowheader', { name: '14.06.2026' }).closest('tr')!;
  expect(within(yesterday).getAllByRole('cell')[1]).toHaveTextContent('2');
  // The charts are SVG for the eye; screen readers get the table.
  const chart = await screen.findByTestId('chart-votes');
  expect(chart).toHaveAttribute('aria-hidden', 'true');
  await waitFor(() => expect(chart.querySelectorAll('rect').length).toBeGreaterThanOrEqual(30));
  expect(screen.getByTestId('chart-registrations')).toBeInTheDocument();

  const audit = screen.getByRole('table', { name: 'Die letzten Einträge im Protokoll, neueste zuerst' });
  const row = within(audit).getByRole('rowheader', { name: 'Beitrag abgelehnt' }).closest('tr')!;
  expect(within(row).getByText('moderation@punktejagd.example')).toBeInTheDocument();
  expect(within(row).getByText('Beitrag p-17')).toBeInTheDocument();
  expect(within(row).getByText('15.06.2026, 10:30 Uhr')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ganzes Protokoll' })).toHaveAttribute('href', '/backoffice/protokoll');
});

it('asks the server for another range of days', async () => {
  const user = userEvent.setup();
  const xhr = mockXhr({ [OVERVIEW]: (url) => ({ body: overview(Number(url.searchParams.get('days'))) }) });
  renderBackoffice('/backoffice/ueberblick', signedIn);
  await screen.findByText(/17\.05\.2026 bis 15\.06\.2026/);
  await user.selectOptions(screen.getByLabelText('Zeitraum'), 'Letzte 7 Tage');
  expect(await screen.findByText(/09\.06\.2026 bis 15\.06\.2026/)).toBeInTheDocument();
  expect(xhr.mock.calls.at(-1)![0].searchParams.get('days')).toBe('7');
  expect(within(screen.getByRole('table', { name: 'Stimmen und Registrierungen pro Tag' })).getAllByRole('row')).toHaveLength(8);
});

it('without a season and without anything waiting it says so; a failed load offers to try again', async () => {
  const user = userEvent.setup();
  let fail = true;
  mockXhr({
    [OVERVIEW]: () =>
      fail
        ? { status: 500, body: { code: 'InternalError', message: 'x' } }
        : { body: { ...overview(30), challenges: [], pendingTotal: 0, audit: [] } },
  });
  renderBackoffice('/backoffice/ueberblick', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Der Überblick konnte gerade nicht geladen werden.');
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Erneut laden' }));
  expect(await screen.findByText('Es ist keine Saison angelegt.')).toBeInTheDocument();
  expect(screen.getByText('Kein Beitrag wartet auf Prüfung.')).toBeInTheDocument();
  expect(screen.getByText('Noch keine Einträge im Protokoll.')).toBeInTheDocument();
});

it('an ended session leads to the sign-in', async () => {
  mockXhr({ [OVERVIEW]: { status: 401, body: { code: 'Unauthorized', message: 'x' } } });
  renderBackoffice('/backoffice/ueberblick', signedIn);
  expect(await screen.findByText(/Deine Sitzung ist abgelaufen/)).toBeInTheDocument();
});

it('is in the bar, first', async () => {
  mockXhr({ [OVERVIEW]: (url) => ({ body: overview(Number(url.searchParams.get('days'))) }) });
  renderBackoffice('/backoffice/ueberblick', signedIn);
  const bar = await screen.findByRole('navigation', { name: 'Backoffice' });
  const links = within(bar).getAllByRole('link');
  expect(links[0]).toHaveTextContent('Überblick');
  expect(links[0]).toHaveAttribute('aria-current', 'page');
});

it('an operator still on the start password an admin chose is sent to "Passwort ändern"', async () => {
  const user = userEvent.setup();
  mockXhr({ [OVERVIEW]: { status: 403, body: { code: 'PasswordChangeRequired', message: 'Bitte wähle zuerst ein eigenes Passwort.' } } });
  renderBackoffice('/backoffice/ueberblick', signedIn);
  expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wähle zuerst ein eigenes Passwort.');
  await user.click(screen.getByRole('link', { name: 'Jetzt Passwort ändern' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Passwort ändern' })).toBeInTheDocument();
});
