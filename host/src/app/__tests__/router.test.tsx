import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storageKeys } from '@erd/shared-contracts';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { SPACE_DATA_PATH, spaceData } from '../../testing/fixtures';
import { AppRoutes } from '../router';

// Remote areas are not under test here: their loader never settles (they show their spinner).
jest.mock('../remotes/federation', () => ({ loadRemoteModule: () => new Promise(() => {}), loadedRemoteModule: () => undefined }));

const approve = () => localStorage.setItem(storageKeys.ageConsent, JSON.stringify({ over18: 'approved', timestamp: 1 }));

beforeEach(() => {
  localStorage.clear();
  mockFetch({ [SPACE_DATA_PATH]: { body: spaceData() } });
});

describe('app routes', () => {
  it('frames every page with header, main and footer and a skip link to the content', async () => {
    approve();
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'Punktejagd' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Intro-Überschrift' });

    const skip = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(skip).toHaveAttribute('href', '#main');
    await user.tab();
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });

  it.each([
    ['/terms', 'Teilnahmebedingungen', 'Text der Teilnahmebedingungen'],
    ['/dataProtection', 'Datenschutz', 'Text der Datenschutzerklärung'],
    ['/dataprotection', 'Datenschutz', 'Text der Datenschutzerklärung'],
    ['/imprint', 'Impressum', 'Text des Impressums'],
  ])('%s shows the legal page with its text', async (route, title, text) => {
    approve();
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each(['/not-found', '/gibt-es-nicht', '/challenge-x/y'])('%s shows the 404 screen titled "kein Treffer"', (route) => {
    approve();
    renderWithProviders(<AppRoutes />, { route });
    expect(screen.getByRole('heading', { level: 1, name: 'kein Treffer' })).toBeInTheDocument();
    expect(screen.getByText('Aber bei der Punktejagd kassierst du trotzdem Punkte!')).toBeInTheDocument();
    expect(document.title).toBe('kein Treffer');
  });

  it('shows the age gate over the 404 screen', () => {
    renderWithProviders(<AppRoutes />, { route: '/not-found' });
    expect(screen.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'kein Treffer' })).not.toBeInTheDocument(); // hidden behind the gate
  });

  it('mounts remote areas in main for their routes', () => {
    approve();
    renderWithProviders(<AppRoutes />, { route: '/tabelle' });
    expect(within(screen.getByRole('main')).getByRole('status')).toHaveTextContent('Wird geladen');
  });
});
