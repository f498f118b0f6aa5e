import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInSession, mockFetch } from '@erd/shared-contracts/testing';
import { ownEntry, OWN, renderChallenges, SPACEDATA, spaceData } from '../../../testing/fixtures';
import { callLines, deferred, mockHttp } from '../../../testing/http';

jest.mock('@erd/shared-contracts/http', () => ({ createHttpClient: jest.fn() }));

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
  const calls = mockHttp({ [`GET ${GOALS}`]: { data: null } });
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  const input = await within(goals).findByRole('textbox', { name: question });
  expect(input).toHaveValue('');
  expect(input).toHaveAttribute('inputmode', 'numeric');
  expect(input).toHaveAttribute('maxlength', '9');
  expect(within(goals).getByRole('button', { name: 'Speichern' })).toBeDisabled();
  expect(within(goals).queryByRole('link', { name: 'Teilnehmen' })).not.toBeInTheDocument();
  // The question is the label; it is not shown a second time.
  expect(within(goals).getAllByText(question)).toHaveLength(1);
  const own = calls.find((c) => c.url === GOALS)!;
  expect(own).toMatchObject({ method: 'GET', authenticated: true });
});

it('shows the saved estimate when the panel loads', async () => {
  mockHttp({ [`GET ${GOALS}`]: { data: ownEntry('estimate', { estimate: 12345 }) } });
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  expect(await within(goals).findByRole('textbox', { name: question })).toHaveValue('12345');
  expect(within(goals).getByText('12.345')).toBeInTheDocument();
  expect(within(goals).getByText(/Deine gespeicherte Schätzung/)).toHaveTextContent(
    'Deine gespeicherte Schätzung: 12.345. Du kannst sie bis zum Ende der Challenge ändern.',
  );
});

it('validates only after the field was touched: required, then digits only', async () => {
  mockHttp({ [`GET ${GOALS}`]: { data: null } });
  const user = userEvent.setup();
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  const input = await within(goals).findByRole('textbox', { name: question });
  const save = within(goals).getByRole('button', { name: 'Speichern' });
  expect(within(goals).queryByText('Gib eine Schätzung ein')).not.toBeInTheDocument();
  await user.click(input);
  await user.tab();
  expect(within(goals).getByText('Gib eine Schätzung ein')).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  await user.type(input, '12a');
  expect(within(goals).getByText('Die Schätzung muss eine Zahl sein')).toBeInTheDocument();
  expect(save).toBeDisabled();
  await user.clear(input);
  await user.type(input, '-5');
  expect(within(goals).getByText('Die Schätzung muss eine Zahl sein')).toBeInTheDocument();
  await user.clear(input);
  await user.type(input, '42');
  expect(within(goals).queryByText('Die Schätzung muss eine Zahl sein')).not.toBeInTheDocument();
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(save).toBeEnabled();
});

it('saves with PUT { estimate } and confirms for 5 seconds', async () => {
  jest.useFakeTimers();
  const put = deferred();
  const calls = mockHttp({
    [`GET ${GOALS}`]: { data: ownEntry('estimate', { estimate: 7 }) },
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
  await user.type(input, '1234');
  await user.click(within(goals).getByRole('button', { name: 'Speichern' }));
  // While saving the button is disabled (no second PUT).
  expect(within(goals).getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await act(async () => put.resolve());
  expect(await within(goals).findByText('Deine Schätzung wurde gespeichert.')).toBeInTheDocument();
  expect(within(goals).getByText(/Deine gespeicherte Schätzung/)).toHaveTextContent('1.234');
  expect(input).toHaveValue('1234');
  const puts = calls.filter((c) => c.method === 'PUT');
  expect(puts).toEqual([expect.objectContaining({ url: GOALS, body: { estimate: 1234 }, authenticated: true })]);

  act(() => jest.advanceTimersByTime(4900));
  expect(within(goals).getByText('Deine Schätzung wurde gespeichert.')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(200));
  expect(within(goals).queryByText('Deine Schätzung wurde gespeichert.')).not.toBeInTheDocument();

  // It can be changed again until the challenge ends.
  await user.clear(input);
  await user.type(input, '1500');
  await user.click(within(goals).getByRole('button', { name: 'Speichern' }));
  expect(await within(goals).findByText('Deine Schätzung wurde gespeichert.')).toBeInTheDocument();
  expect(callLines(calls).filter((l) => l.startsWith('PUT'))).toHaveLength(2);
  expect(calls.at(-1)?.body).toEqual({ estimate: 1500 });
});

it('says so when saving fails', async () => {
  mockHttp({ [`GET ${GOALS}`]: { data: null }, [`PUT ${GOALS}`]: { status: 500, code: 'Boom' } });
  const user = userEvent.setup();
  renderChallenges({ session: loggedInSession });
  const goals = await panel();
  await user.type(await within(goals).findByRole('textbox', { name: question }), '3');
  await user.click(within(goals).getByRole('button', { name: 'Speichern' }));
  expect(await within(goals).findByRole('alert')).toHaveTextContent('Da ist leider was schief gelaufen.');
  expect(within(goals).queryByText('Deine Schätzung wurde gespeichert.')).not.toBeInTheDocument();
  // Typing again clears the failure.
  await user.type(within(goals).getByRole('textbox', { name: question }), '4');
  expect(within(goals).queryByRole('alert')).not.toBeInTheDocument();
});
