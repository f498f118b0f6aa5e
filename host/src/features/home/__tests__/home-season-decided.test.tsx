import { screen, within } from '@testing-library/react';
import { mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import { challenge, SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { HomePage } from '../components/home-page';
import { SeasonDecided } from '../components/season-decided';

/** One season per file (the space data is kept per page load): 2026 is over, every result published, 2027 scheduled. */
beforeEach(() => {
  const challenges = [challenge('a', 'bfv-erd-estimate', -60, -40), challenge('b', 'bfv-erd-text-vote', -30, -2)];
  for (const c of challenges) c.fields.resultsPublished = true;
  mockFetch({ [SPACE_DATA_PATH]: { body: { ...spaceData({ challenges }), nextSeason: { year: 2027, startDate: '2027-03-01' } } } });
  mockXhr({ 'GET /api/me': () => new Promise(() => {}) });
});

describe('home page between two seasons (issue 26)', () => {
  it("in the place of 'Läuft gerade': the final standings and the next season's start", async () => {
    renderWithProviders(<HomePage />);
    const decided = await screen.findByRole('region', { name: 'Saison 2026 entschieden' });
    expect(decided).toHaveTextContent('Alle Ergebnisse sind veröffentlicht.');
    expect(within(decided).getByText('Die nächste Saison startet am 1.3.2027.')).toBeInTheDocument();
    expect(within(decided).getByRole('link', { name: 'Zur Abschlusstabelle' })).toHaveAttribute('href', '/tabelle');
    // 'Läuft gerade' and the active-challenge teaser's end-of-season text give way to it.
    expect(screen.queryByRole('heading', { name: /Läuft gerade/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Die Saison ist beendet' })).not.toBeInTheDocument();
  });

  it('the hero leads to the final standings and says it too', async () => {
    renderWithProviders(<HomePage />);
    const hero = screen.getByRole('region', { name: 'Punktejagd' });
    expect(await within(hero).findByTestId('hero-next-season')).toHaveTextContent('Die nächste Saison startet am 1.3.2027.');
    expect(within(hero).getByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' })).toHaveAttribute('href', '/tabelle');
  });

  it('without a scheduled season it leads to the final standings and says no date', () => {
    renderWithProviders(<SeasonDecided year={2026} nextSeason={null} />);
    expect(screen.getByRole('link', { name: 'Zur Abschlusstabelle' })).toHaveAttribute('href', '/tabelle');
    expect(screen.queryByText(/Die nächste Saison startet/)).not.toBeInTheDocument();
  });
});
