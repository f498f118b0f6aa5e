/**
 * The season's outcome (decisions §4 and §6): published result files, the operator's results API
 * and the rules both sides agree on. The public reads the frozen files
 * `/results/challenge-{challengeId}.json` and `/results/overall-{yearId}.json` (arrays of
 * `StandingRowDto`); operators preview, record the right answer, publish and correct through
 * `/api/operator/results/*` (or the CLI `results …`).
 */
import type { z } from 'zod';
import type { ChallengeDto, IsoDate, PointsRowDto, StandingRowDto, Team } from './entities.js';
import type {
  challengeResultRulesSchema,
  overallResultRulesSchema,
  publicationSchema,
  publishResultInputSchema,
  publishResultSchema,
  resultAuditActionSchema,
  resultAuditEntrySchema,
  resultAuditPageSchema,
  resultChallengeSchema,
  resultOverviewSchema,
  resultPreviewSchema,
  resultRankingRuleSchema,
  resultVersionSchema,
  rightAnswerInputSchema,
} from './schemas/results.js';
import { berlinToday, challengeTimeState } from './time-state.js';

/** How a challenge ranks its entries: distance to the right answer, the highest number, or counted votes. */
export type RankingRule = z.infer<typeof resultRankingRuleSchema>;

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
export type PublicationDto = z.infer<typeof publicationSchema>;

/** The rules a challenge's table was computed with, frozen with every version. */
export type ChallengeResultRulesDto = z.infer<typeof challengeResultRulesSchema>;

/** The rules of an overall table: the challenge versions it sums. */
export type OverallResultRulesDto = z.infer<typeof overallResultRulesSchema>;

export type ResultVersionDto = z.infer<typeof resultVersionSchema>;

/** One challenge in the results overview. */
export type ResultChallengeDto = z.infer<typeof resultChallengeSchema>;

export type ResultOverviewDto = z.infer<typeof resultOverviewSchema>;

export type ResultPreviewDto = z.infer<typeof resultPreviewSchema>;

/**
 * PUT …/answer: the right answer (1–9 digits, as number or digit string) and, for goals, the
 * ranking. Once the results are published a change needs a `reason`; the public files change only
 * with the next publication.
 */
export type RightAnswerInput = z.input<typeof rightAnswerInputSchema>;

/**
 * POST …/publish. `expectedVersion`: the version the operator looked at (0 before the first
 * publication); another publication in between answers 409 `VersionConflict` and changes nothing.
 * A correction (version 2 and later) needs a `reason`.
 */
export type PublishResultInput = z.input<typeof publishResultInputSchema>;

export type PublishResultDto = z.infer<typeof publishResultSchema>;

export type ResultAuditAction = z.infer<typeof resultAuditActionSchema>;

export type ResultAuditEntryDto = z.infer<typeof resultAuditEntrySchema>;

export type ResultAuditPageDto = z.infer<typeof resultAuditPageSchema>;

/**
 * Error codes of the results API: 400 `ValidationError`, 401 `Unauthorized`, 404 `NotFound`,
 * 409 `NotEnded` (the challenge has not ended), `AnswerMissing`, `VersionConflict`, `Unchanged`,
 * `ReasonRequired` is a 400 `ValidationError` with `field: 'reason'`.
 */
export type { ResultErrorCode } from './schemas/results.js';
