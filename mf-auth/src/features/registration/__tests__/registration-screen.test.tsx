import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '@erd/shared-contracts';
import { mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import AuthApp, { loadScreen } from '../../../exposes/auth-app';
import { LocationDisplay } from '../../../testing/location';
import { forgetClubCatalogue } from '../api/list-clubs';
import { availabilityRoutes, CLUB_SEARCH_PATH, catalogue, NEWSLETTER_PATH, SIGNUP_PATH } from '../../../testing/clubs';

// The screen is a chunk of its own, which the AuthApp fetches when it first shows it: here before the tests.
beforeAll(() => loadScreen('registration'));

jest.mock('amazon-cognito-identity-js', () => jest.requireActual('../../../testing/fake-cognito').fakeCognitoModule);

type User = ReturnType<typeof userEvent.setup>;

function renderRegistration() {
  return renderWithProviders(
    <>
      <AuthApp screen="registration" />
      <LocationDisplay />
    </>,
    { route: '/registration' },
  );
}

const field = (label: string) => screen.getByLabelText(label);
const clubBox = () => screen.getByRole('combobox', { name: 'Verein' });
const teamBox = () => screen.getByRole('combobox', { name: 'Team' });
const submit = () => screen.getByRole('button', { name: 'Registrieren' });
const location = () => screen.getByTestId('location').textContent;

let fetchMock: ReturnType<typeof mockFetch>;

beforeEach(() => {
  forgetClubCatalogue();
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = mockFetch({ [CLUB_SEARCH_PATH]: { body: { items: catalogue, total: catalogue.length } }, ...availabilityRoutes() });
});

async function chooseClub(user: User, query: string, name: string) {
  await user.clear(clubBox());
  await user.type(clubBox(), query);
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

async function fillValid(user: User, { newsletter = false } = {}) {
  await chooseClub(user, 'Eching', 'TSV Eching');
  await user.click(teamBox());
  await user.click(screen.getByRole('option', { name: 'Damen' }));
  await user.type(field('Vorname'), ' Erika ');
  await user.type(field('Nachname'), 'Musterfrau');
  await user.type(field('Straße & Hausnummer'), 'Hauptstraße 1');
  await user.type(field('Postleitzahl & Ort'), '85386 Eching');
  await user.type(field('Telefon (optional)'), '+49 89 123456');
  await user.type(field('E-Mail-Adresse'), 'Erika@TSV-Eching.example');
  await user.type(field('Passwort'), 'Geheim#123');
  await user.type(field('Passwort wiederholen'), 'Geheim#123');
  await user.click(screen.getByRole('checkbox', { name: /Teilnahmebedingungen/ }));
  if (newsletter) await user.click(screen.getByRole('checkbox', { name: /Newsletter/ }));
}

describe('form', () => {
  it('has the title, the links to /terms, /login and /confirmation', () => {
    renderRegistration();
    expect(screen.getByRole('heading', { level: 1, name: 'Registrierung' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teilnahmebedingungen' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Zum Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'E-Mail-Adresse bestätigen' })).toHaveAttribute('href', '/confirmation');
  });

  it.each([
    ['Vorname', '„Vorname“ ist ein Pflichtfeld'],
    ['Nachname', '„Nachname“ ist ein Pflichtfeld'],
    ['Straße & Hausnummer', '„Straße & Hausnummer“ ist ein Pflichtfeld'],
    ['Postleitzahl & Ort', '„Postleitzahl & Ort“ ist ein Pflichtfeld'],
    ['E-Mail-Adresse', 'Gib eine gültige Emailadresse an'],
    ['Passwort', 'Gib ein Passwort ein'],
    ['Passwort wiederholen', 'Wiederhole das Passwort'],
    ['Verein', 'Bitte wähle deinen Verein aus'],
  ])('shows the message of an empty "%s" only after it was touched', async (label, message) => {
    const user = userEvent.setup({ delay: null });
    renderRegistration();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.click(field(label));
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks e-mail, password rule, repeat and phone', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegistration();
    await user.type(field('E-Mail-Adresse'), 'erika@');
    await user.tab();
    expect(screen.getByText('Gib eine gültige Emailadresse an')).toBeInTheDocument();

    await user.type(field('Passwort'), 'geheim123');
    await user.tab();
    expect(
      screen.getByText(
        'Das Passwort muss mindestens 8 Zeichen lang sein und einen Groß- und Kleinbuchstaben, Ziffer und Sonderzeichen enthalten',
      ),
    ).toBeInTheDocument();

    await user.type(field('Passwort wiederholen'), 'anders');
    await user.tab();
    expect(screen.getByText('Die Passwörter stimmen nicht überein')).toBeInTheDocument();

    await user.type(field('Telefon (optional)'), 'ruf mich an');
    await user.tab();
    expect(screen.getByText('Gib eine gültige Telefonnummer an')).toBeInTheDocument();
  });

  it('requires the terms to be ticked', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegistration();
    const terms = screen.getByRole('checkbox', { name: /Teilnahmebedingungen/ });
    await user.click(terms);
    await user.click(terms);
    await user.tab();
    expect(screen.getByText('Den Teilnahmebedingungen muss zugestimmt werden')).toBeInTheDocument();
  });

  it('requires a team once a club with two teams is chosen', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegistration();
    await chooseClub(user, 'Eching', 'TSV Eching');
    expect(teamBox()).toHaveTextContent('Team wählen');
    act(() => teamBox().focus());
    await user.tab();
    expect(screen.getByText('Bitte wähle dein Team aus')).toBeInTheDocument();
  });

  it('keeps the submit disabled until everything is valid', async () => {
    const user = userEvent.setup({ delay: null });
    mockXhr({ [SIGNUP_PATH]: { status: 201, body: { email: 'erika@tsv-eching.example' } } });
    renderRegistration();
    expect(submit()).toBeDisabled();
    await fillValid(user);
    expect(submit()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /Teilnahmebedingungen/ }));
    expect(submit()).toBeDisabled();
  });
});

describe('submit', () => {
  it('sends the registration, keeps the e-mail for the confirmation and goes there', async () => {
    const user = userEvent.setup({ delay: null });
    const xhr = mockXhr({ [SIGNUP_PATH]: { status: 201, body: { email: 'erika@tsv-eching.example' } } });
    renderRegistration();
    await fillValid(user);
    await user.click(submit());

    await waitFor(() => expect(location()).toBe('/confirmation'));
    expect(xhr).toHaveBeenCalledTimes(1);
    const [url, init] = xhr.mock.calls[0]!;
    expect(url.href).toBe('http://localhost/content/public/spaces/erd/frontend-users/signup');
    expect(init.headers.authorization).toBeUndefined();
    expect(JSON.parse(init.body ?? '')).toEqual({
      email: 'erika@tsv-eching.example',
      password: 'Geheim#123',
      fields: {
        firstname: 'Erika',
        lastname: 'Musterfrau',
        street: 'Hauptstraße 1',
        city: '85386 Eching',
        phone: '+49 89 123456',
        club: { id: 'club-10001-w', linkType: 'Object', type: 'Link' },
      },
    });
    expect(localStorage.getItem(storageKeys.confirmEmail)).toBe('erika@tsv-eching.example');
  });

  it('subscribes the newsletter when ticked', async () => {
    const user = userEvent.setup({ delay: null });
    document.cookie = 'XSRF-TOKEN=token-1';
    const xhr = mockXhr({
      [SIGNUP_PATH]: { status: 201, body: { email: 'erika@tsv-eching.example' } },
      [NEWSLETTER_PATH]: { status: 202, body: {} },
    });
    renderRegistration();
    await fillValid(user, { newsletter: true });
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/confirmation'));
    const newsletter = xhr.mock.calls.find(([url]) => url.pathname === '/api/public/newsletter');
    expect(newsletter).toBeDefined();
    expect(JSON.parse(newsletter![1].body ?? '')).toEqual({ Email: 'erika@tsv-eching.example', Fields: [] });
    expect(newsletter![1].headers['x-xsrf-token']).toBe('token-1');
  });

  it('still goes to the confirmation when the newsletter signup fails', async () => {
    const user = userEvent.setup({ delay: null });
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    mockXhr({ [SIGNUP_PATH]: { status: 201, body: { email: 'x' } }, [NEWSLETTER_PATH]: { status: 500, body: {} } });
    renderRegistration();
    await fillValid(user, { newsletter: true });
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/confirmation'));
  });

  it('does not subscribe the newsletter when not ticked', async () => {
    const user = userEvent.setup({ delay: null });
    const xhr = mockXhr({ [SIGNUP_PATH]: { status: 201, body: { email: 'x' } } });
    renderRegistration();
    await fillValid(user);
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/confirmation'));
    expect(xhr.mock.calls.map(([url]) => url.pathname)).toEqual(['/content/public/spaces/erd/frontend-users/signup']);
  });

  it.each([
    [404, 'ClubNotFound', 'Der gewählte Verein wurde nicht gefunden.'],
    [409, 'EmailExists', 'Die E-Mail-Adresse ist bereits vergeben.'],
    [400, 'ValidationError', 'Bei der Registrierung ist ein Fehler aufgetreten, bitte versuche es später erneut.'],
    [500, 'InternalError', 'Bei der Registrierung ist ein Fehler aufgetreten, bitte versuche es später erneut.'],
  ])('answers %s %s with "%s"', async (status, code, text) => {
    const user = userEvent.setup({ delay: null });
    mockXhr({ [SIGNUP_PATH]: { status, body: { code, message: code } } });
    renderRegistration();
    await fillValid(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    expect(location()).toBe('/registration');
    expect(localStorage.getItem(storageKeys.confirmEmail)).toBeNull();
  });

  it('answers 409 ClubTaken (the entry was taken after the early check) with the text and the ways on', async () => {
    const user = userEvent.setup({ delay: null });
    mockXhr({ [SIGNUP_PATH]: { status: 409, body: { code: 'ClubTaken', message: 'ClubTaken' } } });
    renderRegistration();
    await fillValid(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Für den gewählten Verein existiert bereits eine Anmeldung\. Pro Verein und Team gibt es ein Konto\./);
    expect(within(alert).getByRole('link', { name: 'logge dich ein' })).toHaveAttribute('href', '/login');
    expect(within(alert).getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/restore-password');
    expect(location()).toBe('/registration');
  });

  it('links an unconfirmed existing e-mail to the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    mockXhr({ [SIGNUP_PATH]: { status: 409, body: { code: 'EmailNotConfirmed', message: 'EmailNotConfirmed' } } });
    renderRegistration();
    await fillValid(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die E-Mail-Adresse muss noch bestätigt werden:');
    expect(within(alert).getByRole('link', { name: 'Jetzt bestätigen' })).toHaveAttribute('href', '/confirmation');
    expect(localStorage.getItem(storageKeys.confirmEmail)).toBe('erika@tsv-eching.example');
  });

  it('answers a network failure with the generic text', async () => {
    const user = userEvent.setup({ delay: null });
    mockXhr({ [SIGNUP_PATH]: { status: 0 } });
    renderRegistration();
    await fillValid(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bei der Registrierung ist ein Fehler aufgetreten, bitte versuche es später erneut.',
    );
  });
});

describe('club search', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime, delay: null });
  const options = () => screen.queryAllByRole('option').filter((o) => o.closest('[aria-label="Gefundene Vereine"]'));

  it('loads the catalogue once and searches after 300 ms of quiet, from the 4th character on', async () => {
    const user = setup();
    renderRegistration();
    await user.type(clubBox(), 'Ech');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(options()).toHaveLength(0);
    expect(screen.queryByText('Es wurde kein Verein gefunden')).not.toBeInTheDocument();

    await user.type(clubBox(), 'i');
    await act(() => jest.advanceTimersByTimeAsync(299));
    expect(options()).toHaveLength(0);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(options().map((o) => o.textContent)).toEqual(['TSV EchingVereinsnummer 10001']);
    expect(clubBox()).toHaveAttribute('aria-expanded', 'true');

    await user.clear(clubBox());
    await user.type(clubBox(), 'munchen');
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(options().map((o) => o.textContent)).toEqual(['FC München-SüdVereinsnummer 20002']);

    await user.clear(clubBox());
    await user.type(clubBox(), '30003');
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(options().map((o) => o.textContent)).toEqual(['SV GroßhadernVereinsnummer 30003']);

    const catalogueCalls = fetchMock.mock.calls.filter(([input]) => String(input).includes('objects/search'));
    expect(catalogueCalls).toHaveLength(1);
    expect(String(catalogueCalls[0]![0])).toContain('objectTypeId=bfv-erd-club');
  });

  it('says when nothing was found', async () => {
    const user = setup();
    renderRegistration();
    await user.type(clubBox(), 'Xyzabc');
    await act(() => jest.advanceTimersByTimeAsync(300));
    expect(screen.getByText('Es wurde kein Verein gefunden')).toBeInTheDocument();
  });

  it('hides the results once a club is chosen and preselects its only team', async () => {
    const user = setup();
    renderRegistration();
    await user.type(clubBox(), 'München');
    await act(() => jest.advanceTimersByTimeAsync(300));
    await user.click(screen.getByRole('option', { name: /FC München-Süd/ }));

    expect(options()).toHaveLength(0);
    expect(clubBox()).toHaveValue('FC München-Süd');
    expect(clubBox()).toHaveAttribute('aria-expanded', 'false');
    expect(teamBox()).toHaveTextContent('Damen');
    await user.click(teamBox());
    expect(
      within(screen.getByRole('listbox', { name: 'Team' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Damen']);
  });

  it('offers only the teams the club has; the dropdown toggles and closes on a choice or a click outside', async () => {
    const user = setup();
    renderRegistration();
    expect(teamBox()).toHaveAttribute('aria-disabled', 'true');
    await user.type(clubBox(), 'Großhadern');
    await act(() => jest.advanceTimersByTimeAsync(300));
    await user.click(screen.getByRole('option', { name: /SV Großhadern/ }));
    expect(teamBox()).toHaveTextContent('Herren');

    await user.clear(clubBox());
    expect(teamBox()).toHaveTextContent('Zuerst den Verein wählen');
    await user.type(clubBox(), 'Eching');
    await act(() => jest.advanceTimersByTimeAsync(300));
    await user.click(screen.getByRole('option', { name: /TSV Eching/ }));
    expect(teamBox()).toHaveTextContent('Team wählen');

    await user.click(teamBox());
    expect(teamBox()).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(screen.getByRole('listbox', { name: 'Team' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Herren', 'Damen']);
    await user.click(teamBox());
    expect(teamBox()).toHaveAttribute('aria-expanded', 'false');

    await user.click(teamBox());
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(teamBox()).toHaveAttribute('aria-expanded', 'false');

    await user.click(teamBox());
    await user.click(screen.getByRole('option', { name: 'Herren' }));
    expect(teamBox()).toHaveAttribute('aria-expanded', 'false');
    expect(teamBox()).toHaveTextContent('Herren');
  });

  it('chooses with the keyboard', async () => {
    const user = setup();
    renderRegistration();
    await user.type(clubBox(), 'ching');
    await act(() => jest.advanceTimersByTimeAsync(300));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(clubBox()).toHaveValue('SC Unterhaching-Ost');
    expect(options()).toHaveLength(0);
  });

  it('un-chooses the club when the text is changed again', async () => {
    const user = setup();
    renderRegistration();
    await user.type(clubBox(), 'Großhadern');
    await act(() => jest.advanceTimersByTimeAsync(300));
    await user.click(screen.getByRole('option', { name: /SV Großhadern/ }));
    await user.type(clubBox(), 'x');
    await user.tab();
    expect(screen.getByText('Bitte wähle deinen Verein aus')).toBeInTheDocument();
  });
});

describe('club first, and the early answer for a taken entry', () => {
  it('asks for the club and the team before the personal data', () => {
    renderRegistration();
    const order = [clubBox(), teamBox(), field('Vorname'), field('E-Mail-Adresse')];
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(0, 3)).toEqual(['Dein Verein', 'Deine Daten', 'Dein Zugang']);
  });

  it('says at once that the chosen club and team already have an account, with the ways on, and keeps the form from being sent', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock = mockFetch({
      [CLUB_SEARCH_PATH]: { body: { items: catalogue, total: catalogue.length } },
      ...availabilityRoutes(['club-10001-w']),
    });
    const xhr = mockXhr({ [SIGNUP_PATH]: { status: 201, body: { email: 'x' } } });
    renderRegistration();
    await fillValid(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Für den gewählten Verein existiert bereits eine Anmeldung\. /);
    expect(within(alert).getByRole('link', { name: 'logge dich ein' })).toHaveAttribute('href', '/login');
    expect(within(alert).getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/restore-password');
    expect(alert).toHaveTextContent('Sonst frag in deinem Verein nach, wer eure Mannschaft angemeldet hat.');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/clubs/club-10001-w/availability');
    expect(submit()).toBeDisabled();
    await user.click(submit());
    expect(xhr).not.toHaveBeenCalled();

    // The other team of the club is free: the message goes, the form can be sent.
    await user.click(teamBox());
    await user.click(screen.getByRole('option', { name: 'Herren' }));
    expect(await screen.findByText(/^Für deinen Verein und dein Team gibt es noch keine Anmeldung/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/confirmation'));
  });

  it('asks only once club and team are chosen, and says nothing before', async () => {
    const user = userEvent.setup({ delay: null });
    renderRegistration();
    await chooseClub(user, 'Eching', 'TSV Eching');
    const availabilityCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/availability'));
    expect(availabilityCalls()).toHaveLength(0);
    expect(screen.queryByText(/gibt es noch keine Anmeldung/)).not.toBeInTheDocument();
    await chooseClub(user, 'München', 'FC München-Süd');
    const answer = await screen.findByText(/^Für deinen Verein und dein Team gibt es noch keine Anmeldung\./);
    expect(answer.closest('[role="status"]')).not.toBeNull();
    expect(availabilityCalls().map(([input]) => String(input))).toEqual(['/api/clubs/club-20002-w/availability']);
  });

  it('does not hold the form back when the check cannot be made (the sign-up decides)', async () => {
    const user = userEvent.setup({ delay: null });
    fetchMock = mockFetch({ [CLUB_SEARCH_PATH]: { body: { items: catalogue, total: catalogue.length } } });
    mockXhr({ [SIGNUP_PATH]: { status: 201, body: { email: 'x' } } });
    renderRegistration();
    await fillValid(user);
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/availability'))).toBe(true));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/confirmation'));
  });
});
