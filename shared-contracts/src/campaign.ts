import type { CampaignDto, ChallengeDto, IsoDate, NextSeasonDto } from './entities.js';
import { appNow, berlinToday, challengeTimeState, formatDayMonthShort, isVoteChallenge, type ChallengeTimeState } from './time-state.js';

/**
 * Issue 24: the season at a glance. Which challenges run today, when their phase ends, and which
 * action fits the phase: one rule for the home page ('Läuft gerade', the hero's buttons), the
 * challenge cards and the footer, so no page offers 'TEILNEHMEN' after submission closed or
 * 'ERGEBNISSE' before results are published. Pure (no React, no browser APIs): the server uses it too.
 */

/** Limits the server enforces for the campaign texts (the back office checks them first). */
export const CAMPAIGN_LIMITS = { claim: 80, subline: 200, prize: 120 } as const;

/** The hero's texts when the season sets none. */
export const DEFAULT_CAMPAIGN: CampaignDto = {
  claim: 'Hol die Punkte für deinen Verein!',
  subline: 'Schätzen, Tore zählen, Fotos und Sprüche einreichen: Jede Challenge bringt deinem Verein Punkte für die Gesamttabelle.',
};

/** The campaign the pages show: the season's, with the default claim when it sets none. */
export function campaignOf(campaign: CampaignDto | undefined): CampaignDto {
  return campaign?.claim ? campaign : { ...DEFAULT_CAMPAIGN, ...(campaign?.image ? { image: campaign.image } : {}) };
}

/** Every challenge running today (start <= today <= end), in the season's order. */
export function runningChallenges(challenges: readonly ChallengeDto[], today: IsoDate = berlinToday()): ChallengeDto[] {
  return challenges.filter((c) => c.fields.startDate <= today && today <= c.fields.endDate);
}

/** The season's first and last day; undefined without challenges. */
export function seasonSpan(challenges: readonly ChallengeDto[]): { start: IsoDate; end: IsoDate } | undefined {
  if (challenges.length === 0) return undefined;
  let start = challenges[0]!.fields.startDate;
  let end = challenges[0]!.fields.endDate;
  for (const c of challenges) {
    if (c.fields.startDate < start) start = c.fields.startDate;
    if (c.fields.endDate > end) end = c.fields.endDate;
  }
  return { start, end };
}

/** True once every challenge has ended (the footer's call to action then points to the final standings). */
export function isSeasonOver(challenges: readonly ChallengeDto[], today: IsoDate = berlinToday()): boolean {
  const span = seasonSpan(challenges);
  return span !== undefined && today > span.end;
}

/**
 * Issue 26, between two seasons: every challenge of the season has ended and its results are
 * published. Then the home page and /challenge lead to the final standings ('Zur Abschlusstabelle')
 * and say when the next season starts (`nextSeasonText`).
 */
export function isSeasonDecided(challenges: readonly ChallengeDto[], today: IsoDate = berlinToday()): boolean {
  return isSeasonOver(challenges, today) && challenges.every((c) => c.fields.resultsPublished === true);
}

/** `2027-03-01` → `1.3.2027` (the site's full date). */
export function formatGermanDate(date: IsoDate): string {
  const [y, m, d] = date.split('-');
  return `${Number(d)}.${Number(m)}.${y}`;
}

/** 'Die nächste Saison startet am 1.3.2027.' */
export function nextSeasonText(next: NextSeasonDto): string {
  return `Die nächste Saison startet am ${formatGermanDate(next.startDate)}.`;
}

/** True while a vote challenge's voting window is open today. */
export function isVotingRunning(challenges: readonly ChallengeDto[], today: IsoDate = berlinToday()): boolean {
  return challenges.some((c) => isVoteChallenge(c) && c.fields.startDateVoting <= today && today <= c.fields.endDateVoting);
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const nextDay = (day: IsoDate): IsoDate => new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/** The instant Berlin's calendar day `day` begins (00:00 local time, summer or winter time). */
export function berlinDayStart(day: IsoDate): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Berlin is UTC+1 or UTC+2; the candidate whose Berlin date is `day` at 00:00 is the one.
  for (const offset of [2, 1]) {
    const candidate = new Date(utcMidnight - offset * HOUR);
    if (berlinToday(candidate) === day && berlinToday(new Date(candidate.getTime() - 1)) !== day) return candidate;
  }
  return new Date(utcMidnight - HOUR);
}

/**
 * What the countdown of `challenge` on `today` runs to: the start of its first phase while it is
 * upcoming (`starts`), else the end of the phase it is in (`ends`: the end day is inclusive, so
 * the instant is the start of the day after). Between a vote challenge's submission and voting
 * windows it runs to the start of voting. Undefined once the challenge is finished.
 */
export function phaseDeadline(
  challenge: ChallengeDto,
  today: IsoDate = berlinToday(),
): { kind: 'starts' | 'ends'; at: Date; state: ChallengeTimeState } | undefined {
  const state = challengeTimeState(challenge, today);
  const f = challenge.fields;
  switch (state) {
    case 'upcoming':
      return { kind: 'starts', at: berlinDayStart(isVoteChallenge(challenge) ? challenge.fields.startDateSubmission : f.startDate), state };
    case 'ongoing':
      return { kind: 'ends', at: berlinDayStart(nextDay(f.endDate)), state };
    case 'submit':
      return isVoteChallenge(challenge)
        ? { kind: 'ends', at: berlinDayStart(nextDay(challenge.fields.endDateSubmission)), state }
        : undefined;
    case 'vote':
      if (!isVoteChallenge(challenge)) return undefined;
      return today < challenge.fields.startDateVoting
        ? { kind: 'starts', at: berlinDayStart(challenge.fields.startDateVoting), state }
        : { kind: 'ends', at: berlinDayStart(nextDay(challenge.fields.endDateVoting)), state };
    case 'finished':
      return undefined;
  }
}

/** Whole days, then hours, left until `at`: what a countdown shows. */
export interface Countdown {
  days: number;
  hours: number;
  /** German, as the tiles show it: 'noch 3 Tage', 'noch 1 Tag', 'noch 5 Stunden', 'noch 1 Stunde', 'noch unter 1 Stunde'. */
  label: string;
}

export function countdown(at: Date, now: Date = appNow()): Countdown {
  const left = Math.max(0, at.getTime() - now.getTime());
  const days = Math.floor(left / DAY);
  const hours = Math.floor((left % DAY) / HOUR);
  let label: string;
  if (days >= 1) label = days === 1 ? 'noch 1 Tag' : `noch ${days} Tage`;
  else if (hours >= 1) label = hours === 1 ? 'noch 1 Stunde' : `noch ${hours} Stunden`;
  else label = 'noch unter 1 Stunde';
  return { days, hours, label };
}

/**
 * The actions that fit a challenge's phase, in the order a page offers them (the first is the
 * primary button). What they lead to depends on the page and the visitor (enter: /challenge when
 * logged in, else /login), so they are kinds, not links:
 * - `enter`: the club can still take part (estimate/goals while running, a vote type while submission is open);
 * - `vote`: voting runs (or starts soon: between the windows);
 * - `browse`: a vote type's published entries (while submission is open, in voting, and after);
 * - `results`: the results are published;
 * - `results-pending`: finished, results not yet published (`resultsPendingText` says when they come).
 * An upcoming challenge has none (it shows its start date).
 */
export type PhaseAction = 'enter' | 'vote' | 'browse' | 'results' | 'results-pending';

export function phaseActions(challenge: ChallengeDto, today: IsoDate = berlinToday()): PhaseAction[] {
  const vote = isVoteChallenge(challenge);
  switch (challengeTimeState(challenge, today)) {
    case 'upcoming':
      return [];
    case 'ongoing':
      return ['enter'];
    case 'submit':
      return ['enter', 'browse'];
    case 'vote':
      return ['vote'];
    case 'finished': {
      const results: PhaseAction = challenge.fields.resultsPublished ? 'results' : 'results-pending';
      return vote ? [results, 'browse'] : [results];
    }
  }
}

/** What a finished challenge without published results says instead of 'ERGEBNISSE'. */
export function resultsPendingText(challenge: ChallengeDto): string {
  const day = challenge.fields.resultsDate;
  return day ? `Ergebnisse ab ${formatDayMonthShort(day)}` : 'Ergebnisse folgen in Kürze';
}
