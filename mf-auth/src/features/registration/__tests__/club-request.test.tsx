import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp, { loadScreen } from '../../../exposes/auth-app';
import { availabilityRoutes, CLUB_REQUESTS_PATH, CLUB_SEARCH_PATH, catalogue } from '../../../testing/clubs';
import { forgetClubCatalogue } from '../api/list-clubs';

// The screen is a chunk of its own, which the AuthApp fetches when it first shows it: here before the tests.
beforeAll(() => loadScreen('registration'));

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../../testing/fake-cognito').fakeCognitoModule);

type User = ReturnType<typeof userEvent.setup>;

const clubBox = () => screen.getByRole('combobox', { name: 'Verein' });
const toggle = () => screen.getByRole('button', { name: 'Verein nicht gefunden?' });
const panel = () => screen.getByRole('form', { name: 'Verein melden' });
const inPanel = () => within(panel());
const send = () => inPanel().getByRole('button', { name: 'Anfrage senden' });

function renderRegistration() {
  return renderWithProviders(<AuthApp screen="registration" />, { route: '/registration' });
}

beforeEach(() => {
  forgetClubCatalogue();
  document.cookie = 'XSRF-TOKEN=token-1';
  mockFetch({ [CLUB_SEARCH_PATH]: { body: { items: catalogue, total: catalogue.length } }, ...availabilityRoutes() });
});

async function fillRequest(user: User, { number = '', note = '' } = {}) {
  await user.clear(inPanel().getByLabelText('Vereinsname'));
  await user.type(inPanel().getByLabelText('Vereinsname'), 'SV Beispielhausen');
  if (number) await user.type(inPanel().getByLabelText('Vereinsnummer (optional)'), number);
  await user.click(inPanel().getByRole('radio', { name: 'Damen' }));
  await user.type(inPanel().getByLabelText('Deine E-Mail-Adresse'), ' Trainerin@Beispiel.example ');
  if (note) await user.type(inPanel().getByLabelText('Nachricht (optional)'), note);
}

it('is always under the club search, closed, and opens a small form that starts with the typed text', async () => {
  const user = userEvent.setup({ delay: null });
  renderRegistration();
  expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('form', { name: 'Verein melden' })).not.toBeInTheDocument();
  expect(clubBox().compareDocumentPosition(toggle()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

  await user.type(clubBox(), 'Beispielh');
  await user.click(toggle());
  expect(toggle()).toHaveAttribute('aria-expanded', 'true');
  expect(inPanel().getByLabelText('Vereinsname')).toHaveValue('Beispielh');
  expect(inPanel().getByLabelText('Vereinsname')).toHaveFocus();
  // Its own form: not inside the registration's.
  expect(panel().parentElement?.closest('form')).toBeNull();

  await user.click(inPanel().getByRole('button', { name: 'Abbrechen' }));
  expect(screen.queryByRole('form', { name: 'Verein melden' })).not.toBeInTheDocument();
  expect(toggle()).toHaveFocus();
});

describe('when the search finds nothing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('keeps "Es wurde kein Verein gefunden" and makes the way to tell us stand out', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });
    renderRegistration();
    expect(screen.queryByText(/fehlt in der Liste/)).not.toBeInTheDocument();
    await user.type(clubBox(), 'Xyzabc');
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(screen.getByText('Es wurde kein Verein gefunden')).toBeInTheDocument();
    expect(
      screen.getByText('Dein Verein oder deine Mannschaft fehlt in der Liste? Sag uns Bescheid, dann legen wir sie an.'),
    ).toBeInTheDocument();
    await user.click(toggle());
    expect(inPanel().getByLabelText('Vereinsname')).toHaveValue('Xyzabc');
  });
});

it('checks its fields and sends nothing while they are invalid', async () => {
  const user = userEvent.setup({ delay: null });
  const xhr = mockXhr({ [CLUB_REQUESTS_PATH]: { status: 202, body: { ok: true } } });
  renderRegistration();
  await user.click(toggle());
  expect(send()).toBeDisabled();

  await user.type(inPanel().getByLabelText('Vereinsname'), 'X');
  await user.tab();
  expect(inPanel().getByText('„Vereinsname“ ist ein Pflichtfeld')).toBeInTheDocument();
  await user.type(inPanel().getByLabelText('Vereinsnummer (optional)'), '12a');
  await user.tab();
  expect(inPanel().getByText('Die Vereinsnummer besteht nur aus Ziffern.')).toBeInTheDocument();
  act(() => inPanel().getByRole('radio', { name: 'Herren' }).focus());
  await user.tab();
  expect(inPanel().getByText('Bitte wähle dein Team aus')).toBeInTheDocument();
  await user.type(inPanel().getByLabelText('Deine E-Mail-Adresse'), 'kein-at');
  await user.tab();
  expect(inPanel().getByText('Gib eine gültige Emailadresse an')).toBeInTheDocument();
  expect(send()).toBeDisabled();
  expect(xhr).not.toHaveBeenCalled();
});

it('sends the request and thanks; the club number and the note go along when given', async () => {
  const user = userEvent.setup({ delay: null });
  const xhr = mockXhr({ [CLUB_REQUESTS_PATH]: { status: 202, body: { ok: true } } });
  renderRegistration();
  await user.click(toggle());
  await fillRequest(user, { number: '123456', note: 'Wir spielen im Kreis München.' });
  await user.click(send());

  expect(await screen.findByRole('status')).toHaveTextContent('Danke! Wir melden uns per E-Mail, sobald dein Verein angelegt ist.');
  expect(screen.queryByRole('form', { name: 'Verein melden' })).not.toBeInTheDocument();
  expect(xhr).toHaveBeenCalledTimes(1);
  const [url, init] = xhr.mock.calls[0]!;
  expect(url.pathname).toBe('/api/club-requests');
  expect(init.headers['x-xsrf-token']).toBe('token-1');
  expect(JSON.parse(init.body ?? '')).toEqual({
    clubName: 'SV Beispielhausen',
    clubNumber: '123456',
    team: 'w',
    email: 'trainerin@beispiel.example',
    note: 'Wir spielen im Kreis München.',
  });
});

it('leaves out an empty club number and note', async () => {
  const user = userEvent.setup({ delay: null });
  const xhr = mockXhr({ [CLUB_REQUESTS_PATH]: { status: 202, body: { ok: true } } });
  renderRegistration();
  await user.click(toggle());
  await fillRequest(user);
  await user.click(send());
  await screen.findByText('Danke! Wir melden uns per E-Mail, sobald dein Verein angelegt ist.');
  expect(JSON.parse(xhr.mock.calls[0]![1].body ?? '')).toEqual({
    clubName: 'SV Beispielhausen',
    team: 'w',
    email: 'trainerin@beispiel.example',
  });
});

it.each([
  [429, 'Von dieser Verbindung kamen zu viele Anfragen. Bitte versuche es später noch einmal.'],
  [500, 'Deine Nachricht konnte gerade nicht gesendet werden. Bitte versuche es später noch einmal.'],
  [0, 'Deine Nachricht konnte gerade nicht gesendet werden. Bitte versuche es später noch einmal.'],
])('answers a failure (%s) in German and keeps the form', async (status, text) => {
  const user = userEvent.setup({ delay: null });
  mockXhr({ [CLUB_REQUESTS_PATH]: { status, body: { code: 'X', message: 'X' } } });
  renderRegistration();
  await user.click(toggle());
  await fillRequest(user);
  await user.click(send());
  await waitFor(() => expect(within(panel()).getByRole('alert')).toHaveTextContent(text));
  expect(inPanel().getByLabelText('Vereinsname')).toHaveValue('SV Beispielhausen');
});
