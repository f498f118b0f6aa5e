/**
 * The season's outcome (decisions §4 and §6): published result files, the operator's results API
 * and the rules both sides agree on. The public reads the frozen files
 * `/results/challenge-{challengeId}.json` and `/results/overall-{yearId}.json` (arrays of
 * `StandingRowDto`); operators preview, record the right answer, publish and correct through
 * `/api/operator/results/*` (or the CLI `results …`).
 */
import type { ChallengeDto, ChallengeObjectTypeId, IsoDate, PointsRowDto, StandingRowDto, Team } from './entities.js';
import { berlinToday, challengeTimeState, type ChallengeTimeState } from './time-state.js';

/** How a challenge ranks its entries: distance to the right answer, the highest number, or counted votes. */
export type RankingRule = 'closest' | 'highest' | 'votes';


/**
 * The points a place brings (decisions §6): the first row of the table whose range holds the place
 * (`toPlace: null` = every further place); a place no row covers brings 0.
 */
export function pointsForPlace(table: readonly PointsRowDto[], place: number): number {
  const row = table.find((r) => r.fromPlace <= place && (r.toPlace === null || place <= r.toPlace));
  return row ? row.points : 0;
}

/**
 * Whether a challenge's results may be published on `today`: the challenge has ended (for vote
 * types: its voting window), i.e. its time state is `finished`.
 */
export function resultsDue(challenge: ChallengeDto, today: IsoDate = berlinToday()): boolean {
  return challengeTimeState(challenge, today) === 'finished';
}

/** The team filter of the standings (`?team=m|w`; no parameter = all teams). */
export type TeamFilter = Team | 'all';

/**
 * The rows of one team, placed among themselves by the same tie rule (1, 2, 2, 4): a row's place
 * is one more than the number of rows of the filter placed strictly better in the whole table.
 * Rows must come in place order; points stay as awarded.
 */
export function filterRowsByTeam(rows: readonly StandingRowDto[], team: TeamFilter): StandingRowDto[] {
  if (team === 'all') return [...rows];
  const own = rows.filter((row) => row.club.team === team);
  const placed: StandingRowDto[] = [];
  own.forEach((row, index) => {
    const previous = placed[index - 1];
    const place = previous && own[index - 1]!.place === row.place ? previous.place : index + 1;
    placed.push({ ...row, place });
  });
  return placed;
}

// ---------------------------------------------------------------------------------------------
// Operator API (session cookie of `/api/operator/login`; unsafe calls need the anti-forgery header)

export const resultPaths = {
  /** GET: every challenge of the current year with its results state. */
  overview: '/api/operator/results',
  /** GET: the table as it would be published now. */
  preview: (challengeId: string) => `/api/operator/results/challenges/${encodeURIComponent(challengeId)}/preview`,
  /** PUT `RightAnswerInput`. */
  answer: (challengeId: string) => `/api/operator/results/challenges/${encodeURIComponent(challengeId)}/answer`,
  /** POST `PublishResultInput`. */
  publish: (challengeId: string) => `/api/operator/results/challenges/${encodeURIComponent(challengeId)}/publish`,
  /** GET: every published version of a challenge's results, newest first. */
  versions: (challengeId: string) => `/api/operator/results/challenges/${encodeURIComponent(challengeId)}/versions`,
  /** GET: every version of a year's overall table, newest first. */
  overallVersions: (yearId: string) => `/api/operator/results/years/${encodeURIComponent(yearId)}/versions`,
  /** GET `?challengeId=&from=&size=`: the audit log of right answers and publications, newest first. */
  audit: '/api/operator/results/audit',
} as const;

/** Who published a version and when. */
export interface PublicationDto {
  version: number;
  publishedAt: string;
  /** The operator's e-mail, or `cli:<user>` for the command line. */
  publishedBy: string;
  /** Why a version after the first was published (mandatory for corrections). */
  reason: string | null;
}

/** The rules a challenge's table was computed with, frozen with every version. */
export interface ChallengeResultRulesDto {
  kind: 'challenge';
  challengeId: string;
  yearId: string;
  objectTypeId: ChallengeObjectTypeId;
  challengeNumber: number;
  ranking: RankingRule;
  /** The right answer (estimate and goals ranked `closest`); null otherwise. */
  rightAnswer: number | null;
  points: PointsRowDto[];
  /** Clubs that took part (rows of the table). */
  participants: number;
  /** The challenge's end (vote types: the end of the voting window). */
  endedOn: IsoDate;
}

/** The rules of an overall table: the challenge versions it sums. */
export interface OverallResultRulesDto {
  kind: 'overall';
  yearId: string;
  challenges: { challengeId: string; version: number }[];
}

export interface ResultVersionDto extends PublicationDto {
  kind: 'challenge' | 'overall';
  /** Challenge id or year id. */
  key: string;
  /** The entity tag the file was served with. */
  etag: string;
  rules: ChallengeResultRulesDto | OverallResultRulesDto;
  rows: StandingRowDto[];
}

/** One challenge in the results overview. */
export interface ResultChallengeDto {
  challengeId: string;
  yearId: string;
  /** #n: position in the year's list + 1. */
  number: number;
  headline: string;
  objectTypeId: ChallengeObjectTypeId;
  timeState: ChallengeTimeState;
  /** Ended (vote types: the voting window): results may be published. */
  ended: boolean;
  /** The day from which results may be published. */
  publishableFrom: IsoDate;
  ranking: RankingRule;
  rightAnswer: number | null;
  /** The ranking needs a right answer (estimate; goals ranked `closest`). */
  needsAnswer: boolean;
  /** Clubs that take part so far (vote types: published entries). */
  participants: number;
  /** The current published version; null before the first publication. */
  published: PublicationDto | null;
}

export interface ResultOverviewDto {
  yearId: string;
  challenges: ResultChallengeDto[];
  /** The current overall table's version; null before the first publication. */
  overall: PublicationDto | null;
}

export interface ResultPreviewDto extends ResultChallengeDto {
  rules: ChallengeResultRulesDto;
  /** The table as it would be published now. */
  rows: StandingRowDto[];
  /** Whether publishing now is allowed; `blockers` says why not (German). */
  canPublish: boolean;
  blockers: string[];
  /** Published already and publishing now would change rows or rules (a correction). */
  changed: boolean;
  /** The version a publication must name as `expectedVersion` (0 before the first). */
  currentVersion: number;
}

/**
 * PUT …/answer: the right answer (1–9 digits, as number or digit string) and, for goals, the
 * ranking. Once the results are published a change needs a `reason`; the public files change only
 * with the next publication.
 */
export interface RightAnswerInput {
  rightAnswer?: number | string | null;
  /** Goals only: `highest` (default) or `closest`. */
  ranking?: 'highest' | 'closest';
  reason?: string;
}

/**
 * POST …/publish. `expectedVersion`: the version the operator looked at (0 before the first
 * publication); another publication in between answers 409 `VersionConflict` and changes nothing.
 * A correction (version 2 and later) needs a `reason`.
 */
export interface PublishResultInput {
  expectedVersion: number;
  reason?: string;
}

export interface PublishResultDto {
  challenge: ResultVersionDto;
  overall: PublicationDto;
}

export type ResultAuditAction = 'results-answer' | 'results-publish';

export interface ResultAuditEntryDto {
  id: number;
  action: ResultAuditAction;
  challengeId: string | null;
  actor: string;
  reason: string | null;
  details: Record<string, unknown>;
  at: string;
}

export interface ResultAuditPageDto {
  items: ResultAuditEntryDto[];
  total: number;
}

/**
 * Error codes of the results API: 400 `ValidationError`, 401 `Unauthorized`, 404 `NotFound`,
 * 409 `NotEnded` (the challenge has not ended), `AnswerMissing`, `VersionConflict`, `Unchanged`,
 * `ReasonRequired` is a 400 `ValidationError` with `field: 'reason'`.
 */
export type ResultErrorCode = 'ValidationError' | 'Unauthorized' | 'NotFound' | 'NotEnded' | 'AnswerMissing' | 'VersionConflict' | 'Unchanged';
