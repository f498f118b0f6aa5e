import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { ownEntry, OWN, renderChallenges, SPACEDATA, spaceData } from '../../../testing/fixtures';
import { callLines, deferred, mockHttp } from '../../../testing/http';

// Today 05.05: the goals challenge (#3) runs; members answer its question with a number.
const GOALS = OWN('challenge-goals');
const question = 'Wie viele Tore hat eure Mannschaft geschossen?';
const panel = () => screen.findByRole('article', { name: 'Die große Torjagd' });

beforeEach(() => mockFetch({ [SPACEDATA]: { body: spaceData() } }));
afterEach(() => jest.useRealTimers());

it('visitors get Teilnehmen instead of the form', async () => {
  const calls = mockHttp({});
  renderChallenges();
  const goals = await panel();
  expect(within(goals).getByRole('link', { name: 'Teilnehmen' })).toHaveAttribute('href', '/login');
  expect(within(goals).queryByRole('textbox')).not.toBeInTheDocument();
  expect(calls).toEqual([]);
});

it('members get a number field labelled with the question, empty while nothing is saved', async () => {
  const calls = mockHttp({ [`GET ${GOALS}?include=rejection`]: { data: null } });
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  const input = await within(goals).findByRole('textbox', { name: question });
  expect(input).toHaveValue('');
  expect(input).toHaveAttribute('inputmode', 'numeric');
  // The numeric keypad; dots and spaces still fit ('999.999.999').
  expect(input).toHaveAttribute('maxlength', '15');
  expect(input).toHaveAttribute('placeholder', 'z. B. 42');
  expect(within(goals).getByRole('form', { name: 'Eure Tore' })).toBeInTheDocument();
  expect(within(goals).getByRole('button', { name: 'Speichern' })).toBeDisabled();
  expect(within(goals).queryByRole('link', { name: 'Teilnehmen' })).not.toBeInTheDocument();
  // The question is the label; it is not shown a second time.
  expect(within(goals).getAllByText(question)).toHaveLength(1);
  const own = calls.find((c) => c.url === `${GOALS}?include=rejection`)!;
  expect(own).toMatchObject({ method: 'GET', authenticated: true });
});

it('shows the saved number with a thousands dot when the panel loads', async () => {
  mockHttp({ [`GET ${GOALS}?include=rejection`]: { data: ownEntry('estimate', { estimate: 12345 }) } });
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  expect(await within(goals).findByRole('textbox', { name: question })).toHaveValue('12.345');
  expect(within(goals).getByText(/Eure gespeicherten Tore/)).toHaveTextContent(
    'Eure gespeicherten Tore: 12.345. Du kannst die Zahl bis zum Ende der Challenge ändern.',
  );
  expect(within(goals).queryByText(/Schätzung/)).not.toBeInTheDocument();
});

it('goals: validates only after the field was touched, in words of goals; German numbers are numbers', async () => {
  mockHttp({ [`GET ${GOALS}?include=rejection`]: { data: null } });
  const user = userEvent.setup();
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  const input = await within(goals).findByRole('textbox', { name: question });
  const save = within(goals).getByRole('button', { name: 'Speichern' });
  expect(within(goals).queryByText('Gib die Anzahl eurer Tore ein')).not.toBeInTheDocument();
  await user.click(input);
  await user.tab();
  expect(within(goals).getByText('Gib die Anzahl eurer Tore ein')).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  for (const wrong of ['12a', '-5', '4,5', '4.50']) {
    await user.clear(input);
    await user.type(input, wrong);
    expect([wrong, within(goals).queryByText('Die Anzahl der Tore muss eine Zahl sein')]).toEqual([wrong, expect.anything()]);
    expect(save).toBeDisabled();
  }
  await user.clear(input);
  await user.type(input, '1.234.567.890');
  expect(within(goals).getByText('Die Anzahl der Tore darf höchstens 9 Ziffern haben')).toBeInTheDocument();
  for (const right of ['42', '4.500', '4 500']) {
    await user.clear(input);
    await user.type(input, right);
    expect(within(goals).queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(save).toBeEnabled();
  }
});

it('goals: saves "4.500" as PUT { estimate: 4500 }, confirms in words of goals for 5 seconds', async () => {
  jest.useFakeTimers();
  const put = deferred();
  const calls = mockHttp({
    [`GET ${GOALS}?include=rejection`]: { data: ownEntry('estimate', { estimate: 7 }) },
    [`PUT ${GOALS}`]: async ({ body }) => {
      await put.promise;
      return { data: ownEntry('estimate', { estimate: (body as { estimate: number }).estimate }) };
    },
  });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  const input = await within(goals).findByRole('textbox', { name: question });
  await user.clear(input);
  await user.type(input, '4 500');
  await user.click(within(goals).getByRole('button', { name: 'Speichern' }));
  // While saving the button is disabled (no second PUT).
  expect(within(goals).getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await act(async () => put.resolve());
  expect(await within(goals).findByText('Eure Tore wurden gespeichert.')).toBeInTheDocument();
  expect(within(goals).getByText(/Eure gespeicherten Tore/)).toHaveTextContent('4.500');
  // The field shows the number as it is kept.
  expect(input).toHaveValue('4.500');
  const puts = calls.filter((c) => c.method === 'PUT');
  expect(puts).toEqual([expect.objectContaining({ url: GOALS, body: { estimate: 4500 }, authenticated: true })]);

  act(() => jest.advanceTimersByTime(4900));
  expect(within(goals).getByText('Eure Tore wurden gespeichert.')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(200));
  expect(within(goals).queryByText('Eure Tore wurden gespeichert.')).not.toBeInTheDocument();

  // It can be changed again until the challenge ends.
  await user.clear(input);
  await user.type(input, '1500');
  await user.click(within(goals).getByRole('button', { name: 'Speichern' }));
  expect(await within(goals).findByText('Eure Tore wurden gespeichert.')).toBeInTheDocument();
  expect(callLines(calls).filter((l) => l.startsWith('PUT'))).toHaveLength(2);
  expect(calls.at(-1)?.body).toEqual({ estimate: 1500 });
});

it('says so when saving fails', async () => {
  mockHttp({ [`GET ${GOALS}?include=rejection`]: { data: null }, [`PUT ${GOALS}`]: { status: 500, code: 'Boom' } });
  const user = userEvent.setup();
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  await user.type(await within(goals).findByRole('textbox', { name: question }), '3');
  await user.click(within(goals).getByRole('button', { name: 'Speichern' }));
  expect(await within(goals).findByRole('alert')).toHaveTextContent('Da ist leider was schief gelaufen.');
  expect(within(goals).queryByText('Eure Tore wurden gespeichert.')).not.toBeInTheDocument();
  // Typing again clears the failure.
  await user.type(within(goals).getByRole('textbox', { name: question }), '4');
  expect(within(goals).queryByRole('alert')).not.toBeInTheDocument();
});

describe("an estimate challenge keeps the spec's texts (today 10.03)", () => {
  const ESTIMATE = OWN('challenge-estimate');
  const estimatePanel = () => screen.findByRole('article', { name: 'Volle Hütte beim Pokalfinale' });

  it('required, digits, saved: character for character; "4.500" is 4500', async () => {
    const calls = mockHttp({
      [`GET ${ESTIMATE}?include=rejection`]: { data: null },
      [`PUT ${ESTIMATE}`]: ({ body }) => ({ data: ownEntry('estimate', { estimate: (body as { estimate: number }).estimate }) }),
    });
    const user = userEvent.setup();
    renderChallenges({ session: loggedInSession, today: '2026-03-10' });
    const card = await estimatePanel();
    const input = await within(card).findByRole('textbox');
    expect(within(card).getByRole('form', { name: 'Deine Schätzung' })).toBeInTheDocument();
    expect(input).toHaveAttribute('placeholder', 'z. B. 4.500');
    await user.click(input);
    await user.tab();
    expect(within(card).getByText('Gib eine Schätzung ein')).toBeInTheDocument();
    await user.type(input, '12a');
    expect(within(card).getByText('Die Schätzung muss eine Zahl sein')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '4.500');
    await user.click(within(card).getByRole('button', { name: 'Speichern' }));
    expect(await within(card).findByText('Deine Schätzung wurde gespeichert.')).toBeInTheDocument();
    expect(within(card).getByText(/Deine gespeicherte Schätzung/)).toHaveTextContent(
      'Deine gespeicherte Schätzung: 4.500. Du kannst sie bis zum Ende der Challenge ändern.',
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ estimate: 4500 });
  });
});
