import { screen, within } from '@testing-library/react';
import { mockFetch } from '@erd/shared-contracts/testing';
import { renderChallenges, season, SPACEDATA, spaceData } from '../../../testing/fixtures';

// One season per file (the space data is kept per page load): every result of 2026 is published and 2027 is scheduled.
beforeEach(() => {
  const published = season();
  for (const c of published) c.fields.resultsPublished = true;
  mockFetch({ [SPACEDATA]: { body: { ...spaceData(published), nextSeason: { year: 2027, startDate: '2027-03-01' } } } });
});

describe('/challenge between two seasons (issue 26)', () => {
  it('leads to the final standings and says when the next season starts, above the list', async () => {
    renderChallenges({ today: '2026-07-10' });
    const notice = await screen.findByRole('region', { name: 'Saison 2026 entschieden' });
    expect(notice).toHaveTextContent('Alle Challenges sind gespielt und alle Ergebnisse veröffentlicht.');
    expect(within(notice).getByText('Die nächste Saison startet am 1.3.2027.')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Zur Abschlusstabelle' })).toHaveAttribute('href', '/tabelle');
    const firstCard = screen.getByRole('article', { name: 'Volle Hütte beim Pokalfinale' });
    expect(notice.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('not while the last challenge still runs', async () => {
    renderChallenges({ today: '2026-06-20' });
    await screen.findByRole('article', { name: 'Volle Hütte beim Pokalfinale' });
    expect(screen.queryByRole('region', { name: 'Saison 2026 entschieden' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Die nächste Saison startet/)).not.toBeInTheDocument();
  });
});
