import type { ChallengeDto } from './entities';
import {
  berlinDayStart,
  countdown,
  formatGermanDate,
  isSeasonDecided,
  isSeasonOver,
  nextSeasonText,
  isVotingRunning,
  phaseActions,
  phaseDeadline,
  resultsPendingText,
  runningChallenges,
  seasonSpan,
} from './campaign';
import { parseGermanWholeNumber } from './numbers';

const estimate = (id: string, startDate: string, endDate: string, extra: object = {}): ChallengeDto => ({
  sys: { id, objectTypeId: 'bfv-erd-estimate' },
  fields: { headline: id, startDate, endDate, points: [], ...extra },
});
const slogan = (id: string, extra: object = {}): ChallengeDto => ({
  sys: { id, objectTypeId: 'bfv-erd-text-vote' },
  fields: {
    headline: id,
    startDate: '2026-05-01',
    endDate: '2026-05-31',
    startDateSubmission: '2026-05-01',
    endDateSubmission: '2026-05-10',
    startDateVoting: '2026-05-15',
    endDateVoting: '2026-05-31',
    points: [],
    ...extra,
  },
});

describe('campaign', () => {
  it('lists every challenge running today, in order', () => {
    const list = [estimate('a', '2026-04-01', '2026-04-30'), estimate('b', '2026-05-01', '2026-05-20'), slogan('c')];
    expect(runningChallenges(list, '2026-05-05').map((c) => c.sys.id)).toEqual(['b', 'c']);
    expect(seasonSpan(list)).toEqual({ start: '2026-04-01', end: '2026-05-31' });
    expect(isSeasonOver(list, '2026-05-31')).toBe(false);
    expect(isSeasonOver(list, '2026-06-01')).toBe(true);
    expect(isSeasonOver([], '2026-06-01')).toBe(false);
    expect(isVotingRunning(list, '2026-05-12')).toBe(false);
    expect(isVotingRunning(list, '2026-05-15')).toBe(true);
  });

  it('between seasons: decided once every challenge ended and has its results published (issue 26)', () => {
    const list = [estimate('a', '2026-04-01', '2026-04-30', { resultsPublished: true }), slogan('c', { resultsPublished: false })];
    expect(isSeasonDecided(list, '2026-06-01')).toBe(false);
    const published = list.map((c) => ({ ...c, fields: { ...c.fields, resultsPublished: true } }) as ChallengeDto);
    expect(isSeasonDecided(published, '2026-05-31')).toBe(false);
    expect(isSeasonDecided(published, '2026-06-01')).toBe(true);
    expect(isSeasonDecided([], '2026-06-01')).toBe(false);
    expect(formatGermanDate('2027-03-01')).toBe('1.3.2027');
    expect(nextSeasonText({ year: 2027, startDate: '2027-03-01' })).toBe('Die nächste Saison startet am 1.3.2027.');
  });

  it('finds the start of a Berlin day in summer and winter time', () => {
    expect(berlinDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(berlinDayStart('2026-12-01').toISOString()).toBe('2026-11-30T23:00:00.000Z');
    expect(berlinDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(berlinDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });

  it('runs the countdown to the end of the phase, the start of voting, or the start', () => {
    const c = slogan('c');
    expect(phaseDeadline(c, '2026-04-20')).toMatchObject({ kind: 'starts', state: 'upcoming', at: berlinDayStart('2026-05-01') });
    expect(phaseDeadline(c, '2026-05-03')).toMatchObject({ kind: 'ends', state: 'submit', at: berlinDayStart('2026-05-11') });
    expect(phaseDeadline(c, '2026-05-12')).toMatchObject({ kind: 'starts', state: 'vote', at: berlinDayStart('2026-05-15') });
    expect(phaseDeadline(c, '2026-05-20')).toMatchObject({ kind: 'ends', state: 'vote', at: berlinDayStart('2026-06-01') });
    expect(phaseDeadline(c, '2026-06-01')).toBeUndefined();
    expect(phaseDeadline(estimate('e', '2026-05-01', '2026-05-02'), '2026-05-02')).toMatchObject({ kind: 'ends', state: 'ongoing' });
  });

  it('counts down in days, then hours', () => {
    const at = new Date('2026-05-11T00:00:00Z');
    expect(countdown(at, new Date('2026-05-08T00:00:00Z')).label).toBe('noch 3 Tage');
    expect(countdown(at, new Date('2026-05-09T12:00:00Z')).label).toBe('noch 1 Tag');
    expect(countdown(at, new Date('2026-05-10T19:00:00Z'))).toEqual({ days: 0, hours: 5, label: 'noch 5 Stunden' });
    expect(countdown(at, new Date('2026-05-10T22:30:00Z')).label).toBe('noch 1 Stunde');
    expect(countdown(at, new Date('2026-05-10T23:30:00Z')).label).toBe('noch unter 1 Stunde');
    expect(countdown(at, new Date('2026-05-12T00:00:00Z')).label).toBe('noch unter 1 Stunde');
  });

  it('offers the actions that fit the phase', () => {
    const c = slogan('c');
    expect(phaseActions(c, '2026-04-30')).toEqual([]);
    expect(phaseActions(c, '2026-05-01')).toEqual(['enter', 'browse']);
    expect(phaseActions(c, '2026-05-12')).toEqual(['vote']);
    expect(phaseActions(c, '2026-06-01')).toEqual(['results-pending', 'browse']);
    expect(phaseActions(slogan('d', { resultsPublished: true }), '2026-06-01')).toEqual(['results', 'browse']);
    const e = estimate('e', '2026-05-01', '2026-05-02');
    expect(phaseActions(e, '2026-05-02')).toEqual(['enter']);
    expect(phaseActions(e, '2026-05-03')).toEqual(['results-pending']);
    expect(resultsPendingText(e)).toBe('Ergebnisse folgen in Kürze');
    expect(resultsPendingText(estimate('f', '2026-05-01', '2026-05-02', { resultsDate: '2026-05-09' }))).toBe('Ergebnisse ab 9.5.');
  });
});

describe('parseGermanWholeNumber', () => {
  it.each([
    ['4500', 4500],
    ['4.500', 4500],
    ['4 500', 4500],
    ['4\u00a0500', 4500],
    ['4\u202f500', 4500],
    [' 1.234.567 ', 1234567],
    ['0', 0],
    ['007', 7],
  ])('reads %j as %d', (text, value) => expect(parseGermanWholeNumber(text)).toBe(value));

  it.each(['', ' ', '4,5', '4.50', '45.00.0', '4.500 000', '-4', '+4', '4e3', '12a', '1..000', '.500', '4.5000', '99999999999999999999'])(
    'refuses %j',
    (text) => expect(parseGermanWholeNumber(text)).toBeUndefined(),
  );
});
