import { isApiError } from '@erd/shared-contracts';
import {
  backofficePaths,
  isValidOperatorReason,
  SEASON_CHALLENGE_HEADLINE_MAX_LENGTH,
  SEASON_OFFSET_MAX_DAYS,
  SEASON_YEAR_MAX,
  SEASON_YEAR_MIN,
} from '@erd/shared-contracts/backoffice';
import { reasonTexts } from '../../lib/reason';

/**
 * Where the screens live in the back office (`backofficePaths.seasons`): 'Saisons' and one season.
 * The contract's values (`SEASON_STATE_LABELS`, the year, offset and headline limits) come from its
 * zod-free back-office entry, the one the wire schemas are built from: the back office loads no zod.
 */
export const SEASONS_PATH = backofficePaths.seasons;
export const seasonPath = (yearId: string) => `${SEASONS_PATH}/${encodeURIComponent(yearId)}`;
/** The challenge form, with the way back to its season (`?saison=`). */
export const challengeEditPath = (challengeId: string, yearId: string) =>
  `${backofficePaths.challenges}/${encodeURIComponent(challengeId)}?saison=${encodeURIComponent(yearId)}`;

export { SEASON_OFFSET_MAX_DAYS, SEASON_STATE_LABELS, SEASON_YEAR_MAX, SEASON_YEAR_MIN } from '@erd/shared-contracts/backoffice';
export const HEADLINE_MAX = SEASON_CHALLENGE_HEADLINE_MAX_LENGTH;

export type ChallengeType = 'bfv-erd-estimate' | 'bfv-erd-goals' | 'bfv-erd-picture-vote' | 'bfv-erd-text-vote';

/** The four types with the back office's words for them (as the 'Challenges' screen names them). */
export { CHALLENGE_TYPE_LABELS as TYPE_LABELS } from '../../lib/challenge-labels';

/** Picture and slogan challenges have a submission and a voting phase. */
export const isVoteType = (type: ChallengeType) => type === 'bfv-erd-picture-vote' || type === 'bfv-erd-text-vote';

export const seasonTexts = {
  loading: 'Saisons werden geladen …',
  loadingOne: 'Saison wird geladen …',
  loadFailed: 'Die Saisons konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  loadOneFailed: 'Die Saison konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  notFound: 'Diese Saison gibt es nicht.',
  none: 'Noch keine Saison angelegt.',
  noChallenges: 'Diese Saison hat noch keine Challenges.',
  forbidden: 'Dafür fehlt dir die Berechtigung. Saisons ändern nur Administratoren.',
  failed: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
  fix: 'Bitte korrigiere die markierten Felder.',
  year: `Gib eine Jahreszahl von ${SEASON_YEAR_MIN} bis ${SEASON_YEAR_MAX} an.`,
  yearTaken: 'Diese Saison gibt es schon.',
  copyFrom: 'Wähle die Saison, die kopiert wird.',
  offset: `Gib eine ganze Zahl von −${SEASON_OFFSET_MAX_DAYS} bis ${SEASON_OFFSET_MAX_DAYS} an.`,
  reason: reasonTexts.ruleOneLine,
  headline: `Gib eine Überschrift an (eine Zeile, bis ${HEADLINE_MAX} Zeichen).`,
  date: 'Bitte gib ein Datum an.',
  endBeforeStart: 'Das Ende liegt vor dem Beginn.',
  liveNotice:
    'Diese Saison ist die öffentliche Saison: Die Änderung ist sofort auf der Seite zu sehen, und die öffentliche Nummerierung (#n) der Challenges ändert sich.',
} as const;

/** `2026-05-03` → `03.05.2026`; '–' without a day. */
export function germanDay(day: string | null | undefined): string {
  if (!day) return '–';
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}

const WEEKDAYS = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];

/** `2026-05-03` → `So., 03.05.2026`. */
export function germanDayWithWeekday(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : `${WEEKDAYS[date.getUTCDay()]}., ${germanDay(day)}`;
}

/** The calendar day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The offset that moves a season by whole years and keeps the weekdays (52 weeks for one year). */
export function defaultOffset(fromYear: number, toYear: number): number {
  return 7 * Math.round(((toYear - fromYear) * 365.2425) / 7);
}

/** A reason as the server takes it: one line (the contracts' rule of an operator's reason). */
export function reasonError(reason: string): string | null {
  return isValidOperatorReason(reason, { singleLine: true }) ? null : seasonTexts.reason;
}

/** What a failed call means on screen: the session ended, or a German message (with the field the server names). */
export type Failure = { kind: 'expired' } | { kind: 'message'; message: string; field: string | null; status: number | null };

export function failureOf(error: unknown): Failure {
  if (!isApiError(error)) return { kind: 'message', message: seasonTexts.failed, field: null, status: null };
  if (error.status === 401) return { kind: 'expired' };
  const body = error.data as { message?: unknown; field?: unknown } | undefined;
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : null;
  const field = typeof body?.field === 'string' && body.field ? body.field : null;
  if (error.status === 403) return { kind: 'message', message: serverMessage ?? seasonTexts.forbidden, field: null, status: 403 };
  if (error.status >= 400 && error.status < 500 && serverMessage)
    return { kind: 'message', message: serverMessage, field, status: error.status };
  return { kind: 'message', message: seasonTexts.failed, field: null, status: error.status };
}

/** A screen's load failure (`LoadState`'s `failed`): the server's own words for a 403, else `otherwise`. */
export const loadFailureText = (otherwise: string) => (error: unknown) => {
  const f = failureOf(error);
  return f.kind === 'message' && f.status === 403 ? f.message : otherwise;
};

/** '1 Challenge' / '3 Challenges'; '1 Beitrag' / '3 Beiträge'. */
export const challengesText = (n: number) => `${n} ${n === 1 ? 'Challenge' : 'Challenges'}`;
export const entriesText = (n: number) => `${n} ${n === 1 ? 'Beitrag' : 'Beiträge'}`;
