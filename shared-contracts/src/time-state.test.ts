import type { ChallengeDto } from './entities';
import {
  activeChallenge,
  allUpcoming,
  berlinToday,
  challengeNumber,
  challengeTimeState,
  formatDayMonth,
  formatDayMonthShort,
  isVotingOpen,
  setPageClockOffset,
  shiftedNow,
} from './time-state';
import { loadRuntimeConfig, setRuntimeConfig } from './runtime-config';
import { isSessionValid } from './session/store';
import { mockFetch, testConfig } from './testing';

const estimate = (id: string, startDate: string, endDate: string): ChallengeDto => ({
  sys: { id, objectTypeId: 'bfv-erd-estimate' },
  fields: { headline: id, startDate, endDate, points: [] },
});

const vote: ChallengeDto = {
  sys: { id: 'v', objectTypeId: 'bfv-erd-picture-vote' },
  fields: {
    headline: 'v',
    startDate: '2026-06-01',
    endDate: '2026-06-30',
    startDateSubmission: '2026-06-01',
    endDateSubmission: '2026-06-10',
    startDateVoting: '2026-06-15',
    endDateVoting: '2026-06-30',
    points: [],
  },
};

describe('challengeTimeState', () => {
  const c = estimate('e', '2026-05-01', '2026-05-31');
  it.each([
    ['2026-04-30', 'upcoming'],
    ['2026-05-01', 'ongoing'],
    ['2026-05-31', 'ongoing'],
    ['2026-06-01', 'finished'],
  ])('estimate on %s is %s (end day inclusive)', (today, state) => {
    expect(challengeTimeState(c, today)).toBe(state);
  });

  it.each([
    ['2026-05-31', 'upcoming'],
    ['2026-06-01', 'submit'],
    ['2026-06-10', 'submit'],
    ['2026-06-12', 'vote'],
    ['2026-06-15', 'vote'],
    ['2026-06-30', 'vote'],
    ['2026-07-01', 'finished'],
  ])('vote challenge on %s is %s', (today, state) => {
    expect(challengeTimeState(vote, today)).toBe(state);
  });
});

describe('berlinToday', () => {
  it('uses the calendar day in Europe/Berlin, not UTC', () => {
    // 23:30 UTC on 31 May is already 1 June in Berlin (CEST, UTC+2).
    expect(berlinToday(new Date('2026-05-31T23:30:00Z'))).toBe('2026-06-01');
    // 22:59 UTC on 31 Dec is 23:59 in Berlin (CET, UTC+1).
    expect(berlinToday(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
  });

  it('switches between winter and summer time at 01:00 UTC on the last Sundays of March and October', () => {
    // Summer time 2026: 29 March 01:00 UTC to 25 October 01:00 UTC.
    expect(berlinToday(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(berlinToday(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(berlinToday(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(berlinToday(new Date('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(berlinToday(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(berlinToday(new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(berlinToday(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('gives the same day as the time zone database every half hour from 2020 to 2040', () => {
    const reference = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });
    const mismatches: string[] = [];
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2041, 0, 1); t += 1_800_000) {
      const now = new Date(t);
      if (berlinToday(now) !== reference.format(now)) mismatches.push(now.toISOString());
    }
    expect(mismatches).toEqual([]);
  });
});

describe('season helpers', () => {
  const list = [estimate('a', '2026-01-01', '2026-01-31'), vote, estimate('c', '2026-09-01', '2026-09-30')];
  it('finds the active challenge and the index', () => {
    expect(activeChallenge(list, '2026-06-05')?.sys.id).toBe('v');
    expect(activeChallenge(list, '2026-08-01')).toBeUndefined();
    expect(challengeNumber(list, 'c')).toBe(3);
  });
  it('knows when all are upcoming', () => {
    expect(allUpcoming(list, '2025-12-31')).toBe(true);
    expect(allUpcoming(list, '2026-01-01')).toBe(false);
    expect(allUpcoming([], '2026-01-01')).toBe(false);
  });
  it('formats dates', () => {
    expect(formatDayMonth('2026-05-03')).toBe('03.05');
    expect(formatDayMonthShort('2026-05-03')).toBe('3.5.');
  });
});

describe('the app clock of a staging rehearsal (CLOCK_OFFSET_DAYS)', () => {
  // 00:30 on 1 June in Berlin (22:30 UTC the day before): whole days on the page's own clock.
  const REAL = new Date('2026-05-31T22:30:00Z');
  beforeEach(() =>
    jest.useFakeTimers({ now: REAL, doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] }),
  );
  afterEach(() => {
    setPageClockOffset(0);
    jest.useRealTimers();
  });

  it('shiftedNow moves real time by whole days, both ways', () => {
    expect(shiftedNow(0, REAL).toISOString()).toBe('2026-05-31T22:30:00.000Z');
    expect(shiftedNow(3, REAL).toISOString()).toBe('2026-06-03T22:30:00.000Z');
    expect(berlinToday(shiftedNow(-40, REAL))).toBe('2026-04-22');
  });

  it('a page takes the offset of /config.json: berlinToday() and every phase default go by the server’s day', async () => {
    expect(berlinToday()).toBe('2026-06-01');
    expect(challengeTimeState(vote)).toBe('submit');
    mockFetch({ 'GET /config.json': { body: { ...testConfig, clockOffsetDays: 14 } } });
    await loadRuntimeConfig('/config.json');
    expect(berlinToday()).toBe('2026-06-15');
    expect(challengeTimeState(vote)).toBe('vote');
    expect(isVotingOpen(vote as Parameters<typeof isVotingOpen>[0])).toBe(true);
    // The day runs on with the page's own clock (a tab left open across midnight).
    jest.setSystemTime(new Date('2026-06-01T22:00:00Z'));
    expect(berlinToday()).toBe('2026-06-16');
    // An explicit time is taken as it is (the server passes its own clock).
    expect(berlinToday(REAL)).toBe('2026-06-01');
  });

  it('identity keeps real time: a session valid now stays valid whatever the offset', () => {
    setPageClockOffset(30);
    const exp = Math.floor(REAL.getTime() / 1000) + 3600;
    const session = {
      status: 'LOGGED_IN',
      email: 'a@b.example',
      claims: { sub: 's', email: 'a@b.example', exp, iat: exp - 7200 },
      tokens: { idToken: 'i', accessToken: 'a', refreshToken: 'r', clockDrift: 0, idTokenExpiresAt: exp, accessTokenExpiresAt: exp },
    } as const;
    expect(isSessionValid(session as Parameters<typeof isSessionValid>[0])).toBe(true);
  });

  it('a configuration without the field (a server from before it) means no offset', () => {
    setPageClockOffset(5);
    setRuntimeConfig(testConfig);
    expect(berlinToday()).toBe('2026-06-01');
  });
});
