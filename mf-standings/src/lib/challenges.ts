import {
  challengeTimeState,
  type ChallengeDto,
  type ChallengeObjectTypeId,
  type IsoDate,
  type StandingRowDto,
} from '@erd/shared-contracts';

export const CHALLENGE_TYPE_LABELS: Record<ChallengeObjectTypeId, string> = {
  'bfv-erd-estimate': 'Schätzung',
  'bfv-erd-goals': 'Tore',
  'bfv-erd-picture-vote': 'Bild-Voting',
  'bfv-erd-text-vote': 'Spruch-Voting',
};

/** What a row of a challenge table says about the club's entry (small print), per challenge type. */
export const ENTRY_FIGURE_LABELS: Record<ChallengeObjectTypeId, string> = {
  'bfv-erd-estimate': 'Schätzung',
  'bfv-erd-goals': 'Tore',
  'bfv-erd-picture-vote': 'Stimmen',
  'bfv-erd-text-vote': 'Stimmen',
};

export interface EntryFigure {
  label: string;
  value: number;
}

/** The club's estimate (estimate, goals) or its counted votes (vote types); null when the row has none. */
export function entryFigure(type: ChallengeObjectTypeId, row: StandingRowDto): EntryFigure | null {
  const value = type === 'bfv-erd-estimate' || type === 'bfv-erd-goals' ? row.estimate : row.votes;
  return typeof value === 'number' && Number.isFinite(value) ? { label: ENTRY_FIGURE_LABELS[type], value } : null;
}

export interface NumberedChallenge {
  challenge: ChallengeDto;
  /** #n = position in the year's list + 1 (spec §9, decisions §4). */
  number: number;
}

/**
 * A challenge as a table page shows it: of the current season (its space data `dto`, which says
 * when its results come) or of an ended season (from GET /api/public/seasons, issue 26).
 */
export interface TableChallenge {
  id: string;
  number: number;
  objectTypeId: ChallengeObjectTypeId;
  headline: string;
  startDate: IsoDate;
  endDate: IsoDate;
  dto?: ChallengeDto;
}

export const tableChallenge = ({ challenge, number }: NumberedChallenge): TableChallenge => ({
  id: challenge.sys.id,
  number,
  objectTypeId: challenge.sys.objectTypeId,
  headline: challenge.fields.headline,
  startDate: challenge.fields.startDate,
  endDate: challenge.fields.endDate,
  dto: challenge,
});

/** The year's finished challenges with their #n, in the year's order. */
export function finishedChallenges(challenges: readonly ChallengeDto[], today?: IsoDate): NumberedChallenge[] {
  return challenges
    .map((challenge, index) => ({ challenge, number: index + 1 }))
    .filter(({ challenge }) => challengeTimeState(challenge, today) === 'finished');
}

/** Rows of a results file in place order (stable: ties keep the file's order). Anything but an array counts as no rows. */
export function sortedRows(rows: unknown): StandingRowDto[] {
  if (!Array.isArray(rows)) return [];
  return (rows as StandingRowDto[])
    .filter((row) => row && typeof row === 'object' && row.club && typeof row.club._id === 'string')
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.place - b.row.place || a.index - b.index)
    .map(({ row }) => row);
}
