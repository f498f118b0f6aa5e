import { act, screen } from '@testing-library/react';
import { DEFAULT_CAMPAIGN, type ChallengeDto, type YearFields } from '@erd/shared-contracts';
import { loggedInSession, renderWithProviders } from '@erd/shared-contracts/testing';
import { challenge, image, seasonChallenges, spaceData } from '../../../testing/fixtures';
import { formatSeasonSpan, Hero, HERO_WAIT_MS, voteTarget } from '../components/hero';

const year = (overrides: Partial<YearFields> = {}): YearFields => ({ ...spaceData().year.fields, ...overrides });
const renderHero = (fields?: YearFields, options: Parameters<typeof renderWithProviders>[1] = {}, pending = false) =>
  renderWithProviders(<Hero productName="Punktejagd" year={fields} pending={pending} />, options);

const claim = () => screen.getByTestId('hero-claim');
const vote = () => screen.queryByRole('link', { name: 'Jetzt abstimmen' });

afterEach(() => jest.useRealTimers());

describe('hero', () => {
  it('keeps the logo as the page heading', () => {
    renderHero(year());
    expect(screen.getByRole('heading', { level: 1, name: 'Punktejagd' })).toBeInTheDocument();
  });

  it('shows the default claim and subline when the season sets no campaign, and leads to the prizes', () => {
    renderHero(year());
    expect(claim()).toHaveTextContent(DEFAULT_CAMPAIGN.claim);
    expect(screen.getByText(DEFAULT_CAMPAIGN.subline!)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Preise/ })).toHaveAttribute('href', '#preise');
    expect(screen.queryByText('Hauptpreis')).not.toBeInTheDocument();
    expect(screen.getByTestId('hero-pitch')).toBeInTheDocument();
    expect(screen.queryByTestId('hero-photo')).not.toBeInTheDocument();
  });

  it("shows the season's claim, subline, lead prize and photograph", () => {
    const photo = image('hero');
    photo.metadata!.thumbnails!.push({ url: '/media/hero-w1920.webp', width: 1920, format: 'webp' });
    renderHero(
      year({
        campaign: {
          claim: 'Eure Saison, eure Punkte!',
          subline: 'Vier Challenges warten.',
          prize: 'Ein Trikotsatz für alle',
          image: photo,
        },
      }),
    );
    expect(claim()).toHaveTextContent('Eure Saison, eure Punkte!');
    expect(screen.getByText('Vier Challenges warten.')).toBeInTheDocument();
    expect(screen.getByTestId('hero-prize')).toHaveTextContent('HauptpreisEin Trikotsatz für alle');
    expect(screen.queryByRole('link', { name: /Preise/ })).not.toBeInTheDocument();
    const img = screen.getByTestId('hero-photo');
    expect(img).toHaveAttribute('src', '/media/hero-w1024.webp');
    expect(img).toHaveAttribute('srcset', '/media/hero-w1024.webp 1024w, /media/hero-w1920.webp 1920w');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('alt', '');
    expect(screen.queryByTestId('hero-pitch')).not.toBeInTheDocument();
  });

  it("shows the season's dates", () => {
    const challenges = seasonChallenges(2);
    renderHero(year({ challenges }));
    const first = challenges[0]!.fields.startDate;
    const last = challenges[3]!.fields.endDate;
    expect(screen.getByTestId('hero-season')).toHaveTextContent(`Saison ${formatSeasonSpan(first, last)}`);
  });

  it('formats the season as dd.MM.–dd.MM.yyyy', () => {
    expect(formatSeasonSpan('2026-05-04', '2026-07-26')).toBe('04.05.–26.07.2026');
    expect(formatSeasonSpan('2026-12-28', '2027-01-10')).toBe('28.12.2026–10.01.2027');
  });

  it('JETZT MITMACHEN leads visitors to the login and members to the challenges', () => {
    const { unmount } = renderHero(year());
    expect(screen.getByRole('link', { name: 'JETZT MITMACHEN' })).toHaveAttribute('href', '/login');
    unmount();
    renderHero(year(), { session: loggedInSession });
    expect(screen.getByRole('link', { name: 'JETZT MITMACHEN' })).toHaveAttribute('href', '/challenge');
  });

  it('offers Jetzt abstimmen only while a vote runs', () => {
    // #2 (picture vote) runs from three days ago: its voting window is open today.
    const { unmount } = renderHero(year({ challenges: seasonChallenges(2) }));
    expect(vote()).toHaveAttribute('href', '/challenge/c2');
    unmount();
    // #1 (estimate) runs, no vote.
    renderHero(year({ challenges: seasonChallenges(1) }));
    expect(vote()).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'JETZT MITMACHEN' })).toBeInTheDocument();
  });

  it('does not offer the vote while the votes are only being submitted', () => {
    // submission today and tomorrow, voting from the day after
    renderHero(year({ challenges: [challenge('v', 'bfv-erd-text-vote', 0, 10)] }));
    expect(vote()).not.toBeInTheDocument();
  });

  it('sends Jetzt abstimmen to the challenge list when several votes run', () => {
    const challenges: ChallengeDto[] = [challenge('a', 'bfv-erd-picture-vote', -3, 5), challenge('b', 'bfv-erd-text-vote', -4, 6)];
    expect(voteTarget(challenges, challenges[0]!.fields.endDate)).toBe('/challenge');
    renderHero(year({ challenges }));
    expect(vote()).toHaveAttribute('href', '/challenge');
  });

  it('leads to the final standings once the season is over', () => {
    const challenges = [challenge('a', 'bfv-erd-estimate', -40, -30), challenge('b', 'bfv-erd-picture-vote', -20, -2)];
    renderHero(year({ challenges }));
    expect(screen.getByRole('link', { name: 'ZUR ABSCHLUSSTABELLE' })).toHaveAttribute('href', '/tabelle');
    expect(screen.queryByRole('link', { name: 'JETZT MITMACHEN' })).not.toBeInTheDocument();
    expect(vote()).not.toBeInTheDocument();
    expect(screen.getByTestId('hero-season')).toHaveTextContent(/^Saison beendet/);
  });

  it('keeps the texts in their place, unseen, while the season loads; the default shows after a while', () => {
    jest.useFakeTimers();
    renderHero(undefined, {}, true);
    expect(screen.getByRole('heading', { level: 1, name: 'Punktejagd' })).toBeVisible();
    expect(claim()).toHaveTextContent(DEFAULT_CAMPAIGN.claim);
    expect(claim()).not.toBeVisible();
    expect(screen.queryByRole('link', { name: 'JETZT MITMACHEN' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(HERO_WAIT_MS));
    expect(claim()).toBeVisible();
    expect(screen.getByRole('link', { name: 'JETZT MITMACHEN' })).toHaveAttribute('href', '/login');
  });

  it('shows the default texts at once when the season could not be loaded', () => {
    renderHero(undefined);
    expect(claim()).toBeVisible();
    expect(screen.getByRole('link', { name: 'JETZT MITMACHEN' })).toBeInTheDocument();
    expect(screen.getByTestId('hero-season')).toHaveTextContent('');
  });
});
