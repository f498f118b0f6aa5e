import { screen } from '@testing-library/react';
import { loggedInSession, renderWithProviders } from '@erd/shared-contracts/testing';
import { seasonChallenges } from '../../../testing/fixtures';
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

  it('uses the given day to find the active challenge', () => {
    const challenges = seasonChallenges(3);
    renderWithProviders(<ActiveChallengeTeaser challenges={challenges} today={challenges[0].fields.startDate} />);
    expect(screen.getByText('#1')).toBeInTheDocument();
  });
});
