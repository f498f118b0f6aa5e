import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, isApiError } from '@erd/shared-contracts';
import { loggedInSession, mockFetch, mockXhr, renderWithProviders, type FakeResponse } from '@erd/shared-contracts/testing';
import { Footer } from '../components/footer';
import { NEWSLETTER_SUCCESS_MS } from '../components/newsletter-form';

/**
 * The newsletter's POST on the fake network (through the contracts' real client): `post` is called
 * with its path and JSON body; it resolves to `{ data }` (the answer) or rejects with the failure to
 * answer (an ApiError's status and code, status 0: no connection; anything else: 500).
 */
const post = jest.fn();

async function answer(path: string, body: unknown): Promise<FakeResponse> {
  try {
    const { data } = (await post(path, body)) as { data?: unknown };
    return { body: data };
  } catch (failure) {
    if (!isApiError(failure)) return { status: 500, body: { code: 'InternalError' } };
    return failure.status === 0 ? { status: 0 } : { status: failure.status, body: { code: failure.code, message: failure.message } };
  }
}

const SUCCESS =
  'Volltreffer! Bitte bestätige noch deine Anmeldung über den Link in der E-Mail, die wir dir gerade geschickt haben – dann bist du offiziell Teil der Punktejagd-Community.';
const ERROR = 'Da ist leider was schief gelaufen.';
const HINT = 'Gib eine gültige Emailadresse an';

/** The footer, once its newsletter form (fetched after the first render) is there. */
async function renderFooter(...args: Parameters<typeof renderWithProviders>) {
  const view = renderWithProviders(...args);
  await screen.findByLabelText('E-Mail-Adresse');
  return view;
}

const field = () => screen.getByLabelText('E-Mail-Adresse');
const submit = () => screen.getByRole('button', { name: 'Anmelden' });

beforeEach(() => {
  post.mockReset();
  jest.useRealTimers();
  // The footer's content (space data) stays unanswered: not under test here.
  mockFetch({ 'GET /content/public/spaces/erd/spacedata': () => new Promise(() => {}) });
  mockXhr({ 'POST /api/public/newsletter': (url, init) => answer(url.pathname, JSON.parse(init.body ?? 'null')) });
});

describe('footer', () => {
  it('shows the slogan, the join button, the legal links and the contact mailto', async () => {
    await renderFooter(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Bereit zu punkten?')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/login');
    expect(within(footer).getByRole('link', { name: 'Teilnahmebedingungen' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/dataProtection');
    expect(within(footer).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
    expect(within(footer).getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', 'mailto:service@punktejagd.example');
  });

  it('sends logged-in users to the challenges with the join button', async () => {
    await renderFooter(<Footer />, { session: loggedInSession });
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/challenge');
  });

  it('leaves out its controls before the age consent, but keeps the legal links', () => {
    renderWithProviders(<Footer controlsHidden />);
    expect(screen.getByText('Bereit zu punkten?')).toBeInTheDocument();
    // the Impressum is reachable from every page (§ 5 DDG), the privacy notice before any data is taken
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Teilnahmebedingungen',
      'Datenschutz',
      'Impressum',
      'Kontakt',
    ]);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('newsletter form', () => {
  it('shows the hint only once the field was touched and the address is invalid', async () => {
    const user = userEvent.setup();
    await renderFooter(<Footer />);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();

    await user.type(field(), 'fan@');
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(field()).toHaveAccessibleDescription(expect.stringContaining(HINT));

    await user.type(field(), 'verein.de');
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-invalid');
  });

  it('shows the hint for an empty field left behind (required)', async () => {
    const user = userEvent.setup();
    await renderFooter(<Footer />);
    await user.click(field());
    await user.tab();
    expect(screen.getByText(HINT)).toBeInTheDocument();
  });

  it('an invalid submit sets the error message, marks the field touched and sends nothing', async () => {
    const user = userEvent.setup();
    await renderFooter(<Footer />);
    await user.type(field(), 'kein-email');
    await user.click(submit());

    expect(screen.getByRole('alert')).toHaveTextContent(ERROR);
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(field()).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });

  it('an empty submit (Enter in the field) also sets the error message', async () => {
    const user = userEvent.setup();
    await renderFooter(<Footer />);
    await user.type(field(), '{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(ERROR);
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('posts { Email, Fields: [] } to the configured URL, shows the double opt-in success for 5 s and clears the form', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    let answer: (value: unknown) => void = () => {};
    post.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    await renderFooter(<Footer />, { config: { newsletterUrl: '/api/public/newsletter' } });

    await user.type(field(), '  fan@tsv-eching.de ');
    await user.click(submit());
    // The request crosses the fake network (msw schedules with queueMicrotask, faked here too).
    await waitFor(() => expect(post).toHaveBeenCalled());

    // loading: the button is disabled while the request runs
    const busy = screen.getByRole('button', { name: 'Wird gesendet …' });
    expect(busy).toBeDisabled();
    expect(post).toHaveBeenCalledWith('/api/public/newsletter', { Email: 'fan@tsv-eching.de', Fields: [] });
    expect(post).toHaveBeenCalledTimes(1);

    await act(async () => answer({ data: { ok: true } }));

    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(SUCCESS);
    expect(status.textContent?.startsWith('Volltreffer!')).toBe(true);
    expect(field()).toHaveValue('');
    expect(submit()).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(NEWSLETTER_SUCCESS_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent(SUCCESS);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(/Volltreffer!/)).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', new ApiError('Gib eine gültige Emailadresse an', 400, 'ValidationError')],
    ['a network error', new ApiError('Network error', 0, 'NetworkError')],
    ['an unexpected failure', new Error('boom')],
  ])('shows the generic error on %s', async (_label, failure) => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    post.mockRejectedValue(failure);
    await renderFooter(<Footer />);

    await user.type(field(), 'fan@tsv-eching.de');
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(field()).toHaveValue('fan@tsv-eching.de');
    expect(submit()).toBeEnabled();
  });

  it('shows the consent text with a link to the data protection page', async () => {
    await renderFooter(<Footer />);
    expect(field()).toHaveAccessibleDescription(expect.stringContaining('jederzeit wieder abmelden'));
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/dataProtection');
  });
});
