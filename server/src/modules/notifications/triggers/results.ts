import { and, eq } from 'drizzle-orm';
import type { StandingRowDto } from '@erd/shared-contracts/wire';
import type { Db } from '../../../db/client.js';
import { resultVersions } from '../../../db/schema/index.js';
import type { TemplateParams } from '../templates/index.js';
import { queueToClubsEach, type TriggerCtx } from './common.js';

/**
 * 'Ergebnisse veröffentlicht' (issue 25, kind 'results'), queued in the publication's transaction:
 * per club of the published table its place, points, and its overall place and how that moved.
 * The occasion is the publication version, so a publication is mailed once; an operator's
 * correction (a later version) mails only the clubs whose place in the challenge changed (a club
 * that left the table, too), and says that the results were corrected.
 */

export type ResultMailParams = TemplateParams<'results-published'>;

const byClub = (rows: readonly StandingRowDto[] | null | undefined) => new Map((rows ?? []).map((row) => [row.club._id, row]));

/** The mails of one publication: which clubs get one and what each says (pure: the tests read it too). */
export function resultMails(input: {
  challengeId: string;
  version: number;
  rows: readonly StandingRowDto[];
  /** The version before (a correction); null for the first publication. */
  previousRows: readonly StandingRowDto[] | null;
  overallRows: readonly StandingRowDto[];
  /** The overall table before this publication (null: none yet). */
  previousOverallRows: readonly StandingRowDto[] | null;
}): Array<{ clubId: string; params: ResultMailParams }> {
  const now = byClub(input.rows);
  const before = input.previousRows ? byClub(input.previousRows) : null;
  const overall = byClub(input.overallRows);
  const overallBefore = byClub(input.previousOverallRows);
  const corrected = before !== null;
  const clubIds = corrected
    ? [...new Set([...now.keys(), ...before.keys()])].filter((id) => now.get(id)?.place !== before.get(id)?.place)
    : [...now.keys()];
  return clubIds.map((clubId) => {
    const row = now.get(clubId);
    const params: ResultMailParams = {
      challengeId: input.challengeId,
      version: input.version,
      corrected,
      place: row?.place ?? null,
      points: row?.points ?? null,
      participants: input.rows.length,
      previousPlace: corrected ? (before.get(clubId)?.place ?? null) : null,
      overallPlace: overall.get(clubId)?.place ?? null,
      overallPoints: overall.get(clubId)?.points ?? null,
      previousOverallPlace: overallBefore.get(clubId)?.place ?? null,
      ...(row?.votes !== undefined ? { votes: row.votes } : {}),
      ...(row?.estimate !== undefined ? { estimate: row.estimate } : {}),
      ...(row?.rightEstimate !== undefined ? { rightAnswer: row.rightEstimate } : {}),
    };
    return { clubId, params };
  });
}

/**
 * Called by `publishChallengeResults` after it wrote the challenge's version and the year's
 * overall version, in the same transaction.
 */
export async function notifyResultsPublished(
  ctx: TriggerCtx,
  db: Db,
  input: {
    challengeId: string;
    yearId: string;
    version: number;
    rows: readonly StandingRowDto[];
    previousRows: readonly StandingRowDto[] | null;
    overallVersion: number;
    overallRows: readonly StandingRowDto[];
  },
): Promise<number> {
  const [previousOverall] =
    input.overallVersion > 1
      ? await db
          .select({ rows: resultVersions.rows })
          .from(resultVersions)
          .where(
            and(
              eq(resultVersions.kind, 'overall'),
              eq(resultVersions.key, input.yearId),
              eq(resultVersions.version, input.overallVersion - 1),
            ),
          )
          .limit(1)
      : [];
  const mails = resultMails({
    ...input,
    previousRows: input.version > 1 ? input.previousRows : null,
    previousOverallRows: previousOverall?.rows ?? null,
  });
  return queueToClubsEach(ctx, db, {
    occasion: `results-published:${input.challengeId}:${input.version}`,
    kind: 'results',
    template: 'results-published',
    perClub: mails,
  });
}
