import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionData } from '@erd/shared-contracts';
import { loggedInSession, mockFetch, mockXhr, renderWithProviders, type FakeXhrInit } from '@erd/shared-contracts/testing';
import ClubPage from '../../../exposes/club-page';
import { apiRoutes, club, meAnswer, overallRows } from '../../../testing/fixtures';
import { fansCountText } from '../components/fan-card';
import { consentText, FAN_TEXTS } from '../components/fan-signup-form';

/** 'Mein Verein' on the club page (issue 25): the sign-up form for everyone, the count for the club's own account. */

const eching = club('club-1', 'TSV Eching', { clubnumber: '10214', team: 'm' });
const SIGNUP = 'POST /api/public/club-fans';
const COUNT = 'GET /api/me/fans';

function renderClub(session: SessionData | null = null) {
  return renderWithProviders(<ClubPage />, { route: '/club/club-1', path: '/club/:clubId', session });
}

beforeEach(() => {
  mockFetch(apiRoutes({ clubs: [eching], overall: overallRows }));
});
afterEach(() => {
  document.title = '';
});

const card = () => screen.findByRole('region', { name: 'Mein Verein' });
const form = async () => within(await card()).findByRole('form', { name: 'Fan von TSV Eching (Herren) werden' });

describe('the sign-up', () => {
  it('pitches the club and asks for address, consent (the versioned text) and 18+', async () => {
    mockXhr({});
    renderClub();
    const region = await card();
    expect(region).toHaveTextContent('Verpasse keine Abstimmung: Wir sagen dir Bescheid, wenn TSV Eching deine Stimme braucht.');
    const f = await form();
    expect(within(f).getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveAttribute('autocomplete', 'email');
    const consent = within(f).getByRole('checkbox', { name: /^Ja, die Punktejagd darf mir E-Mails schicken/ });
    expect(consent).not.toBeChecked();
    expect(f).toHaveTextContent(consentText('TSV Eching (Herren)', 'Punktejagd'));
    expect(within(f).getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/dataProtection');
    expect(within(f).getByRole('checkbox', { name: FAN_TEXTS.adultLabel })).not.toBeChecked();
    expect(within(f).getByRole('button', { name: 'Fan werden' })).toBeEnabled();
    // A visitor's page asks nothing of our API.
    expect(screen.queryByText(/bestätigte? Fans? folg/)).not.toBeInTheDocument();
  });

  it('names what is missing in German and sends nothing; the first wrong field gets the focus', async () => {
    const xhr = mockXhr({});
    const user = userEvent.setup();
    renderClub();
    const f = await form();
    await user.click(within(f).getByRole('button', { name: 'Fan werden' }));
    const email = within(f).getByRole('textbox', { name: 'E-Mail-Adresse' });
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(FAN_TEXTS.email);
    expect(within(f).getByRole('checkbox', { name: /^Ja, die Punktejagd/ })).toHaveAccessibleDescription(FAN_TEXTS.consent);
    expect(within(f).getByRole('checkbox', { name: FAN_TEXTS.adultLabel })).toHaveAccessibleDescription(FAN_TEXTS.adult);

    await user.type(email, 'fan@example.org');
    await user.click(within(f).getByRole('button', { name: 'Fan werden' }));
    expect(within(f).getByRole('checkbox', { name: /^Ja, die Punktejagd/ })).toHaveFocus();
    expect(email).not.toHaveAccessibleDescription();
    expect(xhr).not.toHaveBeenCalled();
  });

  it('works with the keyboard alone and ends in the double opt-in message', async () => {
    const xhr = mockXhr({ [SIGNUP]: { body: { ok: true } } });
    const user = userEvent.setup();
    renderClub();
    const f = await form();
    within(f).getByRole('textbox', { name: 'E-Mail-Adresse' }).focus();
    await user.keyboard(' Fan@Example.org ');
    await user.tab();
    expect(within(f).getByRole('checkbox', { name: /^Ja, die Punktejagd/ })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab(); // the privacy link in the consent text
    await user.tab();
    expect(within(f).getByRole('checkbox', { name: FAN_TEXTS.adultLabel })).toHaveFocus();
    await user.keyboard(' ');
    await user.tab();
    expect(within(f).getByRole('button', { name: 'Fan werden' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const success = await within(await card()).findByRole('status');
    expect(success).toHaveTextContent(FAN_TEXTS.success);
    const call = xhr.mock.calls.find(([u, init]) => `${(init as FakeXhrInit).method} ${(u as URL).pathname}` === SIGNUP)!;
    const init = call[1] as FakeXhrInit;
    expect(JSON.parse(init.body!)).toEqual({ clubId: 'club-1', email: 'Fan@Example.org', consent: true, adult: true });
    expect(init.headers['x-xsrf-token']).toBeTruthy();
    expect(init.headers.authorization).toBeUndefined();
    expect(screen.queryByRole('form', { name: /Fan von/ })).not.toBeInTheDocument();
  });

  it.each([
    [429, FAN_TEXTS.limit],
    [500, FAN_TEXTS.failed],
  ])('an answer %i keeps the input and says so in German', async (status, message) => {
    mockXhr({ [SIGNUP]: { status, body: { code: 'X', message: 'x' } } });
    const user = userEvent.setup();
    renderClub();
    const f = await form();
    await user.type(within(f).getByRole('textbox', { name: 'E-Mail-Adresse' }), 'fan@example.org');
    await user.click(within(f).getByRole('checkbox', { name: /^Ja, die Punktejagd/ }));
    await user.click(within(f).getByRole('checkbox', { name: FAN_TEXTS.adultLabel }));
    await user.click(within(f).getByRole('button', { name: 'Fan werden' }));
    expect(await within(f).findByRole('alert')).toHaveTextContent(message);
    expect(within(f).getByRole('textbox', { name: 'E-Mail-Adresse' })).toHaveValue('fan@example.org');
    expect(within(f).getByRole('button', { name: 'Fan werden' })).toBeEnabled();
  });
});

describe('the count', () => {
  it('shows the club’s own account how many confirmed fans follow it', async () => {
    const xhr = mockXhr({ 'GET /api/me': meAnswer('club-1'), [COUNT]: { body: { confirmed: 1234 } } });
    renderClub(loggedInSession);
    expect(await within(await card()).findByText('1.234 bestätigte Fans folgen eurem Verein')).toBeInTheDocument();
    const init = xhr.mock.calls.find(([u]) => (u as URL).pathname === '/api/me/fans')![1] as FakeXhrInit;
    expect(init.headers.authorization).toMatch(/^Bearer /);
  });

  it('is not asked for by a member of another club', async () => {
    const xhr = mockXhr({ 'GET /api/me': meAnswer('club-2'), [COUNT]: { body: { confirmed: 5 } } });
    renderClub(loggedInSession);
    await card();
    await waitFor(() => expect(xhr).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(xhr.mock.calls.map(([u]) => (u as URL).pathname)).toEqual(['/api/me']);
    expect(screen.queryByText(/Fans? folg/)).not.toBeInTheDocument();
  });

  it('counts in German', () => {
    expect(fansCountText(0)).toBe('0 bestätigte Fans folgen eurem Verein');
    expect(fansCountText(1)).toBe('1 bestätigter Fan folgt eurem Verein');
    expect(fansCountText(12)).toBe('12 bestätigte Fans folgen eurem Verein');
  });
});
