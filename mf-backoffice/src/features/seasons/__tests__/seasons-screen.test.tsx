import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr } from '@erd/shared-contracts/testing';
import type { SeasonCreateInput } from '@erd/shared-contracts/schemas';
import { renderBackoffice } from '../../../testing/render';
import { bodyOf } from '../../../testing/requests';
import { admin, moderator, season, summary } from '../__fixtures__/seasons';

const LIST = 'GET /api/operator/seasons';
const CREATE = 'POST /api/operator/seasons';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-1';
});

function fakeServer(create?: (body: SeasonCreateInput) => { status?: number; body: unknown }) {
  const sent: SeasonCreateInput[] = [];
  const xhr = mockXhr({
    [LIST]: {
      body: {
        today: '2026-10-01',
        items: [
          summary({
            id: 'year-2025',
            year: 2025,
            state: 'ended',
            current: false,
            startDate: '2025-05-03',
            endDate: '2025-09-30',
            entries: 40,
          }),
          summary(),
        ].reverse(),
      },
    },
    [CREATE]: (_url, init) => {
      const body = bodyOf<SeasonCreateInput>(init);
      sent.push(body);
      return create ? create(body) : { status: 201, body: season() };
    },
    'GET /api/operator/seasons/year-2027': { body: season() },
  });
  return { xhr, sent };
}

it('lists every season with its state, days and counts, and marks the public one', async () => {
  fakeServer();
  renderBackoffice('/backoffice/saisons', moderator);
  const table = await screen.findByRole('table');
  expect(screen.getByRole('heading', { level: 1, name: 'Saisons' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Saisons' })).toHaveAttribute('aria-current', 'page');

  const current = within(table).getByRole('row', { name: /Saison 2026/ });
  expect(within(current).getByText('live')).toBeInTheDocument();
  expect(within(current).getByText('Öffentlich sichtbar')).toBeInTheDocument();
  expect(within(current).getByText('02.05.2026')).toBeInTheDocument();
  expect(within(current).getByText('30.09.2026')).toBeInTheDocument();
  expect(within(current).getByText('12')).toBeInTheDocument();
  expect(within(current).getByRole('link', { name: 'Saison 2026' })).toHaveAttribute('href', '/backoffice/saisons/year-2026');

  const ended = within(table).getByRole('row', { name: /Saison 2025/ });
  expect(within(ended).getByText('beendet')).toBeInTheDocument();
  expect(within(ended).queryByText('Öffentlich sichtbar')).not.toBeInTheDocument();
  expect(within(ended).getByText('40')).toBeInTheDocument();
});

it('shows a moderator no form for a new season', async () => {
  fakeServer();
  renderBackoffice('/backoffice/saisons', moderator);
  await screen.findByRole('table');
  expect(screen.queryByRole('heading', { name: 'Neue Saison' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Saison anlegen' })).not.toBeInTheDocument();
});

it('an admin copies a season: the offset follows the year, the copy’s first day is shown, then the new season opens', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer();
  renderBackoffice('/backoffice/saisons', admin);
  const year = await screen.findByRole('textbox', { name: 'Jahr' });
  expect(year).toHaveValue('2027');
  expect(screen.getByRole('radio', { name: /Kopie einer Saison/ })).toBeChecked();
  expect(screen.getByRole('combobox', { name: 'Kopie von' })).toHaveDisplayValue('Saison 2026 (live, 3 Challenges)');
  const offset = screen.getByRole('textbox', { name: 'Termine verschieben um … Tage' });
  expect(offset).toHaveValue('364');
  // 02.05.2026 is a Saturday; 52 weeks later is a Saturday again.
  expect(screen.getByText(/Erster Tag der Kopie/)).toHaveTextContent(
    'Erster Tag der Kopie: Sa., 01.05.2027 (bisher Sa., 02.05.2026), letzter Tag: Mi., 29.09.2027.',
  );

  await user.clear(offset);
  await user.type(offset, '371');
  expect(screen.getByText(/Erster Tag der Kopie/)).toHaveTextContent('Sa., 08.05.2027');
  await user.clear(offset);
  await user.type(offset, '-7');
  expect(screen.getByText(/Erster Tag der Kopie/)).toHaveTextContent('Sa., 25.04.2026');

  await user.clear(offset);
  await user.type(offset, '364');
  await user.click(screen.getByRole('button', { name: 'Saison anlegen' }));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/backoffice/saisons/year-2027'));
  expect(sent).toEqual([{ year: 2027, copyFrom: 'year-2026', offsetDays: 364 }]);
  expect(await screen.findByRole('heading', { level: 1, name: 'Saison 2027' })).toBeInTheDocument();
});

it('checks the form before sending: a taken or bad year and a bad offset stop at their fields', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer();
  renderBackoffice('/backoffice/saisons', admin);
  const year = await screen.findByRole('textbox', { name: 'Jahr' });
  const offset = screen.getByRole('textbox', { name: 'Termine verschieben um … Tage' });

  await user.clear(year);
  await user.type(year, '2026');
  await user.clear(offset);
  await user.type(offset, 'viele');
  await user.click(screen.getByRole('button', { name: 'Saison anlegen' }));
  expect(year).toHaveAccessibleDescription('Diese Saison gibt es schon.');
  expect(year).toHaveFocus();
  expect(offset).toHaveAccessibleDescription(expect.stringContaining('Gib eine ganze Zahl von −3650 bis 3650 an.'));
  expect(screen.getByText(/sobald die Verschiebung eine ganze Zahl ist/)).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Bitte korrigiere die markierten Felder.');

  await user.clear(year);
  await user.type(year, '1999');
  await user.click(screen.getByRole('button', { name: 'Saison anlegen' }));
  expect(year).toHaveAccessibleDescription('Gib eine Jahreszahl von 2000 bis 2100 an.');
  expect(sent).toHaveLength(0);
});

it('creates an empty season without copy fields, and shows the server’s message at its field', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer(() => ({
    status: 409,
    body: { code: 'SeasonExists', message: 'Die Saison 2030 gibt es schon.', field: 'year' },
  }));
  renderBackoffice('/backoffice/saisons', admin);
  const year = await screen.findByRole('textbox', { name: 'Jahr' });
  await user.click(screen.getByRole('radio', { name: 'Leer (ohne Challenges)' }));
  expect(screen.queryByRole('textbox', { name: 'Termine verschieben um … Tage' })).not.toBeInTheDocument();
  await user.clear(year);
  await user.type(year, '2030');
  await user.click(screen.getByRole('button', { name: 'Saison anlegen' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Saison 2030 gibt es schon.');
  expect(year).toHaveAccessibleDescription('Die Saison 2030 gibt es schon.');
  expect(sent).toEqual([{ year: 2030 }]);
  expect(screen.getByTestId('location')).toHaveTextContent('/backoffice/saisons');
});
