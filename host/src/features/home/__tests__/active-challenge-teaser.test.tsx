import { screen } from '@testing-library/react';
import { loggedInSession, renderWithProviders } from '@erd/shared-contracts/testing';
import { formatDayMonth } from '@erd/shared-contracts';
import { challenge, dayFromToday, seasonChallenges } from '../../../testing/fixtures';
import { ActiveChallengeTeaser } from '../components/active-challenge-teaser';

describe('active-challenge teaser', () => {
  it.each([
    [1, 'bfv-erd-estimate', false],
    [2, 'bfv-erd-picture-vote', true],
    [3, 'bfv-erd-goals', false],
    [4, 'bfv-erd-text-vote', true],
  ] as const)('challenge #%i (%s) shows its badge; STÖBERN only for vote types (%s)', (n, _type, browse) => {
    renderWithProviders(<ActiveChallengeTeaser challenges={seasonChallenges(n)} />);
    expect(screen.getByRole('heading', { name: `Challenge Nummer ${n}` })).toBeInTheDocument();
    expect(screen.getByText(`#${n}`)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `Challenge Nummer ${n}` })).toHaveAttribute('src', `/media/teaser-c${n}-w1024.webp`);
    expect(screen.getByRole('link', { name: 'JETZT MITMACHEN' })).toHaveAttribute('href', '/login');
    if (browse) expect(screen.getByRole('link', { name: 'STÖBERN' })).toHaveAttribute('href', `/challenge/c${n}`);
    else expect(screen.queryByRole('link', { name: 'STÖBERN' })).not.toBeInTheDocument();
  });

  it('JETZT MITMACHEN leads logged-in users to the challenges', () => {
    renderWithProviders(<ActiveChallengeTeaser challenges={seasonChallenges(4)} />, { session: loggedInSession });
    expect(screen.getByRole('link', { name: 'JETZT MITMACHEN' })).toHaveAttribute('href', '/challenge');
  });

  it.each([
    ['all challenges are upcoming', seasonChallenges()],
    ['there are no challenges', []],
  ])('shows the fallback when %s', (_label, challenges) => {
    renderWithProviders(<ActiveChallengeTeaser challenges={challenges} />);
    expect(screen.getByRole('heading', { name: 'Erste Challenge beginnt bald' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teilnehmen' })).toHaveAttribute('href', '/challenge');
    expect(screen.queryByRole('link', { name: 'JETZT MITMACHEN' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^#\d$/)).not.toBeInTheDocument();
  });

  describe('without a running challenge', () => {
    it('before the first challenge: Erste Challenge beginnt bald with Teilnehmen', () => {
      renderWithProviders(<ActiveChallengeTeaser challenges={seasonChallenges()} />);
      expect(screen.getByRole('heading', { name: 'Erste Challenge beginnt bald' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Teilnehmen' })).toHaveAttribute('href', '/challenge');
      expect(screen.queryByText(/Saison/)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /TABELLE/ })).not.toBeInTheDocument();
    });

    it('between two challenges: when the next one starts (the earliest upcoming, dd.MM), Teilnehmen and the table', () => {
      const challenges = [
        challenge('c1', 'bfv-erd-estimate', -40, -30),
        challenge('c2', 'bfv-erd-picture-vote', -20, -5),
        // listed before c4 but starting later
        challenge('c3', 'bfv-erd-goals', 30, 40),
        challenge('c4', 'bfv-erd-text-vote', 6, 20),
      ];
      renderWithProviders(<ActiveChallengeTeaser challenges={challenges} />);
      expect(screen.getByRole('heading', { name: `Nächste Challenge startet am ${formatDayMonth(dayFromToday(6))}.` })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Erste Challenge beginnt bald' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Teilnehmen' })).toHaveAttribute('href', '/challenge');
      expect(screen.getByRole('link', { name: 'ZUR TABELLE' })).toHaveAttribute('href', '/tabelle');
      expect(screen.queryByRole('link', { name: 'JETZT MITMACHEN' })).not.toBeInTheDocument();
    });

    it('after the season: every challenge has ended, the slot leads to the final standings', () => {
      const challenges = [
        challenge('c1', 'bfv-erd-estimate', -90, -80),
        challenge('c2', 'bfv-erd-picture-vote', -70, -50),
        challenge('c3', 'bfv-erd-goals', -40, -30),
        // ended yesterday: finished from today on (end dates are inclusive)
        challenge('c4', 'bfv-erd-text-vote', -20, -1),
      ];
      renderWithProviders(<ActiveChallengeTeaser challenges={challenges} />);
      expect(screen.getByRole('heading', { name: 'Die Saison ist beendet' })).toBeInTheDocument();
      expect(screen.getByText(/In der Abschlusstabelle siehst du, wo dein Verein gelandet ist\./)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' })).toHaveAttribute('href', '/tabelle');
      expect(screen.queryByRole('link', { name: 'Teilnehmen' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'JETZT MITMACHEN' })).not.toBeInTheDocument();
    });

    it('on the last day of the last challenge it still shows that challenge', () => {
      const challenges = [challenge('c1', 'bfv-erd-estimate', -40, -30), challenge('c2', 'bfv-erd-goals', -10, 0, 'Letzte Challenge')];
      renderWithProviders(<ActiveChallengeTeaser challenges={challenges} />);
      expect(screen.getByRole('heading', { name: 'Letzte Challenge' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Die Saison ist beendet' })).not.toBeInTheDocument();
    });
  });

  it('uses the given day to find the active challenge', () => {
    const challenges = seasonChallenges(3);
    renderWithProviders(<ActiveChallengeTeaser challenges={challenges} today={challenges[0].fields.startDate} />);
    expect(screen.getByText('#1')).toBeInTheDocument();
  });

  it('uses the given day for the season state too', () => {
    const challenges = seasonChallenges(3);
    renderWithProviders(<ActiveChallengeTeaser challenges={challenges} today={dayFromToday(365)} />);
    expect(screen.getByRole('heading', { name: 'Die Saison ist beendet' })).toBeInTheDocument();
  });

  it('goes by the server’s day (CLOCK_OFFSET_DAYS from /config.json), not by the browser’s', () => {
    // On the browser's day #2 runs (until +10); 15 days ahead on the server it is over, #3 starts at +60.
    const challenges = seasonChallenges(2);
    renderWithProviders(<ActiveChallengeTeaser challenges={challenges} />, { config: { clockOffsetDays: 15 } });
    expect(screen.queryByText('#2')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `Nächste Challenge startet am ${formatDayMonth(dayFromToday(60))}.` })).toBeInTheDocument();
  });
});
