import {
  pointsForPlace,
  type ChallengeObjectTypeId,
  type PointsRowDto,
  type RankingRule,
  type StandingClubDto,
  type StandingRowDto,
} from '@erd/shared-contracts/wire';

/**
 * Scoring (decisions §4 and §6): pure functions, no database. A challenge's entries become places
 * and points; the published challenge tables of a year become the overall table.
 *
 * - estimate: distance to the right answer, smallest first;
 * - goals: the number, highest first, or (operator's choice) distance to the right answer;
 * - slogan and picture: counted votes, most first (the caller passes published entries only, with
 *   the votes that count: removed votes do not, rejected entries are gone);
 * - ties share a place and its points (1, 2, 2, 4); the points table gives each place its points;
 *   only clubs that took part are ranked at all;
 * - overall: the sum of the published tables; clubs without points are not listed; ties share a place.
 *
 * Rows of the same place are listed by club name (German collation), then team and id, so a table
 * computed twice from the same data is the same byte for byte.
 */

export interface ScoringEntry {
  participationId: string;
  club: StandingClubDto;
  /** Estimate and goals: the club's number; null = no number given (does not take part). */
  estimate: number | null;
  /** Vote types: the counted votes. */
  votes: number;
  slogan: string | null;
  /** Picture vote: URL of a small rendition. */
  picture: string | null;
}

export interface ScoringChallenge {
  objectTypeId: ChallengeObjectTypeId;
  ranking: RankingRule;
  /** Needed for `closest`. */
  rightAnswer: number | null;
  points: readonly PointsRowDto[];
  /** #n of the challenge (position in the year's list + 1). */
  challengeNumber: number;
}

export class AnswerMissingError extends Error {
  constructor() {
    super('the ranking needs a right answer');
    this.name = 'AnswerMissingError';
  }
}

const VOTE_TYPES: ReadonlySet<ChallengeObjectTypeId> = new Set(['bfv-erd-picture-vote', 'bfv-erd-text-vote']);

/** The ranking a challenge uses: vote types by votes; estimate by distance; goals as the operator set it (default highest). */
export function rankingOf(objectTypeId: ChallengeObjectTypeId, goalsRanking: 'highest' | 'closest' | null | undefined): RankingRule {
  if (VOTE_TYPES.has(objectTypeId)) return 'votes';
  if (objectTypeId === 'bfv-erd-estimate') return 'closest';
  return goalsRanking === 'closest' ? 'closest' : 'highest';
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/** Order of rows that share a place (and of clubs with equal totals): name, team, id. */
export function compareClubs(a: StandingClubDto, b: StandingClubDto): number {
  return collator.compare(a.clubname, b.clubname) || a.team.localeCompare(b.team) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/**
 * Competition places ("1, 2, 2, 4"): items sorted by `score` (smaller is better; equal scores tie),
 * ties listed by `tieOrder`; an item's place is one more than the number of items scoring better.
 */
export function placeItems<T>(
  items: readonly T[],
  score: (item: T) => number,
  tieOrder: (a: T, b: T) => number,
): { item: T; place: number }[] {
  const sorted = items.map((item) => ({ item, score: score(item) })).sort((a, b) => a.score - b.score || tieOrder(a.item, b.item));
  const placed: { item: T; place: number }[] = [];
  sorted.forEach((entry, index) => {
    const previous = sorted[index - 1];
    const place = previous && previous.score === entry.score ? placed[index - 1]!.place : index + 1;
    placed.push({ item: entry.item, place });
  });
  return placed;
}

/** Whether an entry takes part in the ranking at all. */
function takesPart(entry: ScoringEntry, ranking: RankingRule): boolean {
  if (ranking === 'votes') return true;
  return entry.estimate !== null && Number.isSafeInteger(entry.estimate) && entry.estimate >= 0;
}

/** The challenge's table: one row per club entry that took part, in place order. */
export function scoreChallenge(challenge: ScoringChallenge, entries: readonly ScoringEntry[]): StandingRowDto[] {
  const { ranking, rightAnswer } = challenge;
  if (ranking === 'closest' && (rightAnswer === null || !Number.isSafeInteger(rightAnswer))) throw new AnswerMissingError();
  const taking = entries.filter((entry) => takesPart(entry, ranking));
  const score = (entry: ScoringEntry): number => {
    switch (ranking) {
      case 'closest':
        return Math.abs(entry.estimate! - rightAnswer!);
      case 'highest':
        return -entry.estimate!;
      case 'votes':
        return -entry.votes;
    }
  };
  return placeItems(taking, score, (a, b) => compareClubs(a.club, b.club)).map(({ item, place }) => {
    const row: StandingRowDto = {
      club: item.club,
      points: pointsForPlace(challenge.points, place),
      place,
      challengeNumber: challenge.challengeNumber,
    };
    if (ranking === 'votes') {
      row.votes = item.votes;
      row.participationId = item.participationId;
      if (item.slogan !== null && challenge.objectTypeId === 'bfv-erd-text-vote') row.slogan = item.slogan;
      if (item.picture !== null && challenge.objectTypeId === 'bfv-erd-picture-vote') row.picture = item.picture;
    } else {
      row.estimate = item.estimate!;
      if (rightAnswer !== null) row.rightEstimate = rightAnswer;
    }
    return row;
  });
}

/**
 * The overall table from the published challenge tables of a year: points summed per club entry,
 * clubs without points left out, ties share a place. `clubOf` may give a club's current data (its
 * name or logo may have changed since a challenge was published); by default the latest row's.
 */
export function sumOverall(
  tables: readonly (readonly StandingRowDto[])[],
  clubOf: (clubId: string) => StandingClubDto | undefined = () => undefined,
): StandingRowDto[] {
  const totals = new Map<string, { club: StandingClubDto; points: number }>();
  for (const rows of tables) {
    for (const row of rows) {
      const total = totals.get(row.club._id);
      if (total) {
        total.points += row.points;
        total.club = row.club;
      } else totals.set(row.club._id, { club: row.club, points: row.points });
    }
  }
  const scored = [...totals.values()].filter((t) => t.points > 0).map((t) => ({ club: clubOf(t.club._id) ?? t.club, points: t.points }));
  return placeItems(
    scored,
    (t) => -t.points,
    (a, b) => compareClubs(a.club, b.club),
  ).map(({ item, place }) => ({
    club: item.club,
    points: item.points,
    place,
  }));
}
