import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockXhr, type FakeXhrInit } from '@erd/shared-contracts/testing';
import type { AdminSeasonDto } from '@erd/shared-contracts/schemas';
import { renderBackoffice } from '../../../testing/render';
import { admin, moderator, season } from '../__fixtures__/seasons';

const SEASON = 'GET /api/operator/seasons/year-2027';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-1';
});

type Sent = { call: string; body: unknown };

/** The season's server: `answers` overrides a call's answer; every change is recorded with its body. */
function fakeServer(start: AdminSeasonDto, answers: Record<string, { status: number; body: unknown }> = {}) {
  let current = start;
  const sent: Sent[] = [];
  const change = (call: string, after?: (body: Record<string, unknown>) => AdminSeasonDto) => (_url: URL, init: FakeXhrInit) => {
    const body = init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    sent.push({ call, body });
    if (answers[call]) return answers[call];
    if (after && body) current = after(body);
    return { status: 200, body: current };
  };
  const xhr = mockXhr({
    [SEASON]: () => ({ body: current }),
    'PUT /api/operator/seasons/year-2027/order': change('order', (body) => ({
      ...current,
      challengeItems: (body.ids as string[]).map((id, i) => ({ ...current.challengeItems.find((c) => c.id === id)!, position: i + 1 })),
    })),
    'POST /api/operator/seasons/year-2027/challenges': change('create'),
    'POST /api/operator/season-challenges/est-2027/duplicate': change('duplicate'),
    'POST /api/operator/season-challenges/est-2027/withdraw': change('withdraw', (body) => ({
      ...current,
      challengeItems: current.challengeItems.map((c) =>
        c.id === 'est-2027' ? { ...c, withdrawn: { at: '2026-10-03T09:00:00.000Z', reason: String(body.reason) } } : c,
      ),
    })),
    'POST /api/operator/season-challenges/goals-2027/restore': change('restore'),
    'DELETE /api/operator/season-challenges/est-2027': change('remove'),
    'PUT /api/operator/seasons/current': change('switch', () => ({ ...current, current: true, state: 'live' })),
    'PUT /api/operator/seasons/preview': change('preview'),
  });
  return { xhr, sent };
}

const card = (name: RegExp) => screen.getAllByRole('listitem').find((li) => within(li).queryByRole('heading', { name }))!;
const headlines = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

it('lists the season’s challenges in order with type, public number, days, entries and withdrawal', async () => {
  fakeServer(season());
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  expect(await screen.findByRole('heading', { level: 1, name: 'Saison 2027' })).toBeInTheDocument();
  expect(screen.getByText('Entwurf')).toBeInTheDocument();
  expect(screen.queryByText('Öffentlich sichtbar')).not.toBeInTheDocument();
  expect(headlines()).toEqual(['#1 Wie viele Zuschauer?', '#2 Bester Spruch', 'Zurückgezogen: Tore am Wochenende']);

  const slogan = card(/Bester Spruch/);
  expect(slogan).toHaveTextContent('Spruch-Abstimmung · 01.06.2027 – 30.06.2027 · 4 Beiträge');
  expect(within(slogan).queryByRole('button', { name: /entfernen/ })).not.toBeInTheDocument();
  expect(slogan).toHaveTextContent('Entfernen geht nicht (4 Beiträge), nur zurückziehen.');
  expect(within(slogan).getByRole('link', { name: '„Bester Spruch“ bearbeiten' })).toHaveAttribute(
    'href',
    '/backoffice/challenges/slogan-2027?saison=year-2027',
  );

  const goals = card(/Tore am Wochenende/);
  expect(goals).toHaveTextContent('Zurückgezogen am 02.10.2026, 10:00 Uhr: Sponsor abgesprungen');
  expect(within(goals).getByRole('button', { name: '„Tore am Wochenende“ wiederherstellen' })).toBeInTheDocument();
  expect(within(goals).queryByRole('button', { name: /zurückziehen/ })).not.toBeInTheDocument();
});

it('moves a challenge and saves the order; the focus stays on the moved challenge', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer(season());
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  const down = await screen.findByRole('button', { name: '„Wie viele Zuschauer?“ nach unten' });
  expect(screen.queryByRole('button', { name: '„Wie viele Zuschauer?“ nach oben' })).not.toBeInTheDocument();

  await user.click(down);
  expect(headlines()).toEqual(['#1 Bester Spruch', '#2 Wie viele Zuschauer?', 'Zurückgezogen: Tore am Wochenende']);
  expect(screen.getByRole('button', { name: '„Wie viele Zuschauer?“ nach unten' })).toHaveFocus();
  // Until the order is saved or dropped, no other change starts.
  expect(screen.getByRole('button', { name: '„Bester Spruch“ duplizieren' })).toBeDisabled();

  await user.keyboard('{Enter}');
  expect(headlines()).toEqual(['#1 Bester Spruch', 'Zurückgezogen: Tore am Wochenende', '#2 Wie viele Zuschauer?']);
  // At the bottom it has no 'Nach unten': the focus goes to 'Nach oben'.
  expect(screen.getByRole('button', { name: '„Wie viele Zuschauer?“ nach oben' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: 'Reihenfolge speichern' }));
  expect(await screen.findByText('Reihenfolge gespeichert.')).toBeInTheDocument();
  // A draft season: no confirmation, no confirmLive.
  expect(sent).toEqual([{ call: 'order', body: { ids: ['slogan-2027', 'goals-2027', 'est-2027'] } }]);
  expect(screen.queryByRole('button', { name: 'Reihenfolge speichern' })).not.toBeInTheDocument();
  expect(headlines()).toEqual(['#1 Bester Spruch', 'Zurückgezogen: Tore am Wochenende', '#2 Wie viele Zuschauer?']);
});

it('drops a changed order with „Verwerfen“', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer(season());
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  await user.click(await screen.findByRole('button', { name: '„Bester Spruch“ nach oben' }));
  await user.click(screen.getByRole('button', { name: 'Verwerfen' }));
  expect(headlines()[0]).toBe('#1 Wie viele Zuschauer?');
  expect(sent).toHaveLength(0);
});

it('withdraws a challenge with a reason (required, 3 to 500 characters)', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer(season());
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  const opener = await screen.findByRole('button', { name: '„Wie viele Zuschauer?“ zurückziehen' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Challenge zurückziehen' });
  const reason = within(dialog).getByRole('textbox', { name: 'Grund des Zurückziehens' });
  expect(reason).toHaveFocus();
  expect(within(dialog).queryByText(/öffentliche Nummerierung/)).not.toBeInTheDocument();

  await user.type(reason, 'ab');
  await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
  expect(reason).toHaveAccessibleDescription(expect.stringContaining('Bitte gib einen Grund an (3 bis 500 Zeichen, eine Zeile).'));
  expect(sent).toHaveLength(0);

  await user.type(reason, 'er doch nicht');
  await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(sent).toEqual([{ call: 'withdraw', body: { reason: 'aber doch nicht' } }]);
  expect(screen.getByText(/„Wie viele Zuschauer\?“ zurückgezogen/)).toBeInTheDocument();
  await waitFor(() => expect(card(/Wie viele Zuschauer/)).toHaveTextContent('Zurückgezogen am 03.10.2026, 11:00 Uhr: aber doch nicht'));
  expect(headlines()).toEqual(['Zurückgezogen: Wie viele Zuschauer?', '#1 Bester Spruch', 'Zurückgezogen: Tore am Wochenende']);
});

it('removes a challenge without entries with a reason; the server’s refusal stays in the dialog', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer(season(), {
    remove: {
      status: 409,
      body: { code: 'ChallengeHasEntries', message: 'Die Challenge hat schon Beiträge: Du kannst sie nur zurückziehen.' },
    },
  });
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  await user.click(await screen.findByRole('button', { name: '„Wie viele Zuschauer?“ entfernen' }));
  const dialog = screen.getByRole('dialog', { name: 'Challenge entfernen' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Grund des Entfernens' }), 'Doppelt angelegt');
  await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Die Challenge hat schon Beiträge: Du kannst sie nur zurückziehen.');
  expect(sent).toEqual([{ call: 'remove', body: { reason: 'Doppelt angelegt' } }]);
});

it('in the live season every change asks first and then sends confirmLive', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer(season({ current: true, state: 'live' }));
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  expect(await screen.findByText('Öffentlich sichtbar')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Als öffentliche Saison schalten' })).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: '„Wie viele Zuschauer?“ duplizieren' }));
  let dialog = screen.getByRole('dialog', { name: 'Challenge duplizieren' });
  expect(dialog).toHaveTextContent('die öffentliche Nummerierung (#n) der Challenges ändert sich');
  expect(sent).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
  expect(sent).toHaveLength(0);
  expect(screen.getByRole('button', { name: '„Wie viele Zuschauer?“ duplizieren' })).toHaveFocus();

  await user.click(screen.getByRole('button', { name: '„Wie viele Zuschauer?“ duplizieren' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Duplizieren' }));
  await waitFor(() => expect(sent).toEqual([{ call: 'duplicate', body: { confirmLive: true } }]));

  await user.click(await screen.findByRole('button', { name: '„Bester Spruch“ nach oben' }));
  await user.click(screen.getByRole('button', { name: 'Reihenfolge speichern' }));
  dialog = screen.getByRole('dialog', { name: 'Reihenfolge der öffentlichen Saison ändern' });
  await user.click(within(dialog).getByRole('button', { name: 'Reihenfolge speichern' }));
  await waitFor(() =>
    expect(sent[1]).toEqual({ call: 'order', body: { ids: ['slogan-2027', 'est-2027', 'goals-2027'], confirmLive: true } }),
  );

  await user.click(await screen.findByRole('button', { name: '„Wie viele Zuschauer?“ zurückziehen' }));
  dialog = screen.getByRole('dialog', { name: 'Challenge zurückziehen' });
  expect(dialog).toHaveTextContent('öffentliche Nummerierung');
  await user.type(within(dialog).getByRole('textbox', { name: 'Grund des Zurückziehens' }), 'Frage war falsch');
  await user.click(within(dialog).getByRole('button', { name: 'Zurückziehen' }));
  await waitFor(() => expect(sent[2]).toEqual({ call: 'withdraw', body: { reason: 'Frage war falsch', confirmLive: true } }));
});

it('a new challenge: the vote types ask for their submission and voting days, the live season confirms first', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer(season({ current: true, state: 'live' }));
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  const form = await screen.findByRole('region', { name: 'Neue Challenge' });
  const type = within(form).getByRole('combobox', { name: 'Art' });
  expect(
    within(type)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Schätzfrage', 'Tore', 'Bild-Abstimmung', 'Spruch-Abstimmung']);
  expect(within(form).queryByLabelText('Beginn der Einreichung')).not.toBeInTheDocument();

  await user.selectOptions(type, 'Bild-Abstimmung');
  await user.click(within(form).getByRole('button', { name: 'Challenge anlegen' }));
  expect(within(form).getByRole('textbox', { name: 'Überschrift' })).toHaveAccessibleDescription(
    'Gib eine Überschrift an (eine Zeile, bis 200 Zeichen).',
  );
  expect(within(form).getByLabelText('Ende der Abstimmung')).toHaveAccessibleDescription('Bitte gib ein Datum an.');
  expect(within(form).getByRole('textbox', { name: 'Überschrift' })).toHaveFocus();

  await user.type(within(form).getByRole('textbox', { name: 'Überschrift' }), 'Schönster Jubel');
  const days: [string, string][] = [
    ['Beginn', '2027-08-01'],
    ['Ende', '2027-08-31'],
    ['Beginn der Einreichung', '2027-08-01'],
    ['Ende der Einreichung', '2027-08-14'],
    ['Beginn der Abstimmung', '2027-08-15'],
    ['Ende der Abstimmung', '2027-08-10'],
  ];
  for (const [label, day] of days) await user.type(within(form).getByLabelText(label), day);
  await user.click(within(form).getByRole('button', { name: 'Challenge anlegen' }));
  expect(within(form).getByLabelText('Ende der Abstimmung')).toHaveAccessibleDescription('Das Ende liegt vor dem Beginn.');
  await user.clear(within(form).getByLabelText('Ende der Abstimmung'));
  await user.type(within(form).getByLabelText('Ende der Abstimmung'), '2027-08-31');
  await user.click(within(form).getByRole('button', { name: 'Challenge anlegen' }));

  const dialog = screen.getByRole('dialog', { name: 'Challenge in der öffentlichen Saison anlegen' });
  expect(sent).toHaveLength(0);
  await user.click(within(dialog).getByRole('button', { name: 'Challenge anlegen' }));
  await waitFor(() =>
    expect(sent).toEqual([
      {
        call: 'create',
        body: {
          objectTypeId: 'bfv-erd-picture-vote',
          headline: 'Schönster Jubel',
          startDate: '2027-08-01',
          endDate: '2027-08-31',
          startDateSubmission: '2027-08-01',
          endDateSubmission: '2027-08-14',
          startDateVoting: '2027-08-15',
          endDateVoting: '2027-08-31',
          confirmLive: true,
        },
      },
    ]),
  );
  expect(await screen.findByText(/Challenge „Schönster Jubel“ angelegt/)).toBeInTheDocument();
  expect(within(form).getByRole('textbox', { name: 'Überschrift' })).toHaveValue('');
});

it('a new challenge’s date refused by the server shows at its field', async () => {
  const user = userEvent.setup();
  fakeServer(season(), {
    create: { status: 400, body: { code: 'ValidationError', message: 'Das Ende liegt nach dem Ende der Saison.', field: 'endDate' } },
  });
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  const form = await screen.findByRole('region', { name: 'Neue Challenge' });
  await user.type(within(form).getByRole('textbox', { name: 'Überschrift' }), 'Wie viele Tore?');
  await user.type(within(form).getByLabelText('Beginn'), '2027-08-01');
  await user.type(within(form).getByLabelText('Ende'), '2028-08-31');
  await user.click(within(form).getByRole('button', { name: 'Challenge anlegen' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Das Ende liegt nach dem Ende der Saison.');
  expect(within(form).getByLabelText('Ende')).toHaveAccessibleDescription('Das Ende liegt nach dem Ende der Saison.');
});

it('switches the public season after a confirmation with a reason; the server’s message shows on error', async () => {
  const user = userEvent.setup();
  const { sent } = fakeServer(season(), {
    switch: { status: 409, body: { code: 'SeasonEmpty', message: 'Eine Saison ohne Challenges kann nicht öffentlich werden.' } },
  });
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  await user.click(await screen.findByRole('button', { name: 'Als öffentliche Saison schalten' }));
  const dialog = screen.getByRole('dialog', { name: 'Saison 2027 öffentlich schalten' });
  expect(dialog).toHaveAccessibleDescription(expect.stringContaining('Die öffentliche Seite zeigt danach die Saison 2027'));
  await user.click(within(dialog).getByRole('button', { name: 'Saison wechseln' }));
  expect(within(dialog).getByRole('textbox', { name: 'Grund des Wechsels' })).toHaveAccessibleDescription(
    expect.stringContaining('Bitte gib einen Grund an'),
  );
  expect(sent).toHaveLength(0);

  await user.type(within(dialog).getByRole('textbox', { name: 'Grund des Wechsels' }), 'Saison 2026 ist vorbei');
  await user.click(within(dialog).getByRole('button', { name: 'Saison wechseln' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Eine Saison ohne Challenges kann nicht öffentlich werden.');
  expect(sent).toEqual([{ call: 'switch', body: { yearId: 'year-2027', reason: 'Saison 2026 ist vorbei', confirm: true } }]);
});

it('after the switch the season is the public one', async () => {
  const user = userEvent.setup();
  fakeServer(season());
  renderBackoffice('/backoffice/saisons/year-2027', admin);
  await user.click(await screen.findByRole('button', { name: 'Als öffentliche Saison schalten' }));
  const dialog = screen.getByRole('dialog');
  await user.type(within(dialog).getByRole('textbox', { name: 'Grund des Wechsels' }), 'Neue Saison beginnt');
  await user.click(within(dialog).getByRole('button', { name: 'Saison wechseln' }));
  expect(await screen.findByText(/Die öffentliche Seite zeigt jetzt die Saison 2027/)).toBeInTheDocument();
  expect(await screen.findByText('Öffentlich sichtbar')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Als öffentliche Saison schalten' })).not.toBeInTheDocument();
});

it('„Vorschau“ turns the preview on for this browser and opens the public site in a new tab', async () => {
  const user = userEvent.setup();
  const open = jest.spyOn(window, 'open').mockImplementation(() => null);
  const { sent } = fakeServer(season());
  renderBackoffice('/backoffice/saisons/year-2027', moderator);
  await user.click(await screen.findByRole('button', { name: 'Vorschau' }));
  await waitFor(() => expect(open).toHaveBeenCalledWith('/', '_blank', 'noopener'));
  expect(sent).toEqual([{ call: 'preview', body: { yearId: 'year-2027' } }]);
  expect(screen.getByText(/Vorschau eingeschaltet/)).toBeInTheDocument();
  open.mockRestore();
});

it('shows a moderator the season read-only: no change buttons, no forms, a link to read each challenge', async () => {
  fakeServer(season());
  renderBackoffice('/backoffice/saisons/year-2027', moderator);
  await screen.findByRole('heading', { level: 1, name: 'Saison 2027' });
  expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(
    expect.not.arrayContaining(['Duplizieren', 'Zurückziehen', 'Entfernen', 'Wiederherstellen', 'Bearbeiten']),
  );
  expect(screen.queryByRole('button', { name: /nach (oben|unten)/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Als öffentliche Saison schalten' })).not.toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Neue Challenge' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: '„Bester Spruch“ ansehen' })).toHaveAttribute(
    'href',
    '/backoffice/challenges/slogan-2027?saison=year-2027',
  );
  expect(screen.getByText(/nur lesen/)).toBeInTheDocument();
});

it('says so when the season does not exist', async () => {
  mockXhr({});
  renderBackoffice('/backoffice/saisons/year-1999', admin);
  expect(await screen.findByRole('alert')).toHaveTextContent('Diese Saison gibt es nicht.');
  expect(screen.getByRole('link', { name: 'Zurück zu den Saisons' })).toHaveAttribute('href', '/backoffice/saisons');
});
