import { berlinToday, thumbnailUrl, type StandingRowDto } from '@erd/shared-contracts/wire';
import type { MyEntriesDto, MyEntryDto } from '@erd/shared-contracts/schemas';
import type { AppContext } from '../../context.js';
import { ForbiddenError } from '../../errors.js';
import * as repo from './repository.js';

/**
 * 'Meine Teilnahmen' (issue 24): what the member's club sent in the current season. Per challenge
 * the club took part in: its current entry (pending or published), or else its latest rejection
 * from the audit log (the entry itself is deleted, decisions §4) with the operator's reason; the
 * votes of a published slogan or picture; the place and points from the published table. Nothing
 * of another club, and no right answer that the public table does not show yet.
 */

type Ctx = Pick<AppContext, 'db' | 'now'>;

const MESSAGES = { noClub: 'Zu diesem Konto gehört kein Verein.' } as const;

const isVoteType = (type: string) => type === 'bfv-erd-text-vote' || type === 'bfv-erd-picture-vote';

function challengeOf(c: repo.SeasonChallenge, number: number, today: string, result: { published: boolean }): MyEntryDto['challenge'] {
  const vote = isVoteType(c.objectTypeId);
  const submissionOpen = vote
    ? !!c.startDateSubmission && !!c.endDateSubmission && c.startDateSubmission <= today && today <= c.endDateSubmission
    : c.startDate <= today && today <= c.endDate;
  const lastDay = vote && c.endDateVoting && c.endDateVoting < c.endDate ? c.endDateVoting : c.endDate;
  return {
    id: c.id,
    number,
    headline: c.headline,
    type: c.objectTypeId,
    submissionOpen,
    ended: today > lastDay,
    resultsPublished: result.published,
    resultsDate: result.published ? null : c.resultsDate,
  };
}

function resultOf(published: boolean, row: StandingRowDto | null): MyEntryDto['result'] {
  if (!published) return null;
  if (!row) return { place: null, points: 0, rightAnswer: null };
  return { place: row.place, points: row.points, rightAnswer: row.rightEstimate ?? null };
}

/** GET /api/me/participations: see the module comment. */
export async function listMyEntries({ ctx, input }: { ctx: Ctx; input: { sub: string } }): Promise<MyEntriesDto> {
  const clubId = await repo.findClubIdOf(ctx.db, input.sub);
  if (!clubId) throw new ForbiddenError(MESSAGES.noClub);
  const yearId = await repo.findCurrentYearId(ctx.db);
  if (!yearId) return { yearId: null, entries: [] };
  const season = await repo.listChallengesOfYear(ctx.db, yearId);
  const ids = season.map((c) => c.id);
  const [entries, rejections, published] = await Promise.all([
    repo.listEntriesOfClub(ctx.db, clubId, ids),
    repo.listRejectionsOfClub(ctx.db, clubId, ids),
    repo.listPublishedRowsOfClub(ctx.db, yearId, clubId),
  ]);
  const entryOf = new Map(entries.map((e) => [e.challengeId, e]));
  const rejectionOf = new Map<string, repo.Rejection>();
  for (const r of rejections) if (!rejectionOf.has(r.challengeId)) rejectionOf.set(r.challengeId, r);
  const tableOf = new Map(published.map((p) => [p.challengeId, p.row]));
  const today = berlinToday(ctx.now());

  return {
    yearId,
    entries: season.flatMap((c, index): MyEntryDto[] => {
      const entry = entryOf.get(c.id);
      const rejection = rejectionOf.get(c.id);
      if (!entry && !rejection) return [];
      const resultsPublished = tableOf.has(c.id);
      const challenge = challengeOf(c, index + 1, today, { published: resultsPublished });
      const estimateType = !isVoteType(c.objectTypeId);
      if (!entry) {
        return [
          {
            challenge,
            participationId: null,
            state: 'rejected',
            rejectionReason: rejection!.reason,
            estimate: null,
            slogan: c.objectTypeId === 'bfv-erd-text-vote' ? rejection!.slogan : null,
            picture: null,
            votes: null,
            result: null,
            at: rejection!.at.toISOString(),
          },
        ];
      }
      const state = entry.state === 'published' ? 'published' : entry.state === 'rejected' ? 'rejected' : 'pending';
      return [
        {
          challenge,
          participationId: entry.id,
          state,
          rejectionReason: null,
          estimate: estimateType ? entry.estimate : null,
          slogan: c.objectTypeId === 'bfv-erd-text-vote' ? entry.slogan : null,
          picture: c.objectTypeId === 'bfv-erd-picture-vote' ? thumbnailUrl(entry.image, 'w320') || null : null,
          votes: !estimateType && state === 'published' ? entry.votes : null,
          result: state === 'published' ? resultOf(resultsPublished, tableOf.get(c.id) ?? null) : null,
          at: entry.createdAt.toISOString(),
        },
      ];
    }),
  };
}
