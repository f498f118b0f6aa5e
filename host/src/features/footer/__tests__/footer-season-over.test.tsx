import { screen, within } from '@testing-library/react';
import { mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import { challenge, SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { Header } from '../../header/components/header';
import { Footer } from '../components/footer';

/** loadSpaceData() keeps the first answer for the page: this file's season has ended (its last challenge ended yesterday). */
beforeEach(() => {
  mockFetch({
    [SPACE_DATA_PATH]: {
      body: spaceData({ challenges: [challenge('a', 'bfv-erd-estimate', -40, -30), challenge('b', 'bfv-erd-text-vote', -20, -1)] }),
    },
  });
  mockXhr({ 'GET /api/me': () => new Promise(() => {}) });
});

describe('after the season', () => {
  it("the footer's call to action leads to the final standings; slogan and newsletter stay", async () => {
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' })).toHaveAttribute('href', '/tabelle');
    expect(within(footer).queryByRole('link', { name: 'Jetzt mitmachen' })).not.toBeInTheDocument();
    expect(within(footer).getByText('Bereit zu punkten?')).toBeInTheDocument();
    expect(await within(footer).findByLabelText('E-Mail-Adresse')).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it("the header's join button becomes 'Abschlusstabelle'", async () => {
    renderWithProviders(<Header />);
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Abschlusstabelle' })).toHaveAttribute('href', '/tabelle');
    expect(within(header).queryByRole('link', { name: 'Jetzt mitmachen' })).not.toBeInTheDocument();
  });

  it('before the answer arrives the footer keeps its join button', async () => {
    renderWithProviders(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Jetzt mitmachen' })).toHaveAttribute('href', '/login');
    await within(footer).findByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' });
    await within(footer).findByLabelText('E-Mail-Adresse');
  });
});
