import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, storageKeys, type AgeConsentRecord } from '@erd/shared-contracts';
import { mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import { Layout } from '../layout';
import { AGE_GATE_FADE_MS } from '../../features/age-gate/components/age-gate';

function renderSite(route = '/') {
  return renderWithProviders(
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<h1>Startseite</h1>} />
        <Route path="*" element={<h1>kein Treffer</h1>} />
      </Route>
    </Routes>,
    { route },
  );
}

const storedConsent = () => JSON.parse(localStorage.getItem(storageKeys.ageConsent) ?? 'null') as AgeConsentRecord | null;
const storeConsent = (over18: AgeConsentRecord['over18']) =>
  localStorage.setItem(storageKeys.ageConsent, JSON.stringify({ over18, timestamp: 1 }));

beforeEach(() => {
  localStorage.clear();
  jest.useRealTimers();
  // The header's and footer's content (space data) stays unanswered: not under test here.
  mockFetch({ 'GET /content/public/spaces/erd/spacedata': () => new Promise(() => {}) });
  mockXhr({ 'GET /api/me': () => new Promise(() => {}) });
});

describe('age gate', () => {
  it('shows a modal dialog with both choices when nothing is stored, and hides the page and its controls', () => {
    const { container } = renderSite();
    const dialog = screen.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('button', { name: 'JA' })).toHaveAccessibleDescription(
      'Ich bestätige, dass ich mindestens 18 Jahre alt bin.',
    );
    expect(within(dialog).getByRole('button', { name: 'Nein' })).toHaveAccessibleDescription('Ich bin noch keine 18 Jahre alt.');
    expect(
      within(dialog).getByText('Die Teilnahme an der Punktejagd und die Gewinne sind nur für Personen ab 18 Jahren.'),
    ).toBeInTheDocument();
    // focus is inside the dialog
    expect(within(dialog).getByRole('button', { name: 'JA' })).toHaveFocus();
    // the page behind is inert and header and footer controls are gone
    const page = container.querySelector('[inert]');
    expect(page).not.toBeNull();
    expect(page).toContainElement(container.querySelector('main'));
    // and not painted behind the opaque gate (its pictures are no candidates for the largest paint)
    expect(page).toHaveStyle({ visibility: 'hidden' });
    expect(screen.queryByRole('link', { name: 'Jetzt mitmachen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menü öffnen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Profil' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-Mail-Adresse')).not.toBeInTheDocument();
    expect(document.body).toHaveClass('erd-age-gate-open');
  });

  it('JA stores the approval and fades the gate out in 1 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { container } = renderSite();
    jest.setSystemTime(new Date('2026-05-01T10:00:00Z'));

    await user.click(screen.getByRole('button', { name: 'JA' }));

    expect(storedConsent()).toEqual({ over18: 'approved', timestamp: new Date('2026-05-01T10:00:00Z').getTime() });
    // still fading, but the page is usable again
    expect(container.querySelector('[role="dialog"]')).toHaveAttribute('data-state', 'leaving');
    expect(container.querySelector('[inert]')).toBeNull();
    expect(container.querySelector('main')?.parentElement).toHaveStyle({ visibility: 'visible' });
    expect(screen.getAllByRole('link', { name: 'Jetzt mitmachen' })).toHaveLength(2);
    expect(document.body).not.toHaveClass('erd-age-gate-open');

    act(() => jest.advanceTimersByTime(AGE_GATE_FADE_MS - 10));
    expect(container.querySelector('[role="dialog"]')).not.toBeNull();
    act(() => jest.advanceTimersByTime(10));
    expect(container.querySelector('[role="dialog"]')).toBeNull();
  });

  it('Nein stores the denial and shows the denied message', async () => {
    const user = userEvent.setup();
    renderSite();

    await user.click(screen.getByRole('button', { name: 'Nein' }));

    expect(storedConsent()).toMatchObject({ over18: 'denied' });
    expect(typeof storedConsent()?.timestamp).toBe('number');
    const dialog = screen.getByRole('dialog', { name: 'SCHADE! NÄCHSTES JAHR VIELLEICHT?' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Doch schon 18?']);
    expect(within(dialog).getByRole('heading', { name: 'SCHADE! NÄCHSTES JAHR VIELLEICHT?' })).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Jetzt mitmachen' })).not.toBeInTheDocument();
  });

  it('shows the denied message again after a reload', () => {
    storeConsent('denied');
    const { container } = renderSite();
    expect(screen.getByRole('dialog', { name: 'SCHADE! NÄCHSTES JAHR VIELLEICHT?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'JA' })).not.toBeInTheDocument();
    expect(container.querySelector('[inert]')).not.toBeNull();
  });

  it('stays hidden when the approval is stored', () => {
    storeConsent('approved');
    const { container } = renderSite();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(container.querySelector('[inert]')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Startseite' })).toBeInTheDocument();
  });

  it.each(['{"over18":"maybe"}', 'not json', 'null'])('treats the broken record %s as not asked', (raw) => {
    localStorage.setItem(storageKeys.ageConsent, raw);
    renderSite();
    expect(screen.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' })).toBeInTheDocument();
  });

  it('a Nein can be taken back: Doch schon 18? forgets it and asks again', async () => {
    const user = userEvent.setup();
    storeConsent('denied');
    renderSite();

    await user.click(screen.getByRole('button', { name: 'Doch schon 18?' }));

    expect(storedConsent()).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' });
    expect(within(dialog).getByRole('button', { name: 'JA' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'JA' }));
    expect(storedConsent()).toMatchObject({ over18: 'approved' });
  });

  it.each([null, 'denied'] as const)(
    'links to the Impressum and the privacy notice (consent %s), which open without a reload',
    async (stored) => {
      const user = userEvent.setup();
      const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined); // the new page starts at its top
      if (stored) storeConsent(stored);
      const { container } = renderSite();
      const dialog = screen.getByRole('dialog');
      const legal = within(dialog).getByRole('navigation', { name: 'Rechtliches' });
      expect(within(legal).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
      expect(within(legal).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/dataProtection');

      await user.click(within(legal).getByRole('link', { name: 'Impressum' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'kein Treffer' })).toBeVisible();
      expect(container.querySelector('[inert]')).toBeNull();
      expect(document.body).not.toHaveClass('erd-age-gate-open');
      // the consent is unchanged: the gate is back on the next page that is not a legal one
      expect(storedConsent()?.over18 ?? null).toBe(stored);
      scrollTo.mockRestore();
    },
  );

  it.each([
    ['/imprint', null],
    ['/dataProtection', null],
    ['/dataprotection', 'denied'],
    ['/terms/', 'denied'],
  ] as const)('%s is readable without the gate (consent %s), with the legal links but no controls', (route, stored) => {
    if (stored) storeConsent(stored);
    const { container } = renderSite(route);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(container.querySelector('[inert]')).toBeNull();
    expect(container.querySelector('main')?.parentElement).toHaveStyle({ visibility: 'visible' });
    const footerLinks = screen.getByRole('navigation', { name: 'Rechtliches und Kontakt' });
    expect(within(footerLinks).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/imprint');
    expect(within(footerLinks).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/dataProtection');
    // no join button, newsletter form or menu before the visitor has approved
    expect(screen.queryByRole('link', { name: 'Jetzt mitmachen' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('E-Mail-Adresse')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menü öffnen' })).not.toBeInTheDocument();
  });

  it('shows on unknown routes (404) as well', () => {
    renderSite('/gibt-es-nicht');
    expect(screen.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' })).toBeInTheDocument();
  });
});
