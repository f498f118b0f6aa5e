import { act, screen, within } from '@testing-library/react';
import type { ChallengeDto, ChallengeObjectTypeId } from '@erd/shared-contracts';
import { loggedInSession, renderWithProviders } from '@erd/shared-contracts/testing';
import { NOW_TICK_MS } from '../../../lib/use-now';
import { RunningChallenges } from '../components/running-challenges';

/** 10 June 2026, 12:00 in Berlin (summer time). */
const NOW = new Date('2026-06-10T10:00:00Z');

function normal(id: string, type: ChallengeObjectTypeId, startDate: string, endDate: string): ChallengeDto {
  return {
    sys: { id, objectTypeId: type },
    fields: { headline: `Headline ${id}`, teasertitle: `Titel ${id}`, startDate, endDate, points: [] },
  } as ChallengeDto;
}

function vote(
  id: string,
  windows: { submit: [string, string]; vote: [string, string] },
  extra: Record<string, unknown> = {},
): ChallengeDto {
  return {
    sys: { id, objectTypeId: 'bfv-erd-picture-vote' },
    fields: {
      headline: `Headline ${id}`,
      teasertitle: `Titel ${id}`,
      startDate: windows.submit[0],
      endDate: '2026-06-30',
      startDateSubmission: windows.submit[0],
      endDateSubmission: windows.submit[1],
      startDateVoting: windows.vote[0],
      endDateVoting: windows.vote[1],
      points: [],
      ...extra,
    },
  } as ChallengeDto;
}

const season: ChallengeDto[] = [
  normal('old', 'bfv-erd-estimate', '2026-05-01', '2026-05-20'),
  normal('goals', 'bfv-erd-goals', '2026-06-01', '2026-06-12'),
  vote('photo', { submit: ['2026-06-01', '2026-06-15'], vote: ['2026-06-16', '2026-06-30'] }),
  vote('slogan', { submit: ['2026-05-25', '2026-06-05'], vote: ['2026-06-06', '2026-06-30'] }),
  normal('later', 'bfv-erd-estimate', '2026-07-01', '2026-07-20'),
];

const tile = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li') as HTMLElement;

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => jest.useRealTimers());

describe('Läuft gerade', () => {
  it('lists every challenge open today with its #n and phase, not the finished or upcoming ones', () => {
    renderWithProviders(<RunningChallenges challenges={season} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Läuft gerade' })).toBeInTheDocument();
    const tiles = screen.getAllByTestId('running-challenge');
    expect(tiles.map((t) => within(t).getByRole('heading').textContent)).toEqual(['Titel goals', 'Titel photo', 'Titel slogan']);
    expect(tiles.map((t) => within(t).getByText(/^#\d$/).textContent)).toEqual(['#2', '#3', '#4']);
    expect(tiles.map((t) => within(t).getByTestId('running-phase').textContent)).toEqual(['Läuft', 'Einreichen', 'Abstimmung']);
    expect(screen.getByText('3 Challenges sind gerade offen – jede bringt deinem Verein Punkte.')).toBeInTheDocument();
  });

  it('counts down to the end of each phase: days, with the last day', () => {
    renderWithProviders(<RunningChallenges challenges={season} />);
    // goals ends on 12.06. (inclusive): 2 days 12 hours left
    expect(within(tile('Titel goals')).getByTestId('running-countdown')).toHaveTextContent('noch 2 Tage · bis 12.06.');
    // photo: submission until 15.06.
    expect(within(tile('Titel photo')).getByTestId('running-countdown')).toHaveTextContent('noch 5 Tage · bis 15.06.');
    // slogan: voting until 30.06.
    expect(within(tile('Titel slogan')).getByTestId('running-countdown')).toHaveTextContent('noch 20 Tage · bis 30.06.');
  });

  it('switches to hours on the last day and renews the countdown every minute', () => {
    // 12 June, 22:59:30 in Berlin: 1 hour and 30 seconds left of the goals challenge
    jest.setSystemTime(new Date('2026-06-12T20:59:30Z'));
    renderWithProviders(<RunningChallenges challenges={season} />);
    const countdown = () => within(tile('Titel goals')).getByTestId('running-countdown');
    expect(countdown()).toHaveTextContent('noch 1 Stunde');
    act(() => jest.advanceTimersByTime(NOW_TICK_MS));
    expect(countdown()).toHaveTextContent('noch unter 1 Stunde');
  });

  it('gives visitors the action of each phase: TEILNEHMEN to the login, STÖBERN and ABSTIMMEN to the challenge', () => {
    renderWithProviders(<RunningChallenges challenges={season} />);
    const links = (title: string) =>
      within(tile(title))
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links('Titel goals')).toEqual([['TEILNEHMEN', '/login']]);
    expect(links('Titel photo')).toEqual([
      ['TEILNEHMEN', '/login'],
      ['STÖBERN', '/challenge/photo'],
    ]);
    // submission has closed: no TEILNEHMEN, the vote instead
    expect(links('Titel slogan')).toEqual([['ABSTIMMEN', '/challenge/slogan']]);
    // each button says which challenge it is for
    expect(within(tile('Titel goals')).getByRole('link', { name: 'TEILNEHMEN' })).toHaveAccessibleDescription('Titel goals');
  });

  it('sends members to the challenges with TEILNEHMEN', () => {
    renderWithProviders(<RunningChallenges challenges={season} />, { session: loggedInSession });
    expect(within(tile('Titel goals')).getByRole('link', { name: 'TEILNEHMEN' })).toHaveAttribute('href', '/challenge');
  });

  it('between submission and voting: ABSTIMMEN with the day the vote starts', () => {
    const between = vote('between', { submit: ['2026-06-01', '2026-06-09'], vote: ['2026-06-12', '2026-06-30'] });
    renderWithProviders(<RunningChallenges challenges={[between]} />);
    expect(screen.getByTestId('running-phase')).toHaveTextContent('Abstimmung');
    expect(screen.getByTestId('running-countdown')).toHaveTextContent('startet am 12.6. · noch 1 Tag');
    expect(screen.getByRole('link', { name: 'ABSTIMMEN' })).toHaveAttribute('href', '/challenge/between');
    expect(screen.getByText('Eine Challenge ist gerade offen.')).toBeInTheDocument();
  });

  it('after voting: ERGEBNISSE once published, else when they come', () => {
    const done = { submit: ['2026-05-01', '2026-05-20'], vote: ['2026-05-21', '2026-06-05'] } as const;
    const published = vote('published', { submit: [...done.submit], vote: [...done.vote] }, { resultsPublished: true });
    const pending = vote('pending', { submit: [...done.submit], vote: [...done.vote] }, { resultsDate: '2026-06-14' });
    renderWithProviders(<RunningChallenges challenges={[published, pending]} />);
    expect(within(tile('Titel published')).getByRole('link', { name: 'ERGEBNISSE' })).toHaveAttribute('href', '/tabelle/published');
    expect(within(tile('Titel published')).getByRole('link', { name: 'STÖBERN' })).toHaveAttribute('href', '/challenge/published');
    expect(within(tile('Titel pending')).queryByRole('link', { name: 'ERGEBNISSE' })).not.toBeInTheDocument();
    expect(within(tile('Titel pending')).getByText('Ergebnisse ab 14.6.')).toBeInTheDocument();
    expect(within(tile('Titel pending')).queryByTestId('running-countdown')).not.toBeInTheDocument();
  });

  it('shows nothing when no challenge is open today', () => {
    const { container } = renderWithProviders(<RunningChallenges challenges={[season[0]!, season[4]!]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
