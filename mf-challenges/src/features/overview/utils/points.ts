import type { ChallengeDto, PointsRowDto } from '@erd/shared-contracts';

/** '1. Platz', '6.–10. Platz', or for the open last row 'Jeder weitere teilnehmende Verein'. */
export function placeLabel(row: PointsRowDto): string {
  if (row.toPlace === null) return 'Jeder weitere teilnehmende Verein';
  if (row.toPlace === row.fromPlace) return `${row.fromPlace}. Platz`;
  return `${row.fromPlace}.–${row.toPlace}. Platz`;
}

export function pointsLabel(points: number): string {
  return `${points} ${points === 1 ? 'Punkt' : 'Punkte'}`;
}

/** Rows by place, the open "every other club" row last. */
export function sortedRows(rows: readonly PointsRowDto[]): PointsRowDto[] {
  return [...rows].sort((a, b) => {
    if (a.toPlace === null) return 1;
    if (b.toPlace === null) return -1;
    return a.fromPlace - b.fromPlace;
  });
}

const sameTable = (a: readonly PointsRowDto[], b: readonly PointsRowDto[]) => {
  const x = sortedRows(a);
  const y = sortedRows(b);
  return (
    x.length === y.length &&
    x.every((row, i) => row.fromPlace === y[i]!.fromPlace && row.toPlace === y[i]!.toPlace && row.points === y[i]!.points)
  );
};

export interface PointsTable {
  /** The challenge the table belongs to; absent when every challenge shares it. */
  challenge?: { number: number; headline: string };
  rows: PointsRowDto[];
}

/** One table when all challenges share it, otherwise one per challenge (with its #n). */
export function pointsTables(challenges: readonly ChallengeDto[]): PointsTable[] {
  const withPoints = challenges
    .map((challenge, index) => ({ challenge, number: index + 1 }))
    .filter(({ challenge }) => (challenge.fields.points ?? []).length > 0);
  if (withPoints.length === 0) return [];
  const first = withPoints[0]!.challenge.fields.points;
  if (withPoints.every(({ challenge }) => sameTable(challenge.fields.points, first))) {
    return [{ rows: sortedRows(first) }];
  }
  return withPoints.map(({ challenge, number }) => ({
    challenge: { number, headline: challenge.fields.headline },
    rows: sortedRows(challenge.fields.points),
  }));
}
