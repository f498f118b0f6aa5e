import { screen, within } from '@testing-library/react';
import { loggedInSession, mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { HomePage } from '../components/home-page';

/** loadSpaceData() keeps the first successful answer for the page, so this file uses one space data. */
beforeEach(() => {
  mockFetch({ [SPACE_DATA_PATH]: { body: spaceData() } });
});

describe('home page', () => {
  it('shows the hero with the logo as the page heading and sets the title', async () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Punktejagd' })).toBeInTheDocument();
    expect(document.title).toBe('Punktejagd – Bereit zu punkten?');
    await screen.findByRole('heading', { name: 'Intro-Überschrift' });
  });

  it('has two banner strips with the slogan at 50 s and 30 s; only one slogan is read out', async () => {
    renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: 'Intro-Überschrift' });
    const strips = screen.getAllByTestId('banner-strip');
    expect(strips.map((s) => s.dataset.duration)).toEqual(['50s', '30s']);
    for (const strip of strips) expect(within(strip).getAllByText('BEREIT ZU PUNKTEN?').length).toBeGreaterThan(2);
    const readable = screen.getAllByText('BEREIT ZU PUNKTEN?').filter((el) => !el.closest('[aria-hidden="true"]'));
    expect(readable).toHaveLength(1);
  });

  it('shows the first teaser: headline, subheadline, rich text and one image', async () => {
    renderWithProviders(<HomePage />);
    const headline = await screen.findByRole('heading', { level: 2, name: 'Intro-Überschrift' });
    const section = headline.closest('section') as HTMLElement;
    expect(within(section).getByText('Intro-Unterzeile')).toBeInTheDocument();
    expect(within(section).getByText('Intro-Text aus dem Content')).toBeInTheDocument();
    const img = within(section).getByRole('img', { name: 'Jubelnder Spieler' });
    expect(img).toHaveAttribute('src', '/media/intro-w1024.webp');
    expect(img).toHaveAttribute('width', '1024');
    expect(img).toHaveAttribute('height', '768');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('shows the second teaser with at most two images and its description', async () => {
    renderWithProviders(<HomePage />);
    const headline = await screen.findByRole('heading', { level: 2, name: 'So läuft es' });
    const section = headline.closest('section') as HTMLElement;
    expect(within(section).getByText('Ablauf-Text')).toBeInTheDocument();
    expect(within(section).getByText('Ablauf-Beschreibung')).toBeInTheDocument();
    expect(within(section).getAllByRole('img')).toHaveLength(2);
    expect(within(section).getByRole('img', { name: 'So läuft es – Bild 1' })).toBeInTheDocument();
  });

  it('shows the prize teaser with at most four of its five prize images', async () => {
    renderWithProviders(<HomePage />);
    const headline = await screen.findByRole('heading', { level: 2, name: 'Preise' });
    const section = headline.closest('section') as HTMLElement;
    expect(within(section).getByText('Für die ganze Mannschaft')).toBeInTheDocument();
    expect(within(section).getByText('Preis-Text')).toBeInTheDocument();
    const images = within(within(section).getByRole('list', { name: 'Preise' })).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Preisbild 1', 'Preisbild 2', 'Preisbild 3', 'Preisbild 4']);
  });

  it('shows the active challenge (#2, picture vote) with JETZT MITMACHEN to the login and STÖBERN for visitors', async () => {
    renderWithProviders(<HomePage />);
    const headline = await screen.findByRole('heading', { level: 2, name: 'Challenge Nummer 2' });
    const section = headline.closest('section') as HTMLElement;
    expect(within(section).getByText('#2')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: 'Challenge Nummer 2' })).toHaveAttribute('src', '/media/teaser-c2-w1024.webp');
    expect(within(section).getByRole('link', { name: 'JETZT MITMACHEN' })).toHaveAttribute('href', '/login');
    expect(within(section).getByRole('link', { name: 'STÖBERN' })).toHaveAttribute('href', '/challenge/c2');
  });

  it('sends logged-in users to the challenges with JETZT MITMACHEN', async () => {
    renderWithProviders(<HomePage />, { session: loggedInSession });
    const headline = await screen.findByRole('heading', { level: 2, name: 'Challenge Nummer 2' });
    const section = headline.closest('section') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'JETZT MITMACHEN' })).toHaveAttribute('href', '/challenge');
  });

  it("shows the season's claim in the hero and 'Läuft gerade' with the running challenge", async () => {
    renderWithProviders(<HomePage />);
    const running = await screen.findByRole('heading', { level: 2, name: 'Läuft gerade' });
    const section = running.closest('section') as HTMLElement;
    expect(within(section).getByRole('heading', { level: 3, name: 'Challenge Nummer 2' })).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'ABSTIMMEN' })).toHaveAttribute('href', '/challenge/c2');
    expect(screen.getByTestId('hero-claim')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Jetzt abstimmen' })).toHaveAttribute('href', '/challenge/c2');
    expect(document.getElementById('preise')).toHaveAccessibleName('Preise');
  });
});
