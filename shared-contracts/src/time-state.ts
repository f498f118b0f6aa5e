import type { ChallengeDto, IsoDate, VoteChallengeDto } from './entities.js';

/**
 * Challenge time states (spec §4, decisions §4): dates are calendar days in Europe/Berlin,
 * "now" is the start of today there, end dates are inclusive.
 */
export type NormalTimeState = 'upcoming' | 'ongoing' | 'finished';
export type VoteTimeState = 'upcoming' | 'submit' | 'vote' | 'finished';
export type ChallengeTimeState = NormalTimeState | VoteTimeState;

const HOUR = 3_600_000;

/** The day of the month of the last Sunday of `month` (0-based) in `year`. */
function lastSunday(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

/**
 * Europe/Berlin's offset from UTC at `now` in hours: summer time (+2) from the last Sunday of
 * March, 01:00 UTC, to the last Sunday of October, 01:00 UTC, else +1 (the EU rule, in force
 * since 1996). Computed, not asked of `Intl`: a page's first `Intl` object costs the browser its
 * ICU set-up, 60–200 ms on a phone before anything shows, and every page asks for today.
 */
function berlinOffsetHours(now: Date): number {
  const year = now.getUTCFullYear();
  const summerStart = Date.UTC(year, 2, lastSunday(year, 2), 1);
  const summerEnd = Date.UTC(year, 9, lastSunday(year, 9), 1);
  const t = now.getTime();
  return t >= summerStart && t < summerEnd ? 2 : 1;
}

const DAY = 24 * HOUR;

/**
 * The app clock at real time `real`: moved by whole days (the server's CLOCK_OFFSET_DAYS, for a
 * staging rehearsal of a later phase; 0 in production). The one rule for the server, its CLI and
 * the pages, so all three see the same day. Identity (sign-in, tokens, codes) keeps real time.
 */
export function shiftedNow(offsetDays: number, real: Date = new Date()): Date {
  return new Date(real.getTime() + offsetDays * DAY);
}

/**
 * The page's offset: the server's, from /config.json (runtime-config.ts sets it when the
 * configuration arrives). Whole days on the page's own running clock, not a fixed day, so a page
 * left open stays right across midnight and a cached /config.json can't be stale. Only pages set
 * it: the server passes its own clock (`ctx.now()`) to every function here.
 */
let pageOffsetDays = 0;

export function setPageClockOffset(offsetDays: number): void {
  pageOffsetDays = Number.isSafeInteger(offsetDays) ? offsetDays : 0;
}

/** Now on the page's app clock (the server's clock, as far as the day goes). */
export function appNow(): Date {
  return shiftedNow(pageOffsetDays);
}

/**
 * Today's calendar day in Europe/Berlin as `YYYY-MM-DD`; without `now`, on the page's app clock
 * (so every phase default below is the server's day, also in remotes that only call
 * `berlinToday()`: the contracts are the host's singleton).
 */
export function berlinToday(now: Date = appNow()): IsoDate {
  return new Date(now.getTime() + berlinOffsetHours(now) * HOUR).toISOString().slice(0, 10);
}

export function isVoteChallenge(challenge: ChallengeDto): challenge is VoteChallengeDto {
  return challenge.sys.objectTypeId === 'bfv-erd-picture-vote' || challenge.sys.objectTypeId === 'bfv-erd-text-vote';
}

const within = (day: IsoDate, start: IsoDate, end: IsoDate) => start <= day && day <= end;

/**
 * The time state of a challenge on `today`. For vote challenges, a day between the end of the
 * submission window and the start of the voting window counts as `vote` (voting is announced with
 * its start date, see `isVotingOpen`), so a challenge never reads as finished before its end.
 */
export function challengeTimeState(challenge: ChallengeDto, today: IsoDate = berlinToday()): ChallengeTimeState {
  const { startDate, endDate } = challenge.fields;
  if (today < startDate) return 'upcoming';
  if (today > endDate) return 'finished';
  if (!isVoteChallenge(challenge)) return 'ongoing';
  const f = challenge.fields;
  if (within(today, f.startDateSubmission, f.endDateSubmission)) return 'submit';
  if (within(today, f.startDateVoting, f.endDateVoting)) return 'vote';
  if (today < f.startDateSubmission) return 'upcoming';
  if (today > f.endDateVoting) return 'finished';
  return 'vote';
}

export function isSubmissionOpen(challenge: VoteChallengeDto, today: IsoDate = berlinToday()): boolean {
  return within(today, challenge.fields.startDateSubmission, challenge.fields.endDateSubmission);
}

export function isVotingOpen(challenge: VoteChallengeDto, today: IsoDate = berlinToday()): boolean {
  return within(today, challenge.fields.startDateVoting, challenge.fields.endDateVoting);
}

/** Spec §4: the active challenge is the first one running today; undefined when none runs. */
export function activeChallenge(challenges: readonly ChallengeDto[], today: IsoDate = berlinToday()) {
  return challenges.find((c) => c.fields.startDate <= today && today <= c.fields.endDate);
}

export function allUpcoming(challenges: readonly ChallengeDto[], today: IsoDate = berlinToday()): boolean {
  return challenges.length > 0 && challenges.every((c) => today < c.fields.startDate);
}

/** Spec §9: the challenge index #n is the position in the year's list plus 1. */
export function challengeNumber(challenges: readonly ChallengeDto[], challengeId: string): number {
  return challenges.findIndex((c) => c.sys.id === challengeId) + 1;
}

/** `2026-05-03` → `03.05` (spec: dates shown as dd.MM). */
export function formatDayMonth(date: IsoDate): string {
  const [, m, d] = date.split('-');
  return `${d}.${m}`;
}

/** `2026-05-03` → `3.5.` (spec: vote start shown as d.M.). */
export function formatDayMonthShort(date: IsoDate): string {
  const [, m, d] = date.split('-');
  return `${Number(d)}.${Number(m)}.`;
}
